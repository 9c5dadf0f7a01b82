// Moves a state file from before the database (drafts.json, grants.json, the upload journal…) into it, once.
// The rows and the `imports` row that says so commit in one transaction, so a kill -9 in the middle leaves
// either nothing (the next open imports again) or everything (the next open only renames). After the commit
// the file is renamed to `<file>.pre-db` and kept for manual recovery. A database found damaged and replaced
// imports the `.pre-db` copies again, so what came from the old files is not lost with it.
import { existsSync, renameSync } from 'node:fs'
import type { AppDatabase } from './database'

export interface LegacyImport<T> {
  /** The import's name in the `imports` table: one per old file format. */
  name: string
  /** The old file. */
  path: string
  /** Reads and checks the old file; may throw (the import then fails and the file stays where it is). */
  read(path: string): T
  /** Writes what was read; runs inside the import's transaction; returns how many rows it wrote. */
  write(data: T): number
}

export type LegacyImportResult =
  | { status: 'none' }
  | { status: 'already-imported' }
  | { status: 'imported'; rows: number; from: string; keptAt: string }

export const PRE_DB_SUFFIX = '.pre-db'

export function importLegacyFile<T>(database: AppDatabase, spec: LegacyImport<T>): LegacyImportResult {
  const kept = spec.path + PRE_DB_SUFFIX
  const original = existsSync(spec.path)
  const source = original ? spec.path : existsSync(kept) ? kept : undefined
  if (!source) return { status: 'none' }

  if (imported(database, spec.name)) {
    // Imported before a crash kept the rename from happening (or by another process just now).
    if (original) renameQuietly(spec.path, kept)
    return { status: 'already-imported' }
  }
  const data = spec.read(source)
  const rows = database.transaction(() => {
    // Another process may have imported it while we read.
    if (imported(database, spec.name)) return undefined
    const count = spec.write(data)
    database.db
      .prepare('INSERT INTO imports (name, imported_at, rows) VALUES (?, ?, ?)')
      .run(spec.name, new Date().toISOString(), count)
    return count
  })
  if (original) renameQuietly(spec.path, kept)
  if (rows === undefined) return { status: 'already-imported' }
  return { status: 'imported', rows, from: source, keptAt: kept }
}

function imported(database: AppDatabase, name: string): boolean {
  return database.db.prepare('SELECT 1 FROM imports WHERE name = ?').get(name) !== undefined
}

/** Another process importing the same folder may have renamed it first. */
function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
