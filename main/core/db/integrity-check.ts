// The database file's integrity check in the background (docs/data-layer.md, "When the file is checked"):
// PRAGMA quick_check reads every page, so the app runs it on a worker thread's own read-only connection after
// a clean close instead of before its first screen. Damage found is said and marked beside the file; the next
// open checks first and sets the file aside (database.ts).
import { statSync, writeFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { AppDatabase, DatabaseNotice } from './database'
import { SQLITE_CODES } from './sqlite'

/** Left beside the file by a background check that found damage: the next open checks first, and sets aside. */
export const CHECK_FAILED_SUFFIX = '.check-failed'

/** Whether a write-ahead log is left: SQLite removes it on the last clean close, so a crash leaves one. */
export function hasLog(file: string): boolean {
  try {
    return statSync(file + '-wal').size > 0
  } catch {
    return false
  }
}

// Plain CommonJS for an eval'd worker: the same code runs from tsx, the CLI bundle and Electron's main bundle.
const QUICK_CHECK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
let answer
try {
  const { DatabaseSync } = require('node:sqlite')
  const db = new DatabaseSync(workerData.file, { readOnly: true, timeout: 5000 })
  try {
    answer = { result: db.prepare('PRAGMA quick_check(1)').get().quick_check }
  } finally {
    db.close()
  }
} catch (error) {
  answer = { error: String((error && error.message) || error), errcode: error && error.errcode }
}
parentPort.postMessage(answer)
`

/**
 * Runs PRAGMA quick_check on a connection of a worker thread. Damage found is said (the `damaged` notice of
 * checked()) and marked beside the file, so the next open checks first and sets it aside; a check that could
 * not run (the worker failed to start, the database busy) is not damage.
 */
export function checkInBackground(
  file: string,
  now: () => Date,
  database: AppDatabase,
): Pick<AppDatabase, 'checked' | 'close'> {
  let worker: Worker | undefined
  const verdict = new Promise<DatabaseNotice | null>((resolve) => {
    try {
      worker = new Worker(QUICK_CHECK_WORKER, { eval: true, workerData: { file } })
    } catch {
      resolve(null)
      return
    }
    worker.unref()
    worker.once('error', () => resolve(null))
    worker.once('exit', () => resolve(null))
    worker.once('message', (answer: { result?: string; error?: string; errcode?: number }) => {
      const damaged =
        answer.result !== undefined
          ? answer.result !== 'ok'
          : answer.errcode === SQLITE_CODES.CORRUPT || answer.errcode === SQLITE_CODES.NOTADB
      if (!damaged) return resolve(null)
      const problem = answer.result ?? answer.error ?? 'no answer'
      try {
        writeFileSync(file + CHECK_FAILED_SUFFIX, `${now().toISOString()} ${problem}\n`)
      } catch {
        // Said below all the same; without the mark the next open's own check still finds it if it must.
      }
      resolve({
        kind: 'damaged',
        message: `The local database is damaged (integrity check failed: ${problem}). Restart Mediadeck: it will set the file aside as ${file}.damaged-<time>, create a new one, and restore what it can from the old files.`,
      })
    })
  })
  return {
    checked: () => verdict,
    close() {
      void worker?.terminate()
      database.close()
    },
  }
}
