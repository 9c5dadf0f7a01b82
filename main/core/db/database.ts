// The local database: one SQLite file per data folder, the one home of local state (docs/data-layer.md).
// Opening it sets the connection up for several processes at once (WAL, a busy timeout, foreign keys), sets a
// damaged file aside instead of failing on it, takes a backup before each pending migration and runs the
// migrations one transaction each. Repositories are built over the AppDatabase this returns; no core module
// reads or writes state files any other way.
import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError } from '../../../common/errors'
import { diskWriteError } from '../disk-errors'
import { CHECK_FAILED_SUFFIX, checkInBackground, hasLog } from './integrity-check'
import { HANDLE } from './handle'
import { pruneDatabaseCopies } from './kept-files'
import { preparePrivateDatabase, unopenable } from './private-files'
import { checkNumbering, migrate, refuseForeign, stamp } from './migrate'
import type { Migration } from './migration-types'
import { MIGRATIONS } from './migrations/index'
import { SQLITE_CODES, openSqlite, sqliteCode, type DatabaseSync } from './sqlite'
import { z } from 'zod'
import { integer, parseRow } from './rows'

export const DATABASE_FILE = 'mediadeck.db'

export interface DatabaseNotice {
  /** `private`: the data folder could be read by other users and was made the user's alone. */
  kind: 'damaged' | 'migrated' | 'private'
  message: string
  /** Where the damaged file was set aside. */
  keptAt?: string
  /** The copy taken before the migrations ran. */
  backup?: string
  /** The data folder made private (`private`): the app says it in the person's language. */
  folder?: string
}

export interface ChangeTimers {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface TransactionOptions {
  /**
   * `'crash'`: the commit survives the process crashing but not a power cut (no fsync: WAL with
   * synchronous = NORMAL), for bookkeeping whose loss in a power cut costs nothing, such as a lease: every
   * process of the machine is gone then, and a lease of a dead process is taken over. The next durable commit
   * syncs the log, this one included. Default `'power-cut'` (synchronous = FULL). Inside another transaction
   * it is part of that one, and as durable.
   */
  durability?: 'crash' | 'power-cut'
}

export interface AppDatabase {
  readonly file: string
  /** The raw handle, read through sqlOf() (./handle.ts) by the data layer alone. */
  readonly [HANDLE]: DatabaseSync
  /** What happened on open that the person should hear about (a damaged file set aside, a migration). */
  readonly notices: readonly DatabaseNotice[]
  /**
   * Runs `fn` as one transaction: BEGIN IMMEDIATE takes the write lock first, so two processes never both read
   * then both write. Called inside another transaction it nests as a savepoint, so a multi-step change made
   * of single-step ones is still all or nothing. `fn` must be synchronous.
   */
  transaction<T>(fn: () => T, options?: TransactionOptions): T
  /**
   * The same, with a failure said plainly: a full disk or a database another process holds too long becomes an
   * AppError naming `what` was not saved (`the drafts`), and nothing of the change is kept.
   */
  write<T>(what: string, fn: () => T, options?: TransactionOptions): T
  /**
   * Runs `fn` once the outermost transaction under way has committed, at once when none is: what is told
   * outside the database (an event to the page, a copy in memory) is then what a restart would find. Dropped
   * with the transaction or savepoint it was asked in when that rolls back.
   */
  afterCommit(fn: () => void): void
  /**
   * Calls `listener` after another connection (another process: the CLI beside the app) committed a change.
   * PRAGMA data_version moves only for other connections' commits, so our own writes do not echo back.
   */
  watch(listener: () => void, options?: { intervalMs?: number; timers?: ChangeTimers }): () => void
  /**
   * The integrity check's verdict: null when the file is sound (or was checked, and set aside if damaged, at
   * open); a `damaged` notice when the background check (OpenDatabaseOptions.integrityCheck) found damage. The
   * file is then set aside at the next open, which checks it first.
   */
  checked(): Promise<DatabaseNotice | null>
  /** False once close() ran. */
  isOpen(): boolean
  close(): void
}

export interface OpenDatabaseOptions {
  file: string
  migrations?: readonly Migration[]
  now?: () => Date
  /** How long a write waits for another process's transaction before failing (default 5 s). */
  busyTimeoutMs?: number
  /**
   * When `PRAGMA quick_check` reads every page of the file looking for damage. `'at-open'` (the default):
   * before anything uses it, as the CLI's short runs do. `'background'` (the app): at open only if the last
   * session did not close cleanly (its write-ahead log is still there) or a check failed before; otherwise in
   * a worker thread on a connection of its own, so the first screen does not wait for it (docs/data-layer.md).
   */
  integrityCheck?: 'at-open' | 'background'
}

export { CHECK_FAILED_SUFFIX } from './integrity-check'

export { DatabaseOpenError } from './migrate'
/** Whether node:sqlite loads at all, for the app's check at start-up (main/app/database-check.ts). */
export { checkSqliteBinding } from './sqlite'

export function openDatabase(options: OpenDatabaseOptions): AppDatabase {
  const { file } = options
  const migrations = options.migrations ?? MIGRATIONS
  const now = options.now ?? (() => new Date())
  const busyTimeoutMs = options.busyTimeoutMs ?? 5_000
  const notices: DatabaseNotice[] = []
  checkNumbering(migrations)

  const existed = existsSync(file)
  // The folder and the file the user's alone, a hard-linked file refused, before SQLite opens anything.
  const tightened = preparePrivateDatabase(file)
  // A file closed cleanly by every process has no write-ahead log left (SQLite removes it on the last close).
  const background =
    options.integrityCheck === 'background' &&
    existed &&
    !hasLog(file) &&
    !existsSync(file + CHECK_FAILED_SUFFIX)
  let db: DatabaseSync
  try {
    db = connect(file, busyTimeoutMs, !background, migrations)
  } catch (error) {
    // A folder or file that cannot be opened is named, with the reason, not SQLite's bare words.
    if (!isDamage(error)) throw unopenable(file, error)
    const keptAt = setAside(file, now())
    notices.push({
      kind: 'damaged',
      keptAt,
      message: `The local database was damaged (${describe(error)}). It was set aside as ${keptAt} and a new one was created; data imported from the old files is restored where they remain.`,
    })
    db = connect(file, busyTimeoutMs, true, migrations)
  }
  rmSync(file + CHECK_FAILED_SUFFIX, { force: true })

  let backup: string | undefined
  try {
    backup = migrate(db, file, migrations, now)
  } catch (error) {
    db.close()
    throw error
  }
  pruneDatabaseCopies(file, now())
  if (tightened) notices.push({ kind: 'private', message: tightened, folder: dirname(file) })
  if (backup !== undefined) {
    notices.push({
      kind: 'migrated',
      backup: backup || undefined,
      message: backup
        ? `The local database was updated to this version of Mediadeck; a copy of it as it was is kept at ${backup}.`
        : 'The local database was created.',
    })
  }
  const database = wrap(file, db, notices)
  return background ? { ...database, ...checkInBackground(file, now, database) } : database
}

function connect(
  file: string,
  busyTimeoutMs: number,
  check: boolean,
  migrations: readonly Migration[],
): DatabaseSync {
  const db = openSqlite(file, { timeoutMs: busyTimeoutMs })
  try {
    if (check) {
      const answer = parseRow(
        'quick_check',
        z.object({ quick_check: z.string() }),
        db.prepare('PRAGMA quick_check(1)').get(),
      )
      if (answer?.quick_check !== 'ok') {
        throw Object.assign(new Error(`integrity check failed: ${answer?.quick_check ?? 'no answer'}`), {
          errcode: SQLITE_CODES.CORRUPT,
        })
      }
    }
    // Before anything is written: a file that is no database at all (NOTADB) fails here, and one another
    // program made, or a newer Mediadeck, is refused as it is (turning WAL on would rewrite its header).
    refuseForeign(db, file, migrations)
    db.exec('PRAGMA journal_mode = WAL')
    // FULL: a transaction reported committed survives a power cut too (WAL + NORMAL would only survive a crash).
    db.exec('PRAGMA synchronous = FULL')
    db.exec('PRAGMA foreign_keys = ON')
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function isDamage(error: unknown): boolean {
  const code = sqliteCode(error)
  return code === SQLITE_CODES.CORRUPT || code === SQLITE_CODES.NOTADB
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Moves the damaged file and its WAL and shared-memory files aside; returns where the file went. */
function setAside(file: string, at: Date): string {
  const keptAt = `${file}.damaged-${stamp(at)}`
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, keptAt + suffix)
  }
  return keptAt
}

function wrap(file: string, db: DatabaseSync, notices: DatabaseNotice[]): AppDatabase {
  let depth = 0
  let closed = false
  const watchers = new Set<() => void>()
  /** What waits for the outermost commit (afterCommit), in the order asked. */
  let committed: Array<() => void> = []

  const runCommitted = () => {
    const due = committed
    committed = []
    for (const fn of due) {
      try {
        fn()
      } catch (error) {
        // The change is on disk: a listener that failed is a bug of its own, not a failed write.
        console.error('[database] a commit listener failed', error)
      }
    }
  }

  /** Leaves the transaction or savepoint begun at `outer`/`savepoint` with nothing of it kept. */
  const undo = (outer: boolean, savepoint: string) => {
    if (!db.isTransaction) return // SQLite rolled it back itself (a full disk can do that)
    if (outer) db.exec('ROLLBACK')
    else {
      db.exec(`ROLLBACK TO ${savepoint}`)
      db.exec(`RELEASE ${savepoint}`)
    }
  }

  const transaction = <T>(fn: () => T, options: TransactionOptions = {}): T => {
    const outer = depth === 0
    if (outer && options.durability === 'crash') {
      // A commit with fsync costs milliseconds that block the event loop; the setting is per connection, so
      // it is set back before any other transaction can begin.
      db.exec('PRAGMA synchronous = NORMAL')
      try {
        return transaction(fn)
      } finally {
        if (db.isOpen) db.exec('PRAGMA synchronous = FULL')
      }
    }
    const savepoint = `sp${depth}`
    const asked = committed.length
    db.exec(outer ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`)
    depth += 1
    let result: T
    try {
      result = fn()
      if (result instanceof Promise) throw new Error('a transaction must be synchronous')
    } catch (error) {
      depth -= 1
      undo(outer, savepoint)
      committed.length = asked
      throw error
    }
    depth -= 1
    try {
      // COMMIT itself can fail (the disk filled while the log was written, a deferred constraint): the
      // transaction is then still open, and must be rolled back here or the next one would nest inside it.
      db.exec(outer ? 'COMMIT' : `RELEASE ${savepoint}`)
    } catch (error) {
      undo(outer, savepoint)
      committed.length = asked
      throw error
    }
    if (outer) runCommitted()
    return result
  }

  return {
    file,
    [HANDLE]: db,
    notices,
    transaction,
    write(what, fn, options) {
      try {
        return transaction(fn, options)
      } catch (error) {
        throw dataError(error, what, file)
      }
    },
    afterCommit(fn) {
      committed.push(fn)
      if (depth === 0) runCommitted()
    },
    watch(listener, options = {}) {
      const timers: ChangeTimers = options.timers ?? {
        setInterval: (callback, ms) => setInterval(callback, ms).unref(),
        clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
      }
      const version = db.prepare('PRAGMA data_version')
      const dataVersion = () =>
        parseRow('data_version', z.object({ data_version: integer }), version.get())?.data_version
      let last = dataVersion()
      const handle = timers.setInterval(() => {
        if (closed) return
        const current = dataVersion()
        if (current === last) return
        last = current
        listener()
      }, options.intervalMs ?? 1_000)
      const stop = () => {
        timers.clearInterval(handle)
        watchers.delete(stop)
      }
      watchers.add(stop)
      return stop
    },
    checked: () => Promise.resolve(null),
    isOpen: () => !closed,
    close() {
      if (closed) return
      for (const stop of [...watchers]) stop()
      closed = true
      db.close()
    },
  }
}

/** A failed write to the database, said as the person needs it: what was not saved, and why. */
export function dataError(error: unknown, what: string, file: string): unknown {
  if (error instanceof AppError) return error
  const code = sqliteCode(error)
  if (code === SQLITE_CODES.FULL) {
    return diskWriteError(Object.assign(new Error(describe(error)), { code: 'ENOSPC' }), what, file)
  }
  if (code === SQLITE_CODES.BUSY || code === SQLITE_CODES.LOCKED) {
    return new AppError(
      {
        kind: 'file',
        code: 'write-failed',
        message: `Could not save ${what}: another Mediadeck process kept the data folder busy (${file}). Nothing was changed; try again.`,
      },
      { cause: error },
    )
  }
  if (code !== undefined) return diskWriteError(error, what, file)
  return error
}
