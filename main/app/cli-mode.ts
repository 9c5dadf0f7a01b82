// `Mediadeck --cli <command> …`: the installed app's executable as the command-line tool. Same commands, options
// and exit codes as the npm bin (main/cli/run-cli.ts), but the profile the app saved opens with its secret,
// which only the app can decrypt (safeStorage: Keychain, DPAPI, libsecret). The deb's /usr/bin/mediadeck and the
// "Install command line tool" menu item (./cli-install.ts) run this. No window, no single-instance lock (any
// number of CLI runs may share the data folder with the running app), no tray; it exits with the command's code.
// This mode starts Electron, so the CLI's speed targets are the npm bin's, not this one's.
import { app, safeStorage } from 'electron'
import type { CliIo } from '../cli/context'
import { processIo } from '../cli/process-io'
import { envProfileResolver, firstProfile } from '../cli/profile'
import { createSafeStorageCipher } from '../core/profiles/secret-cipher'

export const CLI_FLAG = '--cli'

/** The CLI's arguments when the app was started with `--cli` (after the app path, from a checkout), else null. */
export function cliArguments(argv: readonly string[]): string[] | null {
  const at = argv.indexOf(CLI_FLAG)
  return at === -1 ? null : argv.slice(at + 1)
}

/**
 * Runs the CLI and exits when argv asks for it, and says so (true): the caller then starts nothing else. Call
 * first thing, before any window, lock or tray.
 */
export function startCliMode(argv: readonly string[], io: () => CliIo = processIo): boolean {
  const args = cliArguments(argv)
  if (args === null) return false
  const cliIo = io()
  // A command-line run draws nothing: no GPU process, no dock icon.
  app.disableHardwareAcceleration()
  app.dock?.hide()
  // As the app does: MEDIADECK_DATA_DIR moves its data folder, the saved profiles included.
  if (cliIo.env.MEDIADECK_DATA_DIR) app.setPath('userData', cliIo.env.MEDIADECK_DATA_DIR)
  void runCliMode(args, cliIo).then(
    (code) => exitAfterOutput(cliIo, code),
    (error: unknown) => {
      cliIo.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
      exitAfterOutput(cliIo, 1)
    },
  )
  return true
}

async function runCliMode(args: string[], io: CliIo): Promise<number> {
  // safeStorage can decrypt only once the app is ready (on Linux it asks the keyring then).
  await app.whenReady()
  const [{ runCli }, { createSavedProfileResolver }] = await Promise.all([
    import('../cli/run-cli'),
    import('../cli/saved-profile'),
  ])
  const cipher = createSafeStorageCipher(safeStorage)
  const env = { ...io.env, MEDIADECK_DATA_DIR: io.env.MEDIADECK_DATA_DIR || app.getPath('userData') }
  return runCli(args, {
    ...io,
    env,
    program: 'mediadeck',
    resolveProfile: firstProfile(
      envProfileResolver,
      createSavedProfileResolver({ decryptSecret: (cipherText) => cipher.decrypt(cipherText) }),
    ),
  })
}

/** Exits once what was written to stdout and stderr has been handed to the OS (app.exit does not wait). */
function exitAfterOutput(io: CliIo, code: number): void {
  let pending = 2
  const done = (): void => {
    if (--pending === 0) app.exit(Number(process.exitCode) || code)
  }
  io.stdout.write('', done)
  io.stderr.write('', done)
}
