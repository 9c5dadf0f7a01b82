// The record of what the person gave this app to upload, kept by main and checked at the moment a file is
// opened for reading. A path gets in only through a door the page cannot forge: the native dialog, a drop the
// preload resolved with webUtils.getPathForFile, a file the browser mode received as bytes, or the command
// line. Nothing a page sends (a draft, an import) and nothing read back from disk (the drafts store, the
// upload journal) can add to it.
//
// Each record is keyed by the path and the identity (device and inode) the file had when it was given, and it
// is persisted in the local database (`file_grants`, migration 004-files: one row per grant, written in one
// transaction per grant, never the whole record again), so a draft queued before a restart still sends. A file that was replaced at the same path (a
// rename over it, a symbolic link swapped in) has another identity and is refused; a file edited in place
// keeps its identity and stays allowed. A granted folder grants the regular files really inside it.
import type { BigIntStats } from 'node:fs'
import { lstat, realpath, stat, type FileHandle } from 'node:fs/promises'
import { basename, resolve, sep } from 'node:path'
import mime from 'mime'
import { z } from 'zod'
import type { PickedFile } from '../../../common/app-state'
import { AppError } from '../../../common/errors'
import { readFileSync } from 'node:fs'
import type { AppDatabase } from '../db/database'
import { importLegacyFile } from '../db/legacy-import'
import { errorReason } from '../../../common/messages/index'
import { MAX_EXPANDED_FILES, walkFolder } from './folder-files'
import { sqlOf } from '../db/handle'
import { declareTable, parseRows } from '../db/rows'

export { MAX_EXPANDED_FILES } from './folder-files'
/** Records kept on disk; the oldest go first. A person picks far fewer files than this in a year. */
export const MAX_GRANT_RECORDS = 50_000

export interface FileGrants {
  /** Grants the paths and answers the regular files they stand for (folders expanded). */
  grant(paths: readonly string[]): Promise<PickedFile[]>
  /** Whether a record covers the path, without looking at the disk. */
  isGranted(path: string): boolean
  /**
   * Whether the file now at `path` is one that was given: its identity matches its record, or it lies
   * really inside a granted folder (a symbolic link inside the folder does not carry the grant outside). A
   * path with a record but no file any more stays allowed: it fails later as unreadable.
   */
  allows(path: string): Promise<boolean>
  /** Checks every path is allowed and expands folders; throws a validation AppError on the first refusal. */
  resolveForUpload(paths: readonly string[]): Promise<string[]>
  /**
   * The check at the moment of reading: `handle` was opened from `path`; throws unless what it opened is a
   * file that was given. Every reader of upload bytes calls it on the handle it reads from.
   */
  checkOpened(path: string, handle: FileHandle): Promise<void>
  /** Drops the records of files that are gone for good (the browser mode's removed copies). */
  forget(paths: readonly string[]): Promise<void>
}

export interface FileGrantsOptions {
  /** Where the record is kept; without it the record lives as long as the process (tests, one-shot tools). */
  database?: AppDatabase
  /** The record file from before the database (grants.json): imported once, then kept as *.pre-db. */
  file?: string
  /** Told about records that could not be read back (a torn or tampered file). */
  warn?(message: string): void
}

const recordSchema = z.object({
  path: z.string().min(1).max(4096),
  dev: z.string().regex(/^\d{1,40}$/),
  ino: z.string().regex(/^\d{1,40}$/),
  grantedAt: z.string().max(64),
})
type GrantRecord = z.infer<typeof recordSchema>
const documentSchema = z.object({
  version: z.literal(1),
  files: z.array(z.unknown()),
  folders: z.array(z.unknown()),
})

const identityOf = (info: BigIntStats) => ({ dev: info.dev.toString(), ino: info.ino.toString() })
const sameIdentity = (record: GrantRecord, info: BigIntStats) =>
  record.dev === info.dev.toString() && record.ino === info.ino.toString()
const withSep = (folder: string) => (folder.endsWith(sep) ? folder : folder + sep)

export function notGivenError(path: string): AppError {
  return new AppError({
    kind: 'validation',
    field: 'paths',
    ...errorReason('file-not-granted', { name: basename(path) }),
    message: `${basename(path)} was not picked or dropped here, or was replaced since: add it again with the file dialog or by dropping it`,
  })
}

export async function openFileGrants(options: FileGrantsOptions = {}): Promise<FileGrants> {
  const files = new Map<string, GrantRecord>()
  const folders = new Map<string, GrantRecord>()
  const { database } = options
  if (database) {
    if (options.file) importGrantsFile(database, options.file, options.warn)
    load(database)
  }

  function load(d: AppDatabase): void {
    const rows = parseRows(
      'file_grants',
      fileGrantsTable.columns,
      sqlOf(d).prepare('SELECT kind, path, dev, ino, granted_at FROM file_grants').all(),
    )
    for (const row of rows) {
      const record = { path: row.path, dev: row.dev, ino: row.ino, grantedAt: row.granted_at }
      ;(row.kind === 'file' ? files : folders).set(row.path, record)
    }
  }

  /** Writes the new records in one transaction, and drops the oldest past the cap. */
  function persist(added: Array<{ into: Map<string, GrantRecord>; record: GrantRecord }>): void {
    if (!database) return
    const put = sqlOf(database)
      .prepare(`INSERT INTO file_grants (kind, path, dev, ino, granted_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (kind, path) DO UPDATE SET dev = excluded.dev, ino = excluded.ino, granted_at = excluded.granted_at`)
    const trim = sqlOf(database).prepare(`DELETE FROM file_grants WHERE kind = ? AND path IN (
      SELECT path FROM file_grants WHERE kind = ? ORDER BY granted_at LIMIT max(0, (
        SELECT count(*) FROM file_grants WHERE kind = ?) - ?))`)
    database.write('the files you added', () => {
      for (const { into, record } of added) {
        put.run(into === files ? 'file' : 'folder', record.path, record.dev, record.ino, record.grantedAt)
      }
      for (const kind of ['file', 'folder']) trim.run(kind, kind, kind, MAX_GRANT_RECORDS)
    })
  }

  function unpersist(paths: string[]): void {
    if (!database || paths.length === 0) return
    const drop = sqlOf(database).prepare("DELETE FROM file_grants WHERE kind = 'file' AND path = ?")
    database.write('the files you added', () => {
      for (const path of paths) drop.run(path)
    })
  }

  function isGranted(path: string): boolean {
    const full = resolve(path)
    if (files.has(full) || folders.has(full)) return true
    for (const folder of folders.keys()) if (full.startsWith(withSep(folder))) return true
    return false
  }

  /** The identity the file at `full` must have to be read: from its own record or a granted folder's. */
  async function expectedIdentity(full: string): Promise<'missing' | 'refused' | BigIntStats> {
    const current = await stat(full, { bigint: true }).catch(() => undefined)
    const own = files.get(full)
    if (own) {
      if (!current) return 'missing'
      if (sameIdentity(own, current)) return current
    }
    for (const folder of folders.values()) {
      if (!full.startsWith(withSep(folder.path))) continue
      if (!current) return 'missing'
      const folderNow = await stat(folder.path, { bigint: true }).catch(() => undefined)
      if (!folderNow || !sameIdentity(folder, folderNow)) continue
      const [real, realFolder] = await Promise.all([
        realpath(full).catch(() => undefined),
        realpath(folder.path).catch(() => undefined),
      ])
      if (real !== undefined && realFolder !== undefined && real.startsWith(withSep(realFolder)))
        return current
    }
    return 'refused'
  }

  async function allows(path: string): Promise<boolean> {
    const verdict = await expectedIdentity(resolve(path))
    return verdict !== 'refused'
  }

  async function expand(paths: readonly string[]): Promise<string[]> {
    const out: string[] = []
    for (const path of paths) {
      const full = resolve(path)
      let info
      try {
        info = await stat(full)
      } catch (error) {
        throw new AppError(
          { kind: 'file', ...errorReason('file-unreadable'), message: `${basename(full)}: cannot be read` },
          { cause: error },
        )
      }
      if (info.isDirectory()) await walkFolder(full, out)
      else if (info.isFile()) out.push(full)
      if (out.length > MAX_EXPANDED_FILES) {
        throw new AppError({
          kind: 'validation',
          ...errorReason('too-many-files', { max: MAX_EXPANDED_FILES }),
          message: `more than ${MAX_EXPANDED_FILES} files at once`,
        })
      }
    }
    return [...new Set(out)]
  }

  return {
    isGranted,
    allows,
    async grant(paths) {
      const expanded: string[] = []
      const newRecords: Array<{ into: Map<string, GrantRecord>; record: GrantRecord }> = []
      const grantedAt = new Date().toISOString()
      for (const path of paths) {
        const full = resolve(path)
        const info = await stat(full, { bigint: true }).catch(() => undefined)
        if (!info) continue
        const record = { path: full, ...identityOf(info), grantedAt }
        if (info.isDirectory()) newRecords.push({ into: folders, record })
        else if (info.isFile()) newRecords.push({ into: files, record })
        else continue
        expanded.push(...(await expand([full])))
      }
      // Granted only once every path expanded: a drop refused as too big must not leave its folder granted.
      const replaced = newRecords.map(
        ({ into, record }) => [into, record.path, into.get(record.path)] as const,
      )
      for (const { into, record } of newRecords) into.set(record.path, record)
      if (newRecords.length > 0) {
        try {
          persist(newRecords)
        } catch (error) {
          for (const [into, path, previous] of replaced) {
            if (previous) into.set(path, previous)
            else into.delete(path)
          }
          // The database's error already says what was not saved and why (a full disk, a busy folder).
          if (error instanceof AppError) throw error
          throw new AppError(
            {
              kind: 'file',
              code: (error as NodeJS.ErrnoException).code,
              message: `Could not remember the files you added: ${(error as Error).message}`,
            },
            { cause: error },
          )
        }
      }
      return Promise.all([...new Set(expanded)].map(pickedFile))
    },
    async resolveForUpload(paths) {
      for (const path of paths) {
        if (!(await allows(path))) throw notGivenError(path)
      }
      return expand(paths)
    },
    async forget(paths) {
      const gone = paths.map((path) => resolve(path)).filter((full) => files.delete(full))
      unpersist(gone)
    },
    async checkOpened(path, handle) {
      const full = resolve(path)
      const verdict = await expectedIdentity(full)
      if (verdict === 'refused' || verdict === 'missing') throw notGivenError(full)
      // What the handle holds must be the file just checked: a swap between the check and the open (or the
      // other way round) shows as another identity.
      const opened = await handle.stat({ bigint: true })
      if (opened.dev !== verdict.dev || opened.ino !== verdict.ino || !opened.isFile()) {
        throw notGivenError(full)
      }
    },
  }
}

/** Regular files only: symbolic links are skipped so a link inside a folder cannot reach outside it. */
async function pickedFile(path: string): Promise<PickedFile> {
  const info = await lstat(path)
  return { path, name: basename(path), size: info.size, mimetype: mime.getType(path) }
}

/** grants.json from before the database, moved into `file_grants` once; unusable records are counted and said. */
function importGrantsFile(database: AppDatabase, path: string, warn?: (message: string) => void): void {
  try {
    importLegacyFile(database, {
      name: 'file-grants',
      path,
      read(source) {
        const records: Array<{ kind: 'file' | 'folder'; record: GrantRecord }> = []
        let parsed: z.infer<typeof documentSchema>
        try {
          const checked = documentSchema.safeParse(JSON.parse(readFileSync(source, 'utf8')))
          if (!checked.success) throw new Error('not a grants document')
          parsed = checked.data
        } catch (error) {
          // Starting with no grants is the safe side: the person adds the files again, nothing is read unasked.
          warn?.(`file grants: ${(error as Error).message}; starting with none`)
          return records
        }
        let skipped = 0
        for (const [list, kind] of [
          [parsed.files, 'file'],
          [parsed.folders, 'folder'],
        ] as const) {
          for (const raw of list) {
            const record = recordSchema.safeParse(raw)
            if (record.success) records.push({ kind, record: record.data })
            else skipped++
          }
        }
        if (skipped > 0) warn?.(`file grants: ${skipped} unusable record(s) skipped`)
        return records
      },
      write(records) {
        const insert = sqlOf(database).prepare(
          'INSERT OR REPLACE INTO file_grants (kind, path, dev, ino, granted_at) VALUES (?, ?, ?, ?, ?)',
        )
        for (const { kind, record } of records) {
          insert.run(kind, record.path, record.dev, record.ino, record.grantedAt)
        }
        return records.length
      },
    })
  } catch (error) {
    warn?.(`file grants: ${path} not imported (${(error as Error).message}); kept where it is`)
  }
}

/** A file grant: the `file_grants` table's row, declared once (../db/rows.ts). */
export const fileGrantsTable = declareTable({
  table: 'file_grants',
  key: ['kind', 'path'],
  what: 'a file grant',
  columns: z.object({
    kind: z.string(),
    path: z.string(),
    dev: z.string(),
    ino: z.string(),
    granted_at: z.string(),
  }),
})
