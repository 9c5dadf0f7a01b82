// Putting `mediadeck` on the PATH: the menu item's installer (real links in a temporary folder, fake
// osascript and PowerShell), the wrapper script the packages ship (run by sh in the layouts of the deb and of
// macOS), and the packaging settings that ship it, read by electron-builder's own loader and schema check.
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { lstat, mkdir, unlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { t } from '../../../common/messages/index'
import {
  installCommandLineTool,
  installCommandLineToolFromMenu,
  offersCliInstall,
  shellQuote,
} from '../../../main/app/cli-install'
import { buildMenuTemplate } from '../../../main/app/menu'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-install-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const WRAPPER = 'build/cli/mediadeck'

describe('Install Command Line Tool', () => {
  it('on macOS links /usr/local/bin/mediadeck to the wrapper, replacing its own link but not a stranger', async () => {
    const linkDir = join(dir, 'usr-local-bin')
    const resourcesPath = '/Applications/Mediadeck.app/Contents/Resources'
    const deps = {
      platform: 'darwin' as const,
      resourcesPath,
      linkDir,
      run: () => Promise.reject(new Error('no')),
    }
    expect(await installCommandLineTool(deps)).toEqual({
      ok: true,
      where: join(linkDir, 'mediadeck'),
      already: false,
    })
    expect(readlinkSync(join(linkDir, 'mediadeck'))).toBe(join(resourcesPath, 'bin', 'mediadeck'))
    // Installed again (say, after the app moved): the old link is replaced.
    expect(
      await installCommandLineTool({ ...deps, resourcesPath: '/Users/me/Mediadeck.app/Contents/Resources' }),
    ).toMatchObject({ ok: true })
    expect(readlinkSync(join(linkDir, 'mediadeck'))).toBe(
      '/Users/me/Mediadeck.app/Contents/Resources/bin/mediadeck',
    )

    unlinkSync(join(linkDir, 'mediadeck'))
    writeFileSync(join(linkDir, 'mediadeck'), 'another program')
    expect(await installCommandLineTool(deps)).toEqual({
      ok: false,
      reason: `${join(linkDir, 'mediadeck')} exists and is not a link`,
    })
    expect(readFileSync(join(linkDir, 'mediadeck'), 'utf8')).toBe('another program')
  })

  it('on macOS asks for an administrator when the folder is not writable, with every path quoted', async () => {
    const runs: string[][] = []
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
    const result = await installCommandLineTool({
      platform: 'darwin',
      resourcesPath: `/Applications/Bob's "Apps"/Mediadeck.app/Contents/Resources`,
      linkDir: join(dir, 'bin'),
      fs: { lstat, mkdir, unlink, symlink: () => Promise.reject(denied) },
      run: async (file, args) => {
        runs.push([file, ...args])
        return ''
      },
    })
    expect(result).toMatchObject({ ok: true })
    expect(runs).toHaveLength(1)
    expect(runs[0]!.slice(0, 2)).toEqual(['/usr/bin/osascript', '-e'])
    // The AppleScript string holds the sh command; undo its escaping, then run that command with sh for real.
    const script = runs[0]![2]!
    const match = /^do shell script "(.*)" with administrator privileges$/.exec(script)!
    const command = match[1]!.replaceAll('\\"', '"').replaceAll('\\\\', '\\')
    expect(spawnSync('sh', ['-c', command]).status).toBe(0)
    expect(readlinkSync(join(dir, 'bin', 'mediadeck'))).toBe(
      `/Applications/Bob's "Apps"/Mediadeck.app/Contents/Resources/bin/mediadeck`,
    )
  })

  it("on Windows adds resources\\bin to the user's PATH once, the folder passed to PowerShell by the environment", async () => {
    const seen: Array<{ file: string; args: string[]; dir?: string }> = []
    let answer = 'added'
    const deps = {
      platform: 'win32' as const,
      resourcesPath: 'C:\\Program Files\\Mediadeck\\resources',
      run: async (file: string, args: string[], env?: NodeJS.ProcessEnv) => {
        seen.push({ file, args, dir: env?.MEDIADECK_CLI_DIR })
        return `${answer}\r\n`
      },
    }
    expect(await installCommandLineTool(deps)).toMatchObject({ ok: true, already: false })
    answer = 'present'
    expect(await installCommandLineTool(deps)).toMatchObject({ ok: true, already: true })
    expect(seen[0]!.file).toBe('powershell.exe')
    expect(seen[0]!.dir).toBe(join(deps.resourcesPath, 'bin'))
    expect(seen[0]!.args.join(' ')).not.toContain('Program Files')
    expect(seen[0]!.args.at(-1)).toContain("SetEnvironmentVariable('Path'")
  })

  it('says why it failed, in the dialog, and is offered on macOS and Windows only', async () => {
    const shown: unknown[] = []
    const result = await installCommandLineToolFromMenu({
      platform: 'win32',
      resourcesPath: 'C:\\Mediadeck\\resources',
      run: () => Promise.reject(new Error('powershell.exe not found\nstack')),
      tr: (key, params) => t('id', key, params),
      log: { info: () => undefined, warn: () => undefined },
      showMessage: async (options) => void shown.push(options),
    })
    expect(result).toEqual({ ok: false, reason: 'powershell.exe not found' })
    expect(shown).toEqual([
      {
        type: 'error',
        message: 'Alat baris perintah tidak dapat dipasang',
        detail: 'powershell.exe not found',
      },
    ])
    expect([offersCliInstall('darwin'), offersCliInstall('win32'), offersCliInstall('linux')]).toEqual([
      true,
      true,
      false,
    ])
  })

  it('is an item of the Help menu on macOS and Windows, not on Linux', () => {
    let clicked = 0
    const actions = {
      addFiles: () => undefined,
      openLogs: () => undefined,
      openWebsite: () => undefined,
      installCommandLineTool: () => void clicked++,
    }
    const helpItems = (platform: NodeJS.Platform) => {
      const help = buildMenuTemplate(platform, 'Mediadeck', actions, (k, p) => t('id', k, p)).find(
        (m) => m.role === 'help',
      )!
      return help.submenu as Array<{ label?: string; click?: () => void }>
    }
    for (const platform of ['darwin', 'win32'] as const) {
      const item = helpItems(platform).find((i) => i.label === 'Pasang Alat Baris Perintah…')!
      item.click!()
    }
    expect(clicked).toBe(2)
    expect(helpItems('linux').some((i) => i.label?.startsWith('Pasang Alat'))).toBe(false)
  })
})

describe('the mediadeck wrapper the packages ship', () => {
  /** A fake app executable that prints its arguments, one a line, and exits with MEDIADECK_FAKE_EXIT. */
  function fakeApp(path: string): void {
    mkdirSync(join(path, '..'), { recursive: true })
    writeFileSync(path, '#!/bin/sh\nfor a in "$@"; do echo "$a"; done\nexit "${MEDIADECK_FAKE_EXIT:-0}"\n')
    chmodSync(path, 0o755)
  }
  function install(resourcesBin: string, link: string): void {
    mkdirSync(resourcesBin, { recursive: true })
    copyFileSync(WRAPPER, join(resourcesBin, 'mediadeck'))
    chmodSync(join(resourcesBin, 'mediadeck'), 0o755)
    mkdirSync(join(link, '..'), { recursive: true })
    symlinkSync(join(resourcesBin, 'mediadeck'), link)
  }

  it("runs the deb's app in --cli mode through /usr/bin's link, arguments and exit code intact", () => {
    fakeApp(join(dir, 'opt/Mediadeck/mediadeck'))
    install(join(dir, 'opt/Mediadeck/resources/bin'), join(dir, 'usr/bin/mediadeck'))
    const r = spawnSync(join(dir, 'usr/bin/mediadeck'), ['upload', 'my file.mov', '--json'], {
      encoding: 'utf8',
      env: { ...process.env, MEDIADECK_FAKE_EXIT: '2' },
    })
    expect(r.stdout).toBe('--cli\nupload\nmy file.mov\n--json\n')
    expect(r.status).toBe(2)
  })

  it("runs the macOS app bundle's executable, through a relative link too", () => {
    const contents = join(dir, 'Applications/Mediadeck.app/Contents')
    fakeApp(join(contents, 'MacOS/Mediadeck'))
    install(join(contents, 'Resources/bin'), join(dir, 'usr/local/bin/mediadeck'))
    symlinkSync('../usr/local/bin/mediadeck', join(dir, 'usr/relative-link'))
    const r = spawnSync(join(dir, 'usr/relative-link'), ['stats'], { encoding: 'utf8' })
    expect(r).toMatchObject({ status: 0, stdout: '--cli\nstats\n' })
  })

  it('quotes any path for sh', () => {
    expect(
      spawnSync('sh', ['-c', `printf %s ${shellQuote(`it's "here" $HOME`)}`], { encoding: 'utf8' }).stdout,
    ).toBe(`it's "here" $HOME`)
  })
})

interface Resource {
  from: string
  to: string
}
interface PackagingConfig {
  /** electron-builder's loader turns the list into one entry of filters. */
  files: Array<string | { filter: string[] }>
  extraResources: Resource[]
  linux: { extraResources: Resource[] }
  mac: { extraResources: Resource[] }
  win: { extraResources: Resource[] }
  deb: Record<string, unknown>
}

describe('packaging of the command line tool', () => {
  const require = createRequire(import.meta.url)
  const builder = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null): Promise<PackagingConfig>
    validateConfiguration(config: unknown, log: { isEnabled: boolean; add(): void }): Promise<void>
  }

  it('ships the wrapper in resources/bin on each platform, and the deb scripts that link it', async () => {
    const config = await builder.getConfig(process.cwd(), null)
    await builder.validateConfiguration(config, { isEnabled: false, add: () => undefined })
    expect(config.linux.extraResources).toContainEqual({ from: 'build/cli/mediadeck', to: 'bin/mediadeck' })
    expect(config.mac.extraResources).toContainEqual({ from: 'build/cli/mediadeck', to: 'bin/mediadeck' })
    expect(config.win.extraResources).toContainEqual({
      from: 'build/cli/mediadeck.cmd',
      to: 'bin/mediadeck.cmd',
    })
    expect(config.deb).toMatchObject({
      afterInstall: 'build/linux/after-install.sh',
      afterRemove: 'build/linux/after-remove.sh',
    })
    // The npm package of the CLI stays out of the app: main carries the CLI for --cli.
    expect(config.files.flatMap((f) => (typeof f === 'string' ? [f] : f.filter))).toContain('!out/cli/**')
    // The tray icon of the top-level list is still shipped: electron-builder adds the platforms' entries to it.
    expect(config.extraResources).toContainEqual({ from: 'build/icons/32x32.png', to: 'tray.png' })
  })

  it('links /usr/bin/mediadeck to the wrapper and back out, in scripts electron-builder can fill in', () => {
    // electron-builder's macros for these scripts (FpmTarget.js); an unknown one fails the build.
    const macros: Record<string, string> = {
      executable: 'mediadeck',
      sanitizedProductName: 'Mediadeck',
      productFilename: 'Mediadeck',
    }
    const render = (file: string) =>
      readFileSync(file, 'utf8').replace(/\${([a-zA-Z]+)}/g, (_m, name: string) => {
        if (!(name in macros)) throw new Error(`Macro ${name} is not defined`)
        return macros[name]!
      })
    const install = render('build/linux/after-install.sh')
    const remove = render('build/linux/after-remove.sh')
    expect(install).toContain("CLI='/opt/Mediadeck/resources/bin/mediadeck'")
    expect(install).toContain(`update-alternatives --install '/usr/bin/mediadeck' 'mediadeck' "$CLI" 100`)
    expect(install).toContain(`ln -sf "$CLI" '/usr/bin/mediadeck'`)
    expect(install).not.toMatch(/ln -sf '\/opt\/Mediadeck\/mediadeck'/)
    expect(remove).toContain(
      "update-alternatives --remove 'mediadeck' '/opt/Mediadeck/resources/bin/mediadeck'",
    )
    for (const script of [install, remove]) {
      expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0)
    }
    const cmd = readFileSync('build/cli/mediadeck.cmd', 'utf8')
    expect(cmd).toContain('"%~dp0..\\..\\Mediadeck.exe" --cli %*')
  })
})
