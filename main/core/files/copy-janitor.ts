// Copies the app keeps in its data folder for a while are removed as soon as nothing needs them: the browser
// mode's copies of picked and dropped files (main/browser-mode/file-intake.ts, one generated folder each) and
// the cover frames taken from a video (cover-files.ts, one file each). A copy can be needed only by an upload
// that may still read it or by a draft that will upload it. A person who queues a 300 MB video should not find
// a 300 MB copy of it in the data folder a week later, nor every cover frame ever taken.
//
// A copy is needed while
// - an upload item names it that is queued, under way, or failed for a reason a retry can overcome (the
//   storage was full, the network or the service failed); an item that failed because of the file itself (empty,
//   unreadable) or because the service refused it (validation) fails the same way on a retry, as the copy never
//   changes; done and cancelled items read nothing more. Every profile's queue counts: another profile's journal
//   resumes its items when that profile is active again.
// - a local draft of any profile names it as local media not uploaded yet (no `uploadedUrl`), or as a cover
//   still on disk (`thumbnail`: the outbox replaces it by the uploaded address, core/drafts/outbox.ts);
// - it was received in this run a short while ago and nothing named it yet: the page streams the bytes (or
//   saves the cover frame) first and names the path in its next call (uploads:start, or a draft saved later).
// Whatever cannot be read (the drafts file, a journal) keeps every copy: the sweep stops without removing any.
// The copies received and not named yet are a registry (CopyRegistry): in the local database for the host
// (`kept_copies`, migration 004-files), so that another process sweeping the same folder (the app beside the
// browser mode) leaves alone a copy this one just received. A claim ends with the process that made it (its
// janitor closed, or the process gone): nothing will name that copy any more.
//
// That last grace is what a page could abuse (60 cover frames of 4 MB, or endless intake copies, each kept a
// day), so the copies received and not named yet have a quota in bytes: past it, a new copy is refused.
import { readdir, rm } from 'node:fs/promises'
import type { AppDatabase } from '../db/database'
import { deadOwner, processOwner } from '../db/leases'
import { join, resolve } from 'node:path'
import { isLocalCover } from '../../../common/local-files'
import type { AppErrorData } from '../../../common/errors'
import type { UploadState } from '../../../common/uploads'
import { sqlOf } from '../db/handle'
import { z } from 'zod'
import { columnsOf, declareTable, integer, parseRow } from '../db/rows'

/** What the janitor needs of an upload item, from the live queue or from a journal on disk. */
export interface CopyUploadUse {
  path: string
  state: UploadState
  error?: Pick<AppErrorData, 'kind'>
}

/** The copies received and not named yet, with when each was received (milliseconds). */
export interface CopyRegistry {
  received(path: string, at: number): void
  receivedAt(path: string): number | undefined
  drop(path: string): void
  /** Forgets entries received before `at` (their window is over, named or not). */
  prune(at: number): void
  /** The claims of this process end (its janitor closes). */
  close?(): void
}

export function memoryCopyRegistry(): CopyRegistry {
  const unclaimed = new Map<string, number>()
  return {
    received: (path, at) => void unclaimed.set(path, at),
    receivedAt: (path) => unclaimed.get(path),
    drop: (path) => void unclaimed.delete(path),
    prune(at) {
      for (const [path, since] of unclaimed) if (since < at) unclaimed.delete(path)
    },
  }
}

/** The registry in the data folder's database, shared by the processes that use the folder. */
export function databaseCopyRegistry(database: AppDatabase, owner = processOwner()): CopyRegistry {
  const db = sqlOf(database)
  const put = db.prepare('INSERT OR REPLACE INTO kept_copies (path, received_at, owner) VALUES (?, ?, ?)')
  const get = db.prepare('SELECT received_at, owner FROM kept_copies WHERE path = ?')
  const drop = db.prepare('DELETE FROM kept_copies WHERE path = ?')
  const prune = db.prepare('DELETE FROM kept_copies WHERE received_at < ?')
  const end = db.prepare('DELETE FROM kept_copies WHERE owner = ?')
  return {
    received: (path, at) => database.write('the copies kept', () => void put.run(path, at, owner)),
    receivedAt(path) {
      const row = parseRow('kept_copies', columnsOf(keptCopiesTable, 'received_at', 'owner'), get.get(path))
      // Another process's claim counts while that process runs; a killed one's claim died with it.
      if (!row || (row.owner !== owner && deadOwner(row.owner))) return undefined
      return row.received_at
    },
    drop: (path) => database.write('the copies kept', () => void drop.run(path)),
    prune: (at) => database.write('the copies kept', () => void prune.run(at)),
    close: () => database.write('the copies kept', () => void end.run(owner)),
  }
}

export interface CopyJanitorDeps {
  /** Where the copies received and not named yet are remembered; default in memory. */
  registry?: CopyRegistry
  /** The folder the copies are written into: one generated folder (or one file) per received copy. */
  dir: string
  /** Every upload item of every profile: the active engine's queue and the other profiles' journals. */
  uploads(): Promise<Iterable<CopyUploadUse>>
  /** Every local draft of every profile, as now saved (any schema version: read defensively). */
  drafts(): Promise<Iterable<unknown>>
  /** Drops the grant records of removed copies; failing it costs a stale record, never a copy. */
  forget?(paths: string[]): Promise<void>
  /** How long a copy received in this run is kept before anything names it (default a day). */
  claimWindowMs?: number
  now?: () => number
  warn?(message: string, error?: unknown): void
  /** Most bytes the copies received and not named yet may hold together (default: no bound). */
  maxUnclaimedBytes?: number
  /** The error a copy past that bound is refused with (its words depend on the kind of copy). */
  quotaError?(maxBytes: number): Error
}

export interface CopyJanitor {
  /**
   * Called when a copy's folder (or file) is created, before anything names it, with the bytes it will hold
   * when known. Throws the quota's error, recording nothing, when the unclaimed copies would pass the bound.
   */
  received(folder: string, bytes?: number): void
  /** Counts `bytes` more in a copy received earlier (a stream being written); throws past the bound. */
  grow(folder: string, bytes: number): void
  /** The writer removed a copy it could not finish: its bytes no longer count. */
  release(folder: string): void
  /** Bytes held by the copies received in this run that nothing has named yet. */
  unclaimedBytes(): number
  /** Asks for a sweep soon; requests made while one runs are served by one more sweep after it. */
  request(): void
  /** Runs a sweep now (after any running one) and resolves with the copies removed. */
  sweep(): Promise<string[]>
  close(): Promise<void>
}

/** Failures a retry of the same unchanged copy would meet again. */
const FINAL_FAILURE_KINDS: ReadonlySet<string> = new Set(['file', 'validation'])

export function uploadNeedsFile(item: CopyUploadUse): boolean {
  if (item.state === 'done' || item.state === 'cancelled') return false
  if (item.state === 'failed') return !item.error || !FINAL_FAILURE_KINDS.has(item.error.kind)
  return true
}

/** Local media and cover paths a stored draft still has to upload, and every path it names at all. */
function draftPaths(draft: unknown): { needed: string[]; named: string[] } {
  const media = (draft as { localMedia?: unknown } | null)?.localMedia
  const needed: string[] = []
  const named: string[] = []
  // A cover picked on disk stays a path in `thumbnail` until the outbox uploads it (common/local-files.ts).
  const posted = (draft as { post?: { medias?: unknown } } | null)?.post?.medias
  for (const m of [...(Array.isArray(posted) ? posted : []), ...(Array.isArray(media) ? media : [])]) {
    const cover = (m as { thumbnail?: unknown } | null)?.thumbnail
    if (typeof cover !== 'string' || !isLocalCover(cover)) continue
    named.push(cover)
    needed.push(cover)
  }
  if (!Array.isArray(media)) return { needed, named }
  for (const m of media) {
    const path = (m as { path?: unknown } | null)?.path
    if (typeof path !== 'string' || !path) continue
    named.push(path)
    const uploaded = (m as { uploadedUrl?: unknown }).uploadedUrl
    if (typeof uploaded !== 'string' || !uploaded) needed.push(path)
  }
  return { needed, named }
}

export function createCopyJanitor(deps: CopyJanitorDeps): CopyJanitor {
  const dir = resolve(deps.dir)
  const now = deps.now ?? Date.now
  const claimWindowMs = deps.claimWindowMs ?? 24 * 3600_000
  const warn = deps.warn ?? ((message: string) => console.warn(message))
  /** Folders received that nothing has named yet, with when they were received (shared with other processes). */
  const unclaimed = deps.registry ?? memoryCopyRegistry()
  /** This process's received and unnamed copies' bytes, for the quota: a page's abuse is this process's. */
  const unclaimedBytes = new Map<string, number>()
  let unclaimedTotal = 0
  const maxUnclaimed = deps.maxUnclaimedBytes ?? Number.POSITIVE_INFINITY
  const forgetUnclaimed = (folder: string): void => {
    unclaimed.drop(folder)
    const bytes = unclaimedBytes.get(folder)
    if (bytes === undefined) return
    unclaimedTotal -= bytes
    unclaimedBytes.delete(folder)
  }
  const admit = (bytes: number): void => {
    if (unclaimedTotal + bytes <= maxUnclaimed) return
    throw (
      deps.quotaError?.(maxUnclaimed) ??
      new Error(`the copies waiting in ${dir} would pass ${maxUnclaimed} bytes`)
    )
  }
  let running: Promise<string[]> = Promise.resolve([])
  let queued: Promise<string[]> | undefined
  let closed = false

  async function sweepOnce(): Promise<string[]> {
    if (closed) return []
    let entries: string[]
    try {
      entries = await readdir(dir)
    } catch {
      return []
    }
    const needed = new Set<string>()
    const named = new Set<string>()
    try {
      for (const item of await deps.uploads()) {
        const full = resolve(item.path)
        named.add(full)
        if (uploadNeedsFile(item)) needed.add(full)
      }
      for (const draft of await deps.drafts()) {
        const paths = draftPaths(draft)
        for (const path of paths.named) named.add(resolve(path))
        for (const path of paths.needed) needed.add(resolve(path))
      }
    } catch (error) {
      warn(`copies in ${dir} kept: what needs them could not be read`, error)
      return []
    }
    const removed: string[] = []
    for (const entry of entries) {
      const folder = join(dir, entry)
      // A stray file beside the generated folders stands for itself.
      const files = await readdir(folder)
        .then((names) => names.map((name) => join(folder, name)))
        .catch(() => [folder])
      if (files.some((file) => named.has(file))) forgetUnclaimed(folder)
      if (files.some((file) => needed.has(file))) continue
      const since = unclaimed.receivedAt(folder)
      if (since !== undefined && now() - since < claimWindowMs) continue
      if (closed) break
      try {
        await rm(folder, { recursive: true, force: true })
      } catch (error) {
        warn(`could not remove the copy ${folder}`, error)
        continue
      }
      forgetUnclaimed(folder)
      removed.push(...files)
    }
    unclaimed.prune(now() - claimWindowMs)
    if (removed.length > 0 && deps.forget) {
      await deps.forget(removed).catch((error: unknown) => warn('could not forget removed copies', error))
    }
    return removed
  }

  function sweep(): Promise<string[]> {
    // One sweep at a time; every caller waiting while one runs shares the next one, which sees their change.
    queued ??= running.then(() => {
      queued = undefined
      return sweepOnce()
    })
    running = queued.catch(() => [])
    return queued
  }

  return {
    received(folder, bytes = 0) {
      const key = resolve(folder)
      const before = unclaimedBytes.get(key) ?? 0
      admit(bytes - before)
      unclaimedTotal += bytes - before
      unclaimedBytes.set(key, bytes)
      try {
        unclaimed.received(key, now())
      } catch (error) {
        // Unremembered, the copy still lives until a sweep finds nothing naming it: said, not thrown.
        warn(`could not remember the copy ${folder}`, error)
      }
    },
    grow(folder, bytes) {
      const key = resolve(folder)
      const before = unclaimedBytes.get(key)
      if (before === undefined) return
      admit(bytes)
      unclaimedBytes.set(key, before + bytes)
      unclaimedTotal += bytes
    },
    release: (folder) => forgetUnclaimed(resolve(folder)),
    unclaimedBytes: () => unclaimedTotal,
    request() {
      sweep().catch((error: unknown) => warn(`sweeping the copies in ${dir} failed`, error))
    },
    sweep,
    async close() {
      closed = true
      await running
      try {
        unclaimed.close?.()
      } catch (error) {
        warn('could not end the claims on copies', error)
      }
    },
  }
}

/** A kept copy: the `kept_copies` table's row, declared once (../db/rows.ts). */
export const keptCopiesTable = declareTable({
  table: 'kept_copies',
  key: ['path'],
  what: 'a kept copy',
  columns: z.object({ path: z.string(), received_at: integer, owner: z.string() }),
})
