// What the Electron main does when something fails outside any handler: an exception nobody caught, a promise
// nobody awaited, a child process (GPU, utility, a renderer) that died, and a start-up that failed. Each is
// logged (main.log is what a person sends with a report); a failed start-up also tells the person, then
// exits, releasing the single-instance lock: a windowless process holding the lock would make every later
// start of the app quit at once, looking dead.
import { app, dialog } from 'electron'
import { resolveMessageLocale, t } from '../../common/messages/index'
import type { Logger } from '../core/ports'

type ProcessEvents = Pick<NodeJS.Process, 'on'>

/**
 * Logs uncaught exceptions, unhandled rejections and child processes that went away. As with Electron's own
 * handler, the app keeps running after an uncaught exception: it is logged rather than shown in a dialog.
 */
export function installProcessGuards(log: Logger, proc: ProcessEvents = process): void {
  proc.on('uncaughtException', (error) => log.error('uncaught exception in main', error))
  proc.on('unhandledRejection', (reason) => log.error('unhandled promise rejection in main', reason))
  app.on('child-process-gone', (_event, details) => {
    // A clean exit of a helper is routine; anything else is worth a line.
    if (details.reason === 'clean-exit') return
    const name = details.name ?? details.serviceName ?? details.type
    log.error(
      `child process ${name} (${details.type}) is gone: ${details.reason}, exit code ${details.exitCode}`,
    )
  })
}

/** Shows why the app could not start, then exits with status 1, the lock released. */
export function failStartup(error: unknown, options: { log: Logger; logFile: string }): void {
  options.log.error('start-up failed', error)
  const locale = resolveMessageLocale(undefined, app.getLocale())
  const reason = error instanceof Error ? error.message : String(error)
  try {
    dialog.showErrorBox(
      t(locale, 'crash.startFailed'),
      t(locale, 'crash.startFailedBody', { reason, logFile: options.logFile }),
    )
  } catch (dialogError) {
    options.log.error('could not show the start-up failure', dialogError)
  } finally {
    app.releaseSingleInstanceLock()
    app.exit(1)
  }
}

/** Ends the app through failStartup when `started` (the whenReady chain) rejects. */
export function exitIfStartupFails(
  started: Promise<unknown>,
  options: { log: Logger; logFile: string },
): void {
  started.catch((error: unknown) => failStartup(error, options))
}
