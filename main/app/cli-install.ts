// Help > Install Command Line Tool (macOS and Windows; the deb does it at install: build/linux/after-install.sh).
// The app ships a `mediadeck` wrapper in resources/bin (build/cli/) that starts its executable in --cli mode
// (./cli-mode.ts); this puts that wrapper on the PATH:
// - macOS: a symlink /usr/local/bin/mediadeck, made with an administrator prompt when the folder is not writable
//   (as editors install their shell commands);
// - Windows: resources\bin added to the user's PATH (HKCU, no elevation), read by terminals opened afterwards.
// Its dependencies are passed in, so the tests run it on real files with fake programs.
import { execFile } from 'node:child_process'
import { lstat, mkdir, symlink, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Translate } from '../../common/messages/index'

export interface CliInstallDeps {
  platform: NodeJS.Platform
  /** process.resourcesPath of the packaged app. */
  resourcesPath: string
  /** Runs a program without a shell; resolves with its stdout, rejects when it fails (default: execFile). */
  run?(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string>
  /** macOS: where the link goes (default /usr/local/bin, on the PATH of every macOS shell). */
  linkDir?: string
  fs?: { lstat: typeof lstat; mkdir: typeof mkdir; symlink: typeof symlink; unlink: typeof unlink }
}

async function runProgram(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, windowsHide: true }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
}

export type CliInstallResult =
  | {
      ok: true
      /** The link made (macOS) or the folder added to PATH (Windows). */ where: string
      already: boolean
    }
  | { ok: false; reason: string }

/** Whether the platform gets the menu item: Linux has the deb's /usr/bin/mediadeck instead. */
export function offersCliInstall(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32'
}

export async function installCommandLineTool(deps: CliInstallDeps): Promise<CliInstallResult> {
  try {
    if (deps.platform === 'darwin') return await installMacLink(deps)
    if (deps.platform === 'win32') return await addWindowsUserPath(deps)
    return { ok: false, reason: `not offered on ${deps.platform}` }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message.split('\n')[0]! : String(error) }
  }
}

async function installMacLink(deps: CliInstallDeps): Promise<CliInstallResult> {
  const fs = deps.fs ?? { lstat, mkdir, symlink, unlink }
  const wrapper = join(deps.resourcesPath, 'bin', 'mediadeck')
  const dir = deps.linkDir ?? '/usr/local/bin'
  const link = join(dir, 'mediadeck')
  const existing = await fs.lstat(link).catch(() => null)
  // A file of another program under that name is not ours to replace.
  if (existing && !existing.isSymbolicLink()) return { ok: false, reason: `${link} exists and is not a link` }
  try {
    await fs.mkdir(dir, { recursive: true })
    if (existing) await fs.unlink(link)
    await fs.symlink(wrapper, link)
    return { ok: true, where: link, already: false }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EACCES' && code !== 'EPERM') throw error
  }
  // /usr/local/bin belongs to root on a Mac without Homebrew: ask for an administrator, once, for this one link.
  const command = `mkdir -p ${shellQuote(dir)} && ln -sf ${shellQuote(wrapper)} ${shellQuote(link)}`
  await (deps.run ?? runProgram)('/usr/bin/osascript', [
    '-e',
    `do shell script "${appleScriptString(command)}" with administrator privileges`,
  ])
  return { ok: true, where: link, already: false }
}

/** PowerShell reads the folder from the environment, so no path is ever spliced into its script. */
const WINDOWS_PATH_SCRIPT = [
  '$dir = $env:MEDIADECK_CLI_DIR',
  "$path = [Environment]::GetEnvironmentVariable('Path', 'User')",
  "$parts = @(($path -split ';') | Where-Object { $_ -ne '' })",
  "if ($parts -contains $dir) { 'present' } else {",
  "  [Environment]::SetEnvironmentVariable('Path', (($parts + $dir) -join ';'), 'User'); 'added' }",
].join('\n')

async function addWindowsUserPath(deps: CliInstallDeps): Promise<CliInstallResult> {
  const dir = join(deps.resourcesPath, 'bin')
  const answer = await (deps.run ?? runProgram)(
    'powershell.exe',
    ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', WINDOWS_PATH_SCRIPT],
    { ...process.env, MEDIADECK_CLI_DIR: dir },
  )
  return { ok: true, where: dir, already: answer.trim() === 'present' }
}

/** A word for sh, whatever it holds. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

function appleScriptString(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')
}

export interface CliInstallDialogDeps extends CliInstallDeps {
  tr: Translate
  /** Electron's dialog.showMessageBox, over the window when there is one. */
  showMessage(options: { type: 'info' | 'error'; message: string; detail: string }): Promise<unknown>
  log: { info(...args: unknown[]): void; warn(...args: unknown[]): void }
}

/** The menu item's whole action: install, then say what happened. */
export async function installCommandLineToolFromMenu(deps: CliInstallDialogDeps): Promise<CliInstallResult> {
  const result = await installCommandLineTool(deps)
  if (result.ok) {
    deps.log.info('command line tool installed', result.where)
    await deps.showMessage({
      type: 'info',
      message: deps.tr('cliInstall.doneTitle'),
      detail: deps.tr('cliInstall.doneDetail', { where: result.where }),
    })
  } else {
    deps.log.warn('command line tool not installed', result.reason)
    await deps.showMessage({
      type: 'error',
      message: deps.tr('cliInstall.failedTitle'),
      detail: result.reason,
    })
  }
  return result
}
