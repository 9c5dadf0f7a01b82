// One logger shape for the host, and the redaction (main/core/redaction.ts) every log line goes through:
// secrets the app learns (profile credentials, the browser-mode token) and anything that looks like
// credentials are replaced before a transport sees them. electron-log writes the file in both the app and
// plain Node.
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { NodeLogger } from 'electron-log'
import type { Logger } from '../core/ports'
import type { Redactor } from '../core/redaction'

export { createRedactor, type Redactor } from '../core/redaction'

export type { Logger } from '../core/ports'

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} }

/** Wires an electron-log instance (main or node flavour) to a file and the redactor. */
export function configureElectronLog(log: NodeLogger, options: { file: string; redactor: Redactor }): Logger {
  log.transports.file.resolvePathFn = () => options.file
  // The log names files and profiles: the user's alone, as the data folder is (docs/security.md). A file
  // written before with a wider mode is tightened; electron-log creates a new one (after a rotation) 0600.
  log.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  if (process.platform !== 'win32') {
    try {
      mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 })
      if (existsSync(options.file)) chmodSync(options.file, 0o600)
    } catch {
      // A data folder that cannot hold the log (a file where the folder should be, a read-only disk) is named
      // with its reason by the database's open, which start-up reports in a dialog: the log must not stop it first.
    }
  }
  log.transports.file.level = 'info'
  log.transports.console.level = process.env.MEDIADECK_LOG_CONSOLE ? 'debug' : false
  log.hooks.push((message) => ({ ...message, data: message.data.map((d) => options.redactor.redact(d)) }))
  return {
    info: (...data) => log.info(...data),
    warn: (...data) => log.warn(...data),
    error: (...data) => log.error(...data),
    debug: (...data) => log.debug(...data),
  }
}
