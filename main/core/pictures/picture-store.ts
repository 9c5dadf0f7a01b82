// The pictures the views show that live elsewhere (account avatars on a platform's CDN; the stored pictures of
// a post in the composer, keyed by their address), fetched by main and kept under <data>/pictures so the page
// never loads a third-party host (main/host/csp.ts) and still shows them offline. The registry is the
// `pictures` table (db/migrations/009-pictures.ts); the bytes are one file per picture, named by hashing the
// profile and the key, so no address or key ever names a path.
//
// A picture is known by what it is of (`account:<id>`), not by its address: a CDN hands out a new, short-lived
// address for the same avatar on every list, and a copy fetched within `maxAgeMs` answers for any of them.
// Older than that, the current address is fetched again; when that fails (offline, the address expired) the
// copy kept is still shown, as a stale picture beats initials. A refused or failed fetch keeps nothing.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import { AppError } from '../../../common/errors'
import type { AppDatabase } from '../db/database'
import { countRow, parseRow, readRow, readRows } from '../db/rows'
import type { TokenBucketClock } from '../uploads/token-bucket'
import type { LookupAll } from './address-guard'
import { fetchPicture, PICTURE_TYPES, type PictureType } from './picture-fetch'
import { pictureSizesTable, picturesTable } from './picture-rows'
import { sqlOf } from '../db/handle'

export const PICTURES_DIR = 'pictures'
/** Room for the avatars (tens of kilobytes each) and the pictures of the posts being written (megabytes). */
export const DEFAULT_PICTURE_CACHE_BYTES = 200 * 1024 * 1024
/**
 * An avatar is tens of kilobytes, but a post's picture is shown from here too (the composer's previews): 20 MB
 * is the largest picture most networks take (common/publishing-limits.ts). A larger one is not kept; the
 * composer shows the library's thumbnail of it instead (common/pictures.ts storedPictureAddresses).
 */
export const DEFAULT_MAX_PICTURE_BYTES = 20 * 1024 * 1024
export const DEFAULT_PICTURE_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** 20 MB in 30 s is about 5 Mbit/s: a slow link, not a stalled host. */
export const DEFAULT_PICTURE_DEADLINE_MS = 30_000
/** Longer keys are no account id; refusing them keeps the table's rows small. */
const MAX_KEY_LENGTH = 2048

export interface PictureRequest {
  /** The profile the picture is for. */
  scope: string
  /** What the picture is of (`account:<id>`), or the address itself. */
  key: string
  /** Where to fetch it now (the service's latest address for it). */
  url: string
  dispatcher: Dispatcher
  /** Origins exempt from the private-address rule (./address-guard.ts). */
  trusted: readonly string[]
}

export interface Picture {
  bytes: Buffer
  type: PictureType
  fetchedAt: number
  /** The copy kept, shown because fetching a newer one failed. */
  stale: boolean
}

export interface PictureStoreOptions {
  database: AppDatabase
  dir: string
  lookup: LookupAll
  /** now() in epoch milliseconds, and the timers of the fetch deadline. */
  clock: TokenBucketClock
  maxBytes?: number
  maxItemBytes?: number
  maxAgeMs?: number
  deadlineMs?: number
}

export interface PictureStore {
  get(request: PictureRequest): Promise<Picture>
  /** Bytes kept now, by the registry. */
  size(): number
}

type Row = z.output<typeof picturesTable.row>

const fileNameOf = (scope: string, key: string) =>
  `${createHash('sha256').update(scope).update('\0').update(key).digest('hex')}.pic`

export function createPictureStore(options: PictureStoreOptions): PictureStore {
  const { database, dir, clock } = options
  const maxBytes = options.maxBytes ?? DEFAULT_PICTURE_CACHE_BYTES
  const maxItemBytes = Math.min(options.maxItemBytes ?? DEFAULT_MAX_PICTURE_BYTES, maxBytes)
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_PICTURE_MAX_AGE_MS
  const deadlineMs = options.deadlineMs ?? DEFAULT_PICTURE_DEADLINE_MS
  const db = sqlOf(database)
  const select = db.prepare(
    'SELECT scope, key, url, file, type, size, fetched_at FROM pictures WHERE scope = ? AND key = ?',
  )
  const touch = db.prepare('UPDATE pictures SET used_at = ? WHERE scope = ? AND key = ?')
  const forget = db.prepare('DELETE FROM pictures WHERE scope = ? AND key = ?')
  const upsert = db.prepare(
    `INSERT INTO pictures (scope, key, url, file, type, size, fetched_at, used_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET url = excluded.url, file = excluded.file, type = excluded.type,
       size = excluded.size, fetched_at = excluded.fetched_at, used_at = excluded.used_at`,
  )
  const total = db.prepare('SELECT COALESCE(SUM(size), 0) AS n FROM pictures')
  const totalBytes = () => parseRow('pictures', countRow, total.get())?.n ?? 0
  const oldest = db.prepare('SELECT scope, key, file, size FROM pictures ORDER BY used_at, rowid')
  // One fetch per picture at a time: a list of twenty rows with the same avatar asks once.
  const inFlight = new Map<string, Promise<Picture>>()
  let ready: Promise<unknown> | undefined

  /** The kept copy, or undefined when there is none (or its file went: then the row goes too). */
  async function kept(scope: string, key: string): Promise<{ row: Row; bytes: Buffer } | undefined> {
    const row = readRow(database, picturesTable, select.get(scope, key))
    if (!row) return undefined
    const bytes = await readFile(join(dir, row.file)).catch(() => undefined)
    if (!bytes || !(PICTURE_TYPES as readonly string[]).includes(row.type)) {
      database.write('the picture registry', () => forget.run(scope, key))
      return undefined
    }
    return { row, bytes }
  }

  function served(scope: string, key: string, found: { row: Row; bytes: Buffer }, stale: boolean): Picture {
    // Only a preference for eviction: a busy database must not cost the picture.
    try {
      database.write('the picture registry', () => touch.run(clock.now(), scope, key))
    } catch {
      // the copy is still shown
    }
    return { bytes: found.bytes, type: found.row.type as PictureType, fetchedAt: found.row.fetched_at, stale }
  }

  async function evict(): Promise<void> {
    const gone: string[] = []
    database.write('the picture registry', () => {
      let bytes = totalBytes()
      if (bytes <= maxBytes) return
      for (const row of readRows(database, pictureSizesTable, oldest.all())) {
        if (bytes <= maxBytes) break
        forget.run(row.scope, row.key)
        gone.push(row.file)
        bytes -= row.size
      }
    })
    await Promise.all(gone.map((file) => rm(join(dir, file), { force: true })))
  }

  async function refresh(request: PictureRequest, before: { row: Row; bytes: Buffer } | undefined) {
    const { scope, key } = request
    try {
      const fetched = await fetchPicture(request.url, {
        dispatcher: request.dispatcher,
        trusted: request.trusted,
        lookup: options.lookup,
        maxBytes: maxItemBytes,
        deadlineMs,
        timers: clock,
      })
      ready ??= mkdir(dir, { recursive: true, mode: 0o700 })
      await ready
      const file = fileNameOf(scope, key)
      const temporary = join(dir, `${file}.${process.pid}.tmp`)
      await writeFile(temporary, fetched.bytes, { mode: 0o600 })
      await rename(temporary, join(dir, file))
      const at = clock.now()
      database.write('the picture registry', () =>
        upsert.run(scope, key, request.url, file, fetched.type, fetched.bytes.length, at, at),
      )
      await evict()
      return { bytes: fetched.bytes, type: fetched.type, fetchedAt: at, stale: false }
    } catch (error) {
      if (before) return served(scope, key, before, true)
      throw error
    }
  }

  return {
    async get(request) {
      const { scope, key } = request
      if (!scope || !key || key.length > MAX_KEY_LENGTH) {
        throw new AppError({
          kind: 'validation',
          field: 'key',
          message: 'A picture needs a profile and a key.',
        })
      }
      const found = await kept(scope, key)
      if (found && clock.now() - found.row.fetched_at < maxAgeMs) return served(scope, key, found, false)
      const id = `${scope}\0${key}`
      let run = inFlight.get(id)
      if (!run) {
        run = refresh(request, found).finally(() => inFlight.delete(id))
        inFlight.set(id, run)
      }
      return run
    },
    size: totalBytes,
  }
}
