// After a crash or a restart: what the queue's rows (./upload-store.ts) remember becomes queue entries again, a pending
// file of an interrupted item is looked at before anything is sent again, and pending files that inits of an
// earlier run made without ever hearing the answer are found and deleted.
import { AppError } from '../../../common/errors'
import type { UploadItem } from '../../../common/uploads'
import type { InitIntent, QueueWrites, RestoredItem } from './upload-queue-types'
import { createRateMeter } from './rate-meter'
import { isFinal } from './upload-engine-types'
import type { Entry, UploadEngineOptions } from './upload-engine-types'

type RecoveryClient = Pick<UploadEngineOptions['client'], 'getFile' | 'deleteFile' | 'listFiles'>

/** A restored item as a queue entry: an interrupted one is queued again, remembering its pending file. */
export function restoreEntry(r: RestoredItem, now: () => number): Entry {
  const interrupted = !isFinal(r.state)
  const item: UploadItem = {
    id: r.id,
    path: r.path,
    name: r.name,
    size: r.size,
    mimetype: r.mimetype,
    mimeWarning: r.mimeWarning,
    state: interrupted ? 'queued' : r.state,
    bytesSent: r.state === 'done' ? r.size : 0,
    rateBytesPerSec: 0,
    etaSeconds: null,
    attempts: 0,
    error: r.error,
    fileId: interrupted ? undefined : r.fileId,
    key: interrupted ? undefined : r.key,
    url: interrupted ? undefined : r.url,
    ...(!interrupted && r.reused ? { reused: true } : {}),
    batchId: r.batchId,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  }
  return {
    item,
    identity: { size: r.size, mtimeMs: r.mtimeMs, ctimeMs: r.ctimeMs, ino: r.ino },
    meter: createRateMeter(now),
    recoverFileId: interrupted ? r.fileId : undefined,
    idempotencyKey: r.idempotencyKey,
    // A probed file is never empty (statRegularFile refuses it): size 0 marks a file that failed its probe.
    unprobed: r.size === 0,
  }
}

/**
 * An item that reached init before the crash has a pending file. If complete went through but its `done`
 * state was not written, the service says success: that item is finished and must not be sent again (true). Any
 * other pending file is deleted and the item starts over (false).
 */
export async function recoverFinished(
  client: RecoveryClient,
  entry: Entry,
  fileId: string,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const file = await client.getFile(fileId, { signal })
    if (file.status === 'success') {
      Object.assign(entry.item, { fileId, key: file.key, url: file.url })
      return true
    }
    await client.deleteFile(fileId, { signal }).catch(() => undefined)
  } catch (error) {
    const e = AppError.from(error)
    if (e.kind !== 'not-found') throw e
  }
  return false
}

/**
 * An interrupted item cancelled before it ran again: the file its last run made is deleted if it is still
 * pending (one that finished is the person's file, kept). Any failure leaves it: the item is cancelled anyway,
 * and the worst left is a pending file the service lists.
 */
export async function discardInterrupted(client: RecoveryClient, fileId: string): Promise<void> {
  try {
    if ((await client.getFile(fileId)).status !== 'success') await client.deleteFile(fileId)
  } catch {
    // Not reached, or gone already.
  }
}

export interface OrphanSweep {
  client: RecoveryClient
  writes: QueueWrites
  journalPath: string
  entries: ReadonlyMap<string, Entry>
  /** Stored files any queue's item holds, in any process (./upload-store.ts): never another's orphans. */
  knownFileIds?: () => Set<string>
  orphanWindowMs: number
  now: () => number
  warn(message: string): void
}

/**
 * Deletes the pending files that inits of an earlier run made but never heard back from. A file is taken as
 * this client's only when its name and size are an open intent's, it was created within orphanWindowMs of
 * that intent, no item of the queue holds it, and no more such files exist than intents that could have
 * made them; anything less sure (a same-named upload from another device, say) is left alone.
 */
export async function sweepOrphans(
  s: OrphanSweep,
  intents: InitIntent[],
  signal: AbortSignal,
): Promise<void> {
  const known = new Set<string>(s.knownFileIds?.())
  for (const { item, recoverFileId } of s.entries.values()) {
    if (item.fileId) known.add(item.fileId)
    if (recoverFileId) known.add(recoverFileId)
  }
  const byName = new Map<string, InitIntent[]>()
  for (const intent of intents) byName.set(intent.name, [...(byName.get(intent.name) ?? []), intent])
  const nowMs = s.now()
  for (const [name, group] of byName) {
    const pending = (await listNamed(s.client, name, signal)).filter(
      (f) => f.status === 'pending' && f.filename === name && !known.has(f.id),
    )
    const bySize = new Map<number, InitIntent[]>()
    for (const intent of group) bySize.set(intent.size, [...(bySize.get(intent.size) ?? []), intent])
    for (const [size, sameSize] of bySize) {
      const inWindow = (createdAt: string, intent: InitIntent): boolean =>
        Math.abs(Date.parse(createdAt) - Date.parse(intent.at)) <= s.orphanWindowMs
      const candidates = pending.filter(
        (f) => f.size === size && sameSize.some((intent) => inWindow(f.createdAt, intent)),
      )
      if (candidates.length > sameSize.length) {
        s.warn(
          `upload journal ${s.journalPath}: ${candidates.length} pending files named ${name} could be the ` +
            `${sameSize.length} this app lost track of; none is deleted, since which are its own is not known`,
        )
      } else {
        for (const file of candidates) await s.client.deleteFile(file.id, { signal })
      }
      // An intent too young to rule out an init still on its way is looked at again next start.
      const settled =
        candidates.length > 0 ? sameSize : sameSize.filter((i) => nowMs - Date.parse(i.at) > s.orphanWindowMs)
      if (settled.length > 0) {
        await s.writes.settleIntents(settled.map((i) => i.nonce))
      }
    }
  }
}

/** Every file the service lists under `name` (its search is by file name). */
async function listNamed(client: RecoveryClient, name: string, signal: AbortSignal) {
  const files = []
  // A bound, so that a service answering the same page forever cannot hold the queue.
  for (let page = 1; page <= 50; page++) {
    const result = await client.listFiles({ page, limit: 100, search: name }, { signal })
    files.push(...result.docs)
    if (!result.hasNextPage || result.docs.length === 0) break
  }
  return files
}
