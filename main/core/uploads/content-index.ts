// What is known to be stored on an account, by content: for each stored file its size, address and (when
// known) the SHA-256 of its bytes, in the local database's `content_index` (migration 004-files), one scope per
// account: its identity (../drafts/profile-identity.ts), so the app's queue (named by its profile) and a CLI
// run's (named by its credentials) find each other's stored files. Rows kept under a queue's name before are
// taken into its account's scope when that queue opens (`adoptScope`).
// It is bounded two ways: a file the service no longer holds leaves it (a reuse that finds it gone, a delete
// from the library: forgetStoredFiles), and past `cap` files the least recently used go first, so a year of
// uploads costs a fixed amount of disk and every lookup reads only the rows of one size (an index).
// The JSON document each profile kept before the database (uploads/<profile>.content.json) is imported once.
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { AppDatabase } from '../db/database'
import { importLegacyFile } from '../db/legacy-import'
import { sqlOf } from '../db/handle'
import { columnsOf, countRow, declareTable, integer, parseRow, parseRows } from '../db/rows'

const storedSchema = z.object({
  fileId: z.string().min(1),
  size: z.number().int().positive(),
  key: z.string(),
  url: z.string().min(1),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** SHA-256 of the first 4100 bytes at most (../uploads/file-probe.ts headSha256). */
  headSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})
const documentSchema = z.object({ version: z.literal(1), files: z.array(storedSchema) })

export type StoredContent = z.infer<typeof storedSchema>

/** Files an index keeps at most: far more than a person reuses, small enough to stay a few MB. */
export const CONTENT_INDEX_CAP = 20_000

export interface ContentIndex {
  /** The stored files of exactly this size: the only ones that can hold the same bytes. */
  sameSize(size: number): Promise<StoredContent[]>
  /** Adds or updates a stored file (by fileId). */
  remember(file: StoredContent): Promise<void>
  /** The file is gone from the storage. */
  forget(fileId: string): Promise<void>
  /** Resolves once every write asked for so far is done (each is one transaction, done when it returns). */
  settled(): Promise<void>
}

/** The index file of the profile whose upload journal was `journalPath` (uploads/<profile>.jsonl). */
export const contentIndexPath = (journalPath: string): string =>
  `${journalPath.replace(/\.jsonl$/, '')}.content.json`

export interface OpenContentIndexOptions {
  database: AppDatabase
  /** The account's identity: whoever uploads to it, in any process, shares its rows. */
  scope: string
  /** A queue's name its rows were kept under before they were the account's: they move into `scope`. */
  adoptScope?: string
  /** The index file from before the database: imported once, then kept as *.pre-db. */
  legacyPath?: string
  cap?: number
  now?: () => number
  warn(message: string): void
}

export function openContentIndex(o: OpenContentIndexOptions): ContentIndex {
  const { database, scope } = o
  const db = sqlOf(database)
  const now = o.now ?? Date.now
  const cap = o.cap ?? CONTENT_INDEX_CAP
  if (o.legacyPath) importIndexFile(o, o.legacyPath)
  if (o.adoptScope !== undefined && o.adoptScope !== scope) adopt(o, o.adoptScope)

  const bySize = db.prepare(
    'SELECT file_id, size, key, url, sha256, head_sha256 FROM content_index WHERE scope = ? AND size = ?',
  )
  const touch = db.prepare('UPDATE content_index SET used_at = ? WHERE scope = ? AND size = ?')
  const upsert =
    db.prepare(`INSERT INTO content_index (scope, file_id, size, key, url, sha256, head_sha256, used_at)
    VALUES (:scope, :fileId, :size, :key, :url, :sha256, :headSha256, :usedAt)
    ON CONFLICT (scope, file_id) DO UPDATE SET size = :size, key = :key, url = :url,
      sha256 = coalesce(:sha256, sha256), head_sha256 = coalesce(:headSha256, head_sha256), used_at = :usedAt`)
  const count = db.prepare('SELECT count(*) AS n FROM content_index WHERE scope = ?')
  const trim = db.prepare(`DELETE FROM content_index WHERE scope = ? AND file_id IN (
    SELECT file_id FROM content_index WHERE scope = ? ORDER BY used_at LIMIT ?)`)
  const drop = db.prepare('DELETE FROM content_index WHERE scope = ? AND file_id = ?')

  /** A lost write costs the index (the file is uploaded again next time), never the upload: it is said, not thrown. */
  const attempt = (what: string, fn: () => void): void => {
    try {
      database.write('the content index', fn)
    } catch (error) {
      o.warn(`content index (${scope}): ${what} not saved (${(error as Error).message})`)
    }
  }

  return {
    async sameSize(size) {
      const rows = parseRows(
        'content_index',
        columnsOf(contentIndexTable, 'file_id', 'size', 'key', 'url', 'sha256', 'head_sha256'),
        bySize.all(scope, size),
      )
      if (rows.length > 0) attempt('a use', () => touch.run(now(), scope, size))
      return rows.map((r) => ({
        fileId: r.file_id,
        size: r.size,
        key: r.key,
        url: r.url,
        ...(r.sha256 ? { sha256: r.sha256 } : {}),
        ...(r.head_sha256 ? { headSha256: r.head_sha256 } : {}),
      }))
    },
    async remember(stored) {
      attempt(`file ${stored.fileId}`, () => {
        upsert.run({
          scope,
          fileId: stored.fileId,
          size: stored.size,
          key: stored.key,
          url: stored.url,
          sha256: stored.sha256 ?? null,
          headSha256: stored.headSha256 ?? null,
          usedAt: now(),
        })
        const n = parseRow('content_index', countRow, count.get(scope))?.n ?? 0
        if (n > cap) trim.run(scope, scope, n - cap)
      })
    },
    async forget(fileId) {
      attempt(`forgetting ${fileId}`, () => drop.run(scope, fileId))
    },
    settled: () => Promise.resolve(),
  }
}

/** Files the service no longer stores (deleted from the library) leave every profile's index. */
export function forgetStoredFiles(database: AppDatabase, fileIds: readonly string[]): void {
  if (fileIds.length === 0) return
  const drop = sqlOf(database).prepare('DELETE FROM content_index WHERE file_id = ?')
  database.write('the content index', () => {
    for (const id of fileIds) drop.run(id)
  })
}

/**
 * The service's ids of the files this data folder uploaded, by public address (any profile's index: an
 * address is one service's file, and asking another service for the id finds nothing there).
 */
export function storedFileIdsOf(database: AppDatabase, urls: readonly string[]): Map<string, string> {
  const found = new Map<string, string>()
  if (urls.length === 0) return found
  // One pass over the index (bounded by its cap) for every address asked, rather than one per address.
  const rows = parseRows(
    'content_index',
    columnsOf(contentIndexTable, 'url', 'file_id'),
    sqlOf(database)
      .prepare('SELECT url, file_id FROM content_index WHERE url IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify([...new Set(urls)])),
  )
  for (const row of rows) found.set(row.url, row.file_id)
  return found
}

function importIndexFile(o: OpenContentIndexOptions, path: string): void {
  try {
    importLegacyFile(o.database, {
      name: `content-index:${o.scope}`,
      path,
      read(source) {
        let files: StoredContent[] = []
        try {
          const checked = documentSchema.safeParse(JSON.parse(readFileSync(source, 'utf8')))
          if (checked.success) files = checked.data.files
          else
            o.warn(
              `content index ${path}: not a content index (${checked.error.issues[0]?.message}); not imported`,
            )
        } catch (error) {
          // A torn index costs the index (duplicates are uploaded again), never an upload.
          o.warn(`content index ${path}: unreadable (${(error as Error).message}); not imported`)
        }
        return files
      },
      write(files) {
        const insert = sqlOf(o.database).prepare(`INSERT OR IGNORE INTO content_index
          (scope, file_id, size, key, url, sha256, head_sha256, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        const at = Date.now()
        let rows = 0
        for (const f of files) {
          rows += Number(
            insert.run(o.scope, f.fileId, f.size, f.key, f.url, f.sha256 ?? null, f.headSha256 ?? null, at)
              .changes,
          )
        }
        return rows
      },
    })
  } catch (error) {
    o.warn(`content index ${path}: not imported (${(error as Error).message}); kept where it is`)
  }
}

/** A stored file of the content index: the `content_index` table's row, declared once (../db/rows.ts). */
export const contentIndexTable = declareTable({
  table: 'content_index',
  key: ['scope', 'file_id'],
  what: 'a stored file of the content index',
  columns: z.object({
    scope: z.string(),
    file_id: z.string(),
    size: integer,
    key: z.string(),
    url: z.string(),
    sha256: z.string().nullable(),
    head_sha256: z.string().nullable(),
    used_at: integer,
  }),
})

/**
 * Moves the rows kept under a queue's name into its account's scope (one the account already holds stays
 * once). A row of an account the queue's profile named before an edit moves too: it costs one look at the
 * service (stillStored in ./content-dedupe.ts finds it is not this account's, and it leaves), never a reuse.
 */
function adopt(o: OpenContentIndexOptions, from: string): void {
  try {
    o.database.write('the content index', () => {
      const db = sqlOf(o.database)
      db.prepare('UPDATE OR IGNORE content_index SET scope = ? WHERE scope = ?').run(o.scope, from)
      db.prepare('DELETE FROM content_index WHERE scope = ?').run(from)
    })
  } catch (error) {
    o.warn(`content index (${o.scope}): rows of ${from} not taken (${(error as Error).message})`)
  }
}

/**
 * Forgets what a deleted profile's queue kept under its own name (rows from before the index was the
 * account's). The account's rows stay: they name files the account still stores, for its other profiles and
 * CLI runs, and leave with a delete from the library or the cap.
 */
export function forgetContentIndex(database: AppDatabase, scope: string): void {
  sqlOf(database).prepare('DELETE FROM content_index WHERE scope = ?').run(scope)
}
