// Moves a state file from before the database (drafts.json, grants.json, the upload journal…) into it, once.
// The rows and the `imports` row that says so commit in one transaction, so a kill -9 in the middle leaves
// either nothing (the next open imports again) or everything (the next open only renames). After the commit
// the file is renamed to `<file>.pre-db` and kept for manual recovery. A database found damaged and replaced
// imports the `.pre-db` copies again, so what came from the old files is not lost with it. A `.pre-db` copy is
// removed 90 days after its import (kept-files.ts).
// Each import runs in the repository that writes its rows (the old drafts need the active profile), but
// whether any is left to do is decided once per data folder, at the database's open (settleLegacyFiles): a
// folder with nothing left to import is recorded as such, and then no repository looks for its old file.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
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

/** The `imports` row that says a data folder holds no old file left to import, nor a `.pre-db` copy. */
export const LEGACY_FILES_DONE = 'legacy-files'

/** Databases whose folder was found, at this open, to have nothing left to import. */
const settled = new WeakSet<AppDatabase>()

export function importLegacyFile<T>(
  database: AppDatabase,
  spec: LegacyImport<T>,
  now = new Date(),
): LegacyImportResult {
  if (settled.has(database)) return { status: 'none' }
  const kept = spec.path + PRE_DB_SUFFIX
  const original = existsSync(spec.path)
  const source = original ? spec.path : existsSync(kept) ? kept : undefined
  if (!source) return { status: 'none' }

  const importedAt = imported(database, spec.name)
  if (importedAt !== undefined) {
    // Imported before a crash kept the rename from happening (or by another process just now).
    if (original) renameQuietly(spec.path, kept)
    if (preDbExpired(importedAt, now)) rmSync(kept, { force: true })
    // Imported before the file itself was recorded: recorded now, so the folder's open can tell it is done.
    else if (imported(database, fileKey(database, spec.path)) === undefined) {
      try {
        database.transaction(() => recordFile(database, spec.path, importedAt))
      } catch {
        // A busy folder: recorded at a later open.
      }
    }
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
    recordFile(database, spec.path, now.toISOString())
    return count
  })
  if (original) renameQuietly(spec.path, kept)
  if (rows === undefined) return { status: 'already-imported' }
  return { status: 'imported', rows, from: source, keptAt: kept }
}

/**
 * Decides, at the data folder's open, whether any old file is left to import: one found where it was (not
 * imported yet), or a `.pre-db` copy this database has no record of (it replaced a damaged one: the copy is
 * imported again). When none is, no repository looks for its old file during this open; a `.pre-db` copy
 * kept its 90 days is removed here; and a folder with neither left is recorded as done, so that later opens
 * look at nothing at all. An old file put into a folder after that is not imported.
 */
export function settleLegacyFiles(
  database: AppDatabase,
  dataDir: string,
  now = new Date(),
): 'done' | 'settled' | 'pending' {
  if (imported(database, LEGACY_FILES_DONE) !== undefined) {
    settled.add(database)
    return 'done'
  }
  let pending = false
  let copiesLeft = false
  for (const name of legacyFileNames(dataDir)) {
    const path = join(dataDir, name)
    if (existsSync(path)) {
      pending = true
      continue
    }
    const kept = path + PRE_DB_SUFFIX
    if (!existsSync(kept)) continue
    const importedAt = imported(database, fileKey(database, path))
    if (importedAt === undefined) pending = true
    else if (preDbExpired(importedAt, now)) rmSync(kept, { force: true })
    else copiesLeft = true
  }
  if (pending) return 'pending'
  settled.add(database)
  if (copiesLeft) return 'settled'
  try {
    database.transaction(() => {
      sqlOf(database)
        .prepare('INSERT OR IGNORE INTO imports (name, imported_at, rows) VALUES (?, ?, 0)')
        .run(LEGACY_FILES_DONE, now.toISOString())
    })
  } catch {
    // A busy folder: the next open records it.
  }
  return 'done'
}

/**
 * The old files a data folder can hold, relative to it, where their imports look for them (with or without
 * their `.pre-db` suffix): the drafts (or their backup, when the main file was lost), the announced posts,
 * the file grants, the CLI's upload journal and content index, and each profile's journal, content index
 * and offline cache.
 */
function legacyFileNames(dataDir: string): string[] {
  const here = (name: string) =>
    existsSync(join(dataDir, name)) || existsSync(join(dataDir, name + PRE_DB_SUFFIX))
  const drafts = here('drafts.json') || !here('drafts.json.bak') ? 'drafts.json' : 'drafts.json.bak'
  const within = (folder: string, ends: string[]) =>
    listed(join(dataDir, folder))
      .map((name) => (name.endsWith(PRE_DB_SUFFIX) ? name.slice(0, -PRE_DB_SUFFIX.length) : name))
      .filter((name) => ends.some((end) => name.endsWith(end)))
      .map((name) => `${folder}/${name}`)
  const names = [
    drafts,
    'announced-posts.json',
    'grants.json',
    'cli-uploads.jsonl',
    'cli-uploads.content.json',
    ...within('uploads', ['.jsonl', '.content.json']),
    ...within('cache', ['.json']),
  ]
  return [...new Set(names)]
}

function listed(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

/** The `imports` row of an old file itself, by its place in the data folder. */
const fileKey = (database: AppDatabase, path: string): string =>
  `file:${relative(dirname(database.file), path).split('\\').join('/')}`

function recordFile(database: AppDatabase, path: string, importedAt: string): void {
  sqlOf(database)
    .prepare('INSERT OR IGNORE INTO imports (name, imported_at, rows) VALUES (?, ?, 0)')
    .run(fileKey(database, path), importedAt)
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
