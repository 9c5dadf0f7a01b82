// Identical bytes are not uploaded twice. Before a file's init, the engine looks for the same bytes among
// what is already stored, or on its way there:
// - only files of the same size and the same first bytes (the probe's head hash, no read of its own) can hold
//   the same bytes, so a file with no such candidate is not hashed before its upload at all (its hash comes
//   from the PUT's own reads, see hasherFor);
// - with a candidate, the local file is hashed first (SHA-256, one read) and compared by full hash:
//   - an earlier item of the queue still under way: its file is hashed too (once, memoised), and on a match
//     this item waits for it and takes its stored file: a batch repeating one file uploads it once;
//   - a stored file from the account's content index (./content-index.ts): when the index lacks its hash, the
//     hash is learned by reading the file from its public URL, and kept;
// - the same file on its way to the account from another process (the app and a CLI run given one folder at
//   once, uploadsElsewhere in ./upload-store.ts): this item waits for it, and takes its stored file once it is done;
// - before any reuse the stored file is asked for (it may have been deleted elsewhere); one that is gone
//   leaves the index.
// How the PUT's reads are hashed, and when hashing a large file is dropped because it would slow the upload:
// ./hash-on-the-way.ts.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import type { UploadItem } from '../../../common/uploads'
import type { ReadCheck } from './file-probe'
import type { ContentIndex, StoredContent } from './content-index'
import { isFinal } from './upload-engine-types'
import type { Entry, UploadEngineOptions } from './upload-engine-types'
import { splitUrlVerbatim } from './storage-put'
import { createHashOnTheWay } from './hash-on-the-way'
import type { UploadsElsewhere } from './upload-queue-types'
import type { HashOnTheWay } from './hash-on-the-way'

export interface ContentDedupe {
  /** The stored file that holds this entry's bytes, confirmed to exist; null when the bytes are new. */
  findStored(entry: Entry, signal: AbortSignal): Promise<StoredContent | null>
  /** A hash fed by the PUT's reads (dropped along the way when it would slow the upload). */
  hasherFor(): HashOnTheWay
  /** After complete: the stored file joins the index, with its hash when it was taken. */
  remember(entry: Entry, sha256: string | undefined): Promise<void>
  /** The index's writes are done (close). */
  settled(): Promise<void>
}

export interface ContentDedupeDeps {
  index: ContentIndex
  client: Pick<UploadEngineOptions['client'], 'getFile'>
  entries: ReadonlyMap<string, Entry>
  /** Resolves with the item once it is final. */
  waitFinal(id: string, signal: AbortSignal): Promise<UploadItem>
  /** How public URLs are read (the storage's dispatcher: no Authorization). */
  storage: Dispatcher
  checkRead?: ReadCheck
  warn(message: string): void
  /** Other processes' items of the account (absent: this queue is alone). */
  elsewhere?: {
    uploads: UploadsElsewhere
    /** The wait between two looks at another process's item (the engine's sleep: tests step it). */
    pause(signal: AbortSignal): Promise<void>
  }
}

/** Past this, another process's upload is no longer waited for (its address has expired by then). */
export const ELSEWHERE_WAIT_MS = 10 * 60_000
/** How often another process's item is looked at while waited for. */
export const ELSEWHERE_POLL_MS = 1_000

export function createContentDedupe(d: ContentDedupeDeps): ContentDedupe {
  function localHash(entry: Entry): Promise<string> {
    entry.contentHash ??= hashLocalFile(entry.item.path, d.checkRead)
    return entry.contentHash
  }

  async function storedHash(file: StoredContent, signal: AbortSignal): Promise<string | null> {
    if (file.sha256) return file.sha256
    const sha256 = await hashUrl(d.storage, file.url, {
      size: file.size,
      signal,
      deadlineMs: storedHashDeadlineMs(file.size),
    }).catch(() => null)
    if (sha256) await d.index.remember({ ...file, sha256 })
    return sha256
  }

  /** The service still holds this file, finished. */
  async function stillStored(file: StoredContent, signal: AbortSignal): Promise<boolean> {
    try {
      const found = await d.client.getFile(file.fileId, { signal })
      if (found.status === 'success') return true
    } catch (error) {
      if (AppError.from(error).kind !== 'not-found') throw error
    }
    await d.index.forget(file.fileId)
    return false
  }

  /**
   * The stored file another process made of this entry's file, once its upload of it is done; null when none
   * is on its way, or it ended without one (this item then sends the file itself). Only ever saves work: a
   * database that cannot be read says none.
   */
  async function sentElsewhere(entry: Entry, signal: AbortSignal): Promise<StoredContent | null> {
    if (!d.elsewhere) return null
    const { uploads: elsewhere, pause } = d.elsewhere
    const look = <T>(read: () => T, none: T): T => {
      try {
        return read()
      } catch (error) {
        d.warn(
          `upload queue: could not look for the same file sent elsewhere (${AppError.from(error).message})`,
        )
        return none
      }
    }
    const { item } = entry
    const other = look(() => elsewhere.underWay(item.id, item.path, entry.identity), undefined)
    if (other === undefined) return null
    for (let waited = 0; waited < ELSEWHERE_WAIT_MS; waited += ELSEWHERE_POLL_MS) {
      await pause(signal)
      const outcome = look(() => elsewhere.outcome(other), 'gone' as const)
      if (outcome === 'gone') return null
      if (outcome === 'running') continue
      const file = { ...outcome, size: item.size }
      return (await stillStored(file, signal)) ? file : null
    }
    return null
  }

  return {
    async findStored(entry, signal) {
      const sent = await sentElsewhere(entry, signal)
      if (sent) return sent
      const { size } = entry.item
      // A head hash unknown on either side (a restored item, a file learned from its URL) rules nothing out.
      const sameHead = (head: string | undefined): boolean =>
        head === undefined || entry.headSha256 === undefined || head === entry.headSha256
      const earlier: Entry[] = []
      for (const other of d.entries.values()) {
        if (other === entry) break
        // Only runs under way: one still queued behind this run's lookahead might never start before it ends.
        if (other.item.size === size && other.run && !isFinal(other.item.state) && sameHead(other.headSha256))
          earlier.push(other)
      }
      const stored = (await d.index.sameSize(size)).filter((f) => sameHead(f.headSha256))
      if (earlier.length === 0 && stored.length === 0) return null
      const mine = await localHash(entry)
      for (const other of earlier) {
        if ((await localHash(other).catch(() => null)) !== mine) continue
        const done = await d.waitFinal(other.item.id, signal)
        if (done.state === 'done' && done.fileId && done.url && done.key !== undefined) {
          return { fileId: done.fileId, size, key: done.key, url: done.url, sha256: mine }
        }
      }
      for (const file of stored) {
        if ((await storedHash(file, signal)) !== mine) continue
        if (await stillStored(file, signal)) return file
      }
      return null
    },
    hasherFor: () => createHashOnTheWay(),
    async remember(entry, sha256) {
      const { fileId, key, url, size } = entry.item
      if (!fileId || key === undefined || !url) return
      const { headSha256 } = entry
      await d.index.remember({
        fileId,
        size,
        key,
        url,
        ...(sha256 ? { sha256 } : {}),
        ...(headSha256 ? { headSha256 } : {}),
      })
    },
    settled: () => d.index.settled(),
  }
}

async function hashLocalFile(path: string, checkRead?: ReadCheck): Promise<string> {
  const handle = await open(path, 'r')
  try {
    await checkRead?.(path, handle)
    const hash = createHash('sha256')
    for await (const chunk of createReadStream('', {
      fd: handle.fd,
      autoClose: false,
      highWaterMark: 1 << 20,
    }))
      hash.update(chunk as Buffer)
    return hash.digest('hex')
  } finally {
    await handle.close()
  }
}

/**
 * How long reading a stored file back may take: a minute, plus its size at 256 KiB/s. Past it the hash is not
 * learned and the file is simply uploaded (dedupe only ever saves work), so a storage that drips its answer
 * cannot hold the upload up for ever.
 */
export function storedHashDeadlineMs(size: number): number {
  return 60_000 + Math.ceil(size / (256 * 1024)) * 1000
}

/**
 * The SHA-256 of the file at a public URL, or null when it cannot be the same bytes: an answer that is not 200
 * (its body dropped unread) or longer than `size` (reading stops there). Throws when the deadline passes.
 */
export async function hashUrl(
  storage: Dispatcher,
  url: string,
  o: { size: number; signal: AbortSignal; deadlineMs: number },
): Promise<string | null> {
  const { origin, path } = splitUrlVerbatim(url)
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.deadlineMs)])
  const { statusCode, body } = await storage.request({ origin, path, method: 'GET', signal })
  if (statusCode !== 200) {
    body.destroy()
    return null
  }
  const hash = createHash('sha256')
  let read = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    read += chunk.length
    if (read > o.size) return null
    hash.update(chunk)
  }
  return hash.digest('hex')
}
