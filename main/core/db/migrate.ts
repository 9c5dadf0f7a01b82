// Brings a database to the last migration (docs/data-layer.md, "How the database is opened"): refuses a file
// this app did not create, or one of a newer version, before changing anything in it; takes a backup of an
// existing database before the first pending migration; runs each migration in a transaction of its own.
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Migration } from './migration-types'
import { PARTIAL_SUFFIX } from './kept-files'
import { schemaOfMigrations } from './schema-snapshot'
import type { DatabaseSync } from './sqlite'
import { z } from 'zod'
import { integer, parseRow, parseRows } from './rows'

export class DatabaseOpenError extends Error {}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
export const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-')

function userVersion(db: DatabaseSync): number {
  return parseRow(
    'user_version',
    z.object({ user_version: integer }),
    db.prepare('PRAGMA user_version').get(),
  )!.user_version
}

function tableNames(db: DatabaseSync): Set<string> {
  const rows = parseRows(
    'sqlite_master',
    z.object({ name: z.string() }),
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all(),
  )
  return new Set(rows.map((row) => row.name))
}

// The tables each version has, worked out once per list of migrations and version by running the migrations up
// to it on a database in memory (only those the file ran already: a pending one may yet fail).
const expectedTables = new WeakMap<readonly Migration[], Map<number, Set<string>>>()
function tablesAt(migrations: readonly Migration[], version: number): Set<string> {
  const known = expectedTables.get(migrations) ?? new Map<number, Set<string>>()
  expectedTables.set(migrations, known)
  let tables = known.get(version)
  if (!tables) {
    const snapshot = schemaOfMigrations(migrations.slice(0, version))
    tables = new Set(version === 0 ? [] : Object.keys(snapshot[String(version)]!.tables))
    known.set(version, tables)
  }
  return tables
}

/**
 * Throws, having changed nothing, when `file` is not a Mediadeck database this code can open: one with tables
 * but no version (another program's), one missing tables its version has, or one of a newer Mediadeck. Runs
 * before the connection turns on WAL, which would rewrite the file's header.
 */
export function refuseForeign(db: DatabaseSync, file: string, migrations: readonly Migration[]): void {
  // One read transaction, so both answers come from the same moment, not from either side of another
  // process's migration.
  db.exec('BEGIN')
  let version: number
  let present: Set<string>
  try {
    version = userVersion(db)
    present = tableNames(db)
    db.exec('COMMIT')
  } catch (error) {
    // A file that is no database at all fails here (NOTADB), and is told as such by the caller.
    if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
  const latest = migrations.length
  // A newer Mediadeck may drop or rename tables; the first migration's are the mark of one.
  const expected = version > latest ? tablesAt(migrations, 1) : tablesAt(migrations, version)
  const missing = [...expected].filter((name) => !present.has(name))
  if ((version === 0 && present.size > 0) || missing.length > 0) {
    const why =
      version === 0
        ? `it has tables (${[...present].slice(0, 3).join(', ')}) but no Mediadeck schema version`
        : `its schema version is ${version}, but it has no ${missing.slice(0, 3).join(', ')} table`
    throw new DatabaseOpenError(
      `The file ${file} is not a database Mediadeck created (${why}). It was not changed. Move it out of the data folder, or choose another data folder.`,
    )
  }
  if (version > latest) throw newerVersion(file, version, latest)
}

function newerVersion(file: string, version: number, latest: number): DatabaseOpenError {
  return new DatabaseOpenError(
    `The local database ${file} was written by a newer version of Mediadeck (schema ${version}, this one knows ${latest}). Going back to an older version is not supported; nothing was changed.`,
  )
}

/**
 * The schema version written in a database file's header (the "user version" field, a 4-byte big-endian
 * integer at offset 60: https://sqlite.org/fileformat.html#user_version_number), read without opening a
 * connection, which in WAL mode would leave files of its own beside the copy.
 */
function headerUserVersion(file: string): number {
  const header = Buffer.alloc(64)
  const fd = openSync(file, 'r')
  try {
    if (readSync(fd, header, 0, 64, 0) < 64) throw new Error(`${file} is shorter than a database header`)
  } finally {
    closeSync(fd)
  }
  return header.readUInt32BE(60)
}

/**
 * Brings the schema to the last migration. Returns undefined when nothing ran, '' when the database was new,
 * and the backup's path when an existing database was migrated.
 */
export function migrate(
  db: DatabaseSync,
  file: string,
  migrations: readonly Migration[],
  now: () => Date,
): string | undefined {
  const latest = migrations.length
  const version = userVersion(db)
  if (version === latest) return undefined

  // A copy of the database as it was, before the first change: VACUUM INTO writes a consistent snapshot even
  // while other processes use the file. It is written under a temporary name and renamed once complete, so a
  // run killed in the middle never leaves a "backup" with half the pages (kept-files.ts removes what it left).
  // A new database has nothing to keep.
  let backup = ''
  if (version > 0) {
    const at = stamp(now())
    const partial = `${file}.backup-v${version}-${at}${PARTIAL_SUFFIX}-${process.pid}`
    rmSync(partial, { force: true })
    try {
      db.exec(`VACUUM INTO '${partial.replace(/'/g, "''")}'`)
      // Another process may have updated the file between the version read above and the copy: the copy's
      // own header says which version it holds, and names it. One already at the last version is no copy
      // "as it was" (that process kept its own), and this run has nothing left to do.
      const copied = headerUserVersion(partial)
      if (copied >= latest) {
        rmSync(partial, { force: true })
        // A newer Mediadeck updated it meanwhile: refused as refuseForeign refuses one found newer at once.
        if (copied > latest) throw newerVersion(file, copied, latest)
        return undefined
      }
      // SQLite creates it with the umask's mode (0644): a copy of every draft is as private as the database.
      if (process.platform !== 'win32') chmodSync(partial, 0o600)
      backup = `${file}.backup-v${copied}-${at}`
      renameSync(partial, backup)
    } catch (error) {
      // A full disk (SQLite says only "disk I/O error" when the copy cannot grow): no update without its
      // copy, nothing of the half-written one left behind, and the database as it was.
      rmSync(partial, { force: true })
      if (error instanceof DatabaseOpenError) throw error
      throw new DatabaseOpenError(
        `Could not update the local database: the copy kept before an update could not be written in ${dirname(file)} (${describe(error)}; is the disk full?). It was left as it was; free some space and start Mediadeck again.`,
        { cause: error },
      )
    }
  }
  for (const migration of migrations.slice(version)) {
    db.exec('BEGIN IMMEDIATE')
    try {
      // Another process may have run it while we waited for the lock.
      if (userVersion(db) >= migration.version) {
        db.exec('COMMIT')
        continue
      }
      migration.up(db)
      db.exec(`PRAGMA user_version = ${migration.version}`)
      db.exec('COMMIT')
    } catch (error) {
      // A COMMIT refused by a full disk may leave no transaction to roll back: the refusal is what to tell.
      if (db.isTransaction) db.exec('ROLLBACK')
      throw new DatabaseOpenError(
        `Could not update the local database (migration ${migration.version}, ${migration.name}): ${describe(error)}. It was left as it was${backup ? `; a copy is at ${backup}` : ''}.`,
        { cause: error },
      )
    }
  }
  return backup
}

/** Migrations are numbered 1, 2, 3… in their list, with no gap. */
export function checkNumbering(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new DatabaseOpenError(
        `migration ${migration.name} has version ${migration.version}, expected ${index + 1}`,
      )
    }
  })
}
