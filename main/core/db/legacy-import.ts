// Moves a state file from before the database (drafts.json, grants.json, the upload journal…) into it, once.
// The rows and the `imports` row that says so commit in one transaction, so a kill -9 in the middle leaves
// either nothing (the next open imports again) or everything (the next open only renames). After the commit
// the file is renamed to `<file>.pre-db` and kept for manual recovery. A database found damaged and replaced
// imports the `.pre-db` copies again, so what came from the old files is not lost with it. A `.pre-db` copy is
// removed 90 days after its import (kept-files.ts).
import { existsSync, renameSync, rmSync } from 'node:fs'
import type { AppDatabase } from './database'
import { preDbExpired } from './kept-files'
import { sqlOf } from './handle'
import { z } from 'zod'
import { declareTable, integer } from './rows'

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

export function importLegacyFile<T>(
  database: AppDatabase,
  spec: LegacyImport<T>,
  now = new Date(),
): LegacyImportResult {
  const kept = spec.path + PRE_DB_SUFFIX
  const original = existsSync(spec.path)
  const source = original ? spec.path : existsSync(kept) ? kept : undefined
  if (!source) return { status: 'none' }

  const importedAt = imported(database, spec.name)
  if (importedAt !== undefined) {
    // Imported before a crash kept the rename from happening (or by another process just now).
    if (original) renameQuietly(spec.path, kept)
    if (preDbExpired(importedAt, now)) rmSync(kept, { force: true })
    return { status: 'already-imported' }
  }
  const data = spec.read(source)
  const rows = database.transaction(() => {
    // Another process may have imported it while we read.
    if (imported(database, spec.name) !== undefined) return undefined
    const count = spec.write(data)
    sqlOf(database)
      .prepare('INSERT INTO imports (name, imported_at, rows) VALUES (?, ?, ?)')
      .run(spec.name, now.toISOString(), count)
    return count
  })
  if (original) renameQuietly(spec.path, kept)
  if (rows === undefined) return { status: 'already-imported' }
  return { status: 'imported', rows, from: source, keptAt: kept }
}

/** When the import named `name` was done, or undefined if it was not. */
function imported(database: AppDatabase, name: string): string | undefined {
  const row = sqlOf(database).prepare('SELECT imported_at FROM imports WHERE name = ?').get(name)
  return row === undefined ? undefined : String(row.imported_at)
}

/** Another process importing the same folder may have renamed it first. */
function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** An import of an old file: the `imports` table's row, declared once (../db/rows.ts). */
export const importsTable = declareTable({
  table: 'imports',
  key: ['name'],
  what: 'an import of an old file',
  columns: z.object({ name: z.string(), imported_at: z.string(), rows: integer }),
})
