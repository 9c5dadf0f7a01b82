// The one place that loads the SQLite binding: Node's built-in `node:sqlite` (docs/data-layer.md says why it
// was chosen over better-sqlite3). Everything else imports the types and `openSqlite` from here, so a binding
// that fails to load (it regressed once in Electron 37.2.0: "No such binding: sqlite", electron/electron#47671)
// is found by `checkSqliteBinding()` at start-up and said plainly, instead of crashing the first module that
// touches the disk.
import { createRequire } from 'node:module'
import type * as NodeSqlite from 'node:sqlite'
import type { DatabaseSync, StatementSync } from 'node:sqlite'

export type { DatabaseSync, StatementSync }

type SqliteModule = typeof NodeSqlite

let loaded: SqliteModule | undefined

/**
 * Loads `node:sqlite` once. Node prints an ExperimentalWarning the first time the module loads; the CLI's
 * stderr is a contract (one clear line per error), so that single warning is kept from being printed while
 * every other warning still is.
 */
function sqlite(): SqliteModule {
  if (loaded) return loaded
  const emitWarning = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (/SQLite is an experimental feature/.test(text)) return
    ;(emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    loaded = createRequire(import.meta.url)('node:sqlite') as SqliteModule
  } finally {
    process.emitWarning = emitWarning
  }
  return loaded
}

export interface SqliteBindingStatus {
  ok: boolean
  /** SQLite's own version, when it loaded. */
  version?: string
  /** Why it could not load, in words for a dialog or a log. */
  problem?: string
}

/** Loads the binding and runs one query: what main checks before opening any window. */
export function checkSqliteBinding(): SqliteBindingStatus {
  try {
    const db = new (sqlite().DatabaseSync)(':memory:')
    try {
      const row = db.prepare('SELECT sqlite_version() AS version').get()
      return { ok: true, version: String(row?.version) }
    } finally {
      db.close()
    }
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
}

export function openSqlite(file: string, options: { timeoutMs: number }): DatabaseSync {
  return new (sqlite().DatabaseSync)(file, { timeout: options.timeoutMs, enableForeignKeyConstraints: true })
}

/** SQLite's primary result codes that the data layer acts on (https://sqlite.org/rescode.html). */
export const SQLITE_CODES = { BUSY: 5, LOCKED: 6, IOERR: 10, CORRUPT: 11, FULL: 13, NOTADB: 26 } as const

/** The primary result code of an error thrown by node:sqlite, or undefined for any other error. */
export function sqliteCode(error: unknown): number | undefined {
  const errcode = (error as { errcode?: unknown } | undefined)?.errcode
  return typeof errcode === 'number' ? errcode & 0xff : undefined
}
