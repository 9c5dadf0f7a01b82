// Small pictures of stored files, made by the renderer and kept in <data>/thumbnails so a tile never downloads
// the original again. The page shows them through its own origin's picture route (common/pictures.ts
// thumbnailAddress, main/host/pictures.ts), so a kept one shows offline and its bytes never cross IPC. The total is bounded: past it the least recently used go first. "Used" is the file's
// modification time, set on every read: access times are not kept on many mounts (noatime, relatime).
//
// What arrives is untrusted bytes from a page: each is bounded in size and must begin as a WebP, JPEG or PNG
// does, and it is written under a name derived from the key by hashing, so no key names a path.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../common/errors'
import { formatBytes } from '../../../common/format-bytes'

export const THUMBNAILS_DIR = 'thumbnails'
export const DEFAULT_THUMBNAIL_CACHE_BYTES = 200 * 1024 * 1024

export type ThumbnailType = 'image/webp' | 'image/jpeg' | 'image/png'

/** The image type the bytes begin as, or undefined when they are none of the kinds a thumbnail may be. */
export function thumbnailTypeOf(bytes: Uint8Array): ThumbnailType | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 8 && ascii(1, 4) === 'PNG' && bytes[0] === 0x89) return 'image/png'
  return undefined
}

export interface ThumbnailCacheOptions {
  dir: string
  maxBytes: number
  /** Largest single thumbnail. */
  maxItemBytes: number
  now?: () => number
}

export interface ThumbnailCache {
  put(key: string, bytes: Uint8Array): Promise<void>
  /** Those of `keys` that have a thumbnail, each marked used. */
  kept(keys: readonly string[]): Promise<string[]>
  /** The thumbnail kept under `key` and its type, or undefined when there is none (or it is no longer one). */
  read(key: string): Promise<{ bytes: Buffer; type: ThumbnailType } | undefined>
  /** Bytes kept now (for tests and diagnostics). */
  size(): Promise<number>
}

interface Entry {
  size: number
  usedAt: number
}

const nameOf = (key: string) => `${createHash('sha256').update(key).digest('hex')}.thumb`

export function createThumbnailCache(options: ThumbnailCacheOptions): ThumbnailCache {
  const now = options.now ?? Date.now
  let index: Promise<Map<string, Entry>> | undefined
  let total = 0
  // Writes and evictions one at a time, so the total never counts a file twice.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work)
    queue = run.catch(() => undefined)
    return run
  }

  function load(): Promise<Map<string, Entry>> {
    index ??= (async () => {
      await mkdir(options.dir, { recursive: true })
      const entries = new Map<string, Entry>()
      for (const name of await readdir(options.dir)) {
        if (!name.endsWith('.thumb')) {
          // A temporary file a crash left behind.
          await rm(join(options.dir, name), { force: true }).catch(() => undefined)
          continue
        }
        const info = await stat(join(options.dir, name)).catch(() => undefined)
        if (!info?.isFile()) continue
        entries.set(name, { size: info.size, usedAt: info.mtimeMs })
        total += info.size
      }
      return entries
    })()
    return index
  }

  async function evict(entries: Map<string, Entry>): Promise<void> {
    if (total <= options.maxBytes) return
    const oldestFirst = [...entries].sort((a, b) => a[1].usedAt - b[1].usedAt)
    for (const [name, entry] of oldestFirst) {
      if (total <= options.maxBytes) break
      await rm(join(options.dir, name), { force: true })
      entries.delete(name)
      total -= entry.size
    }
  }

  return {
    put(key, bytes) {
      if (bytes.length > options.maxItemBytes) {
        return Promise.reject(
          new AppError({
            kind: 'validation',
            field: 'data',
            message: `A thumbnail is at most ${formatBytes(options.maxItemBytes)}.`,
          }),
        )
      }
      if (!thumbnailTypeOf(bytes)) {
        return Promise.reject(
          new AppError({
            kind: 'validation',
            field: 'data',
            message: 'A thumbnail must be a WebP, JPEG or PNG image.',
          }),
        )
      }
      return serial(async () => {
        const entries = await load()
        const name = nameOf(key)
        const file = join(options.dir, name)
        const temporary = `${file}.${process.pid}.tmp`
        await writeFile(temporary, bytes, { mode: 0o600 })
        await rename(temporary, file)
        total -= entries.get(name)?.size ?? 0
        entries.set(name, { size: bytes.length, usedAt: now() })
        total += bytes.length
        await evict(entries)
      })
    },
    async kept(keys) {
      const entries = await load()
      const found: string[] = []
      for (const key of keys) {
        const name = nameOf(key)
        const entry = entries.get(name)
        if (!entry) continue
        found.push(key)
        entry.usedAt = now()
        const seconds = entry.usedAt / 1000
        await utimes(join(options.dir, name), seconds, seconds).catch(() => undefined)
      }
      return found
    },
    async read(key) {
      const entries = await load()
      const name = nameOf(key)
      if (!entries.has(name)) return undefined
      const bytes = await readFile(join(options.dir, name)).catch(() => undefined)
      const type = bytes && thumbnailTypeOf(bytes)
      return bytes && type ? { bytes, type } : undefined
    },
    async size() {
      await load()
      await queue
      return total
    },
  }
}
