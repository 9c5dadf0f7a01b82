// One file's way to the storage, and what happens when a step fails. This is the file to read for "what
// happens when a PUT fails".
//   prepare: re-stat a retried file, re-check space for a storage-full retry, look at an interrupted item's
//            pending file (./crash-recovery.ts), refuse a file changed since it was queued;
//   reuse:   the same bytes already stored (./content-dedupe.ts): the item takes that stored file, written
//            as its stored file marked `reused`, and nothing is sent. A reused file is never deleted by this item;
//   init:    ahead of the slot; the intent is written before the request (a lost answer is found later);
//            429 is retried (the only init failure known to have made no file), anything else fails the item;
//   PUT:     holds a transfer slot (./transfer-queue.ts). An address that waited longer than addressMaxWaitMs
//            for the slot is replaced first. A transient fault (5xx, 429, reset, timeout, stall) restarts the
//            PUT from byte 0 with backoff, up to putAttempts; a 403 from storage means the address expired or
//            was refused: the pending file is deleted and a fresh init gives a new address (at most `reinits`
//            times); any other failure deletes the pending file and fails the item. A file that changed on disk
//            fails the item rather than sending mixed bytes;
//   complete: outside the slot, after the init's answer is written; retried on transient faults (completing
//            twice is harmless). A failure deletes the pending file, except on 401 (the keys are gone: the
//            queue stops, see upload-engine.ts).
import { randomUUID } from 'node:crypto'
import type { Dispatcher } from 'undici'
import { AppError, isTransient } from '../../../common/errors'
import { probeFile, sameFileIdentity, statRegularFile } from './file-probe'
import type { FileIdentity } from './file-probe'
import type { InitIntent, QueueWrites } from './upload-queue-types'
import { recoverFinished } from './crash-recovery'
import { waitBeforeRetry } from './retry-timing'
import type { RetryTiming } from './retry-timing'
import type { SpaceAccounting } from './space-accounting'
import { PREREAD_MAX_BYTES, putFile, readWholeFile } from './storage-put'
import type { TokenBucket } from './token-bucket'
import type { TransferQueue } from './transfer-queue'
import { fileChanged } from './upload-messages'
import type { Entry, UploadEngineOptions, UploadLimits } from './upload-engine-types'
import type { ContentDedupe } from './content-dedupe'

export interface FileTransferDeps {
  client: UploadEngineOptions['client']
  writes: QueueWrites
  storage: Dispatcher
  bandwidth: TokenBucket
  queue: Pick<TransferQueue, 'acquireSlot' | 'leaveAhead'>
  space: SpaceAccounting
  dedupe: ContentDedupe
  warn(message: string): void
  /** The item changed (state, bytes): progress listeners hear of it. */
  changed(entry: Entry): void
  now: () => number
  timing: RetryTiming
  limits: UploadLimits
  addressMaxWaitMs: number
  stallTimeoutMs: number
  storageTimeoutMs: number
  chunkBytes?: number
  checkRead?: UploadEngineOptions['checkRead']
}

export interface FileTransfer {
  /** Takes the entry from queued to completed; throws the AppError it fails with. */
  run(entry: Entry, signal: AbortSignal): Promise<void>
  /** Best effort: deletes the item's pending file on the service, if it has one. */
  discardPending(entry: Entry): Promise<void>
}

export function createFileTransfer(d: FileTransferDeps): FileTransfer {
  const { client, writes } = d

  /**
   * An aborted run no longer owns its item: the engine may already have given it a final state (a cancel, a
   * 401 that stopped the queue), which a step still under way must not overwrite, or the item would be left
   * showing `uploading` with nothing running. The run ends here instead, with the abort's reason.
   */
  function setState(entry: Entry, state: Entry['item']['state'], signal: AbortSignal): void {
    signal.throwIfAborted()
    entry.item.state = state
    d.changed(entry)
  }

  async function run(entry: Entry, signal: AbortSignal): Promise<void> {
    const item = entry.item
    setState(entry, 'preparing', signal)
    if (entry.reprobe) await reprobe(entry)
    await d.space.checkRetry(entry, signal)
    if (entry.recoverFileId) {
      // Cleared only once the service answered: if it could not be asked (offline), the next attempt asks again
      // rather than risk sending a finished file twice.
      const finished = await recoverFinished(client, entry, entry.recoverFileId, signal)
      entry.recoverFileId = undefined
      if (finished) return
    }
    await assertUnchanged(entry)
    const stored = await d.dedupe.findStored(entry, signal)
    if (stored) {
      signal.throwIfAborted()
      const { fileId, key, url } = stored
      await writes.stored(item.id, { fileId, key, url, reused: true })
      Object.assign(item, { fileId, key, url, reused: true })
      return
    }

    const initAndRecord = async (): Promise<{ upload: string; at: number }> => {
      const init = await initFile(entry, signal)
      const at = d.now()
      item.fileId = init.id
      item.key = init.key
      item.url = init.url
      // Committed, on the disk, before complete (below) can go out: once complete went through, only the
      // stored file written here lets a restart find the finished file instead of uploading it again.
      await writes.stored(item.id, { fileId: init.id, key: init.key, url: init.url, nonce: init.nonce })
      return { upload: init.upload, at }
    }
    // Ahead of the slot: the address, then a small file's bytes, so that nothing is left for the slot but the
    // request itself. The place in the slot's line is taken as soon as the address is known, before the read:
    // files reach their slots in the order their inits were answered, whatever the disk does meanwhile.
    let address = await initAndRecord()
    const slot = d.queue.acquireSlot(entry, signal)
    // Awaited after the read; a cancel during the read rejects it first, which must not go unhandled.
    slot.catch(() => undefined)
    let bytes: Buffer | undefined
    try {
      bytes = await readAhead(entry)
    } catch (error) {
      // The place in line is given up: a slot granted to this run goes straight back.
      slot.then(
        (release) => release(),
        () => undefined,
      )
      if (!signal.aborted) await discardPending(entry)
      throw error
    }
    let sha256: string | undefined
    const release = await slot
    d.queue.leaveAhead(entry)
    try {
      for (let reinit = 0; ; reinit++) {
        if (d.now() - address.at > d.addressMaxWaitMs) {
          // Waited too long for the slot: the address may not outlive the PUT's retries. Replace it.
          await discardPending(entry)
          address = await initAndRecord()
        }
        try {
          sha256 = await putWithRetry(entry, address.upload, signal, bytes)
          break
        } catch (error) {
          const e = AppError.from(error)
          bytes = undefined
          if (!signal.aborted) await discardPending(entry)
          // 403 from storage: the address expired or was refused; a fresh init gives a fresh address.
          if (
            e.kind === 'storage-rejected' &&
            e.status === 403 &&
            reinit < d.limits.reinits &&
            !signal.aborted
          ) {
            address = await initAndRecord()
            continue
          }
          throw e
        }
      }
    } finally {
      // Complete runs outside the slot: the next PUT need not wait a round trip for this one's answer. The slot
      // is handed on a turn later, because undici returns a kept-alive socket to its pool only then: the next
      // PUT, sent at once, found every connection busy and opened one more (a round trip on a distant storage;
      // bench/, 200 x 32 KiB at R = 40 ms: 6 storage connections for 4 slots, now 4).
      setImmediate(release)
    }
    try {
      await assertUnchanged(entry)
      setState(entry, 'finishing', signal)
      await completeWithRetry(entry, signal)
    } catch (error) {
      const e = AppError.from(error)
      if (!signal.aborted && e.kind !== 'unauthorized') await discardPending(entry)
      throw e
    }
    if (sha256) entry.contentHash ??= Promise.resolve(sha256)
    // Not awaited: the `done` state must not wait for the index's write. Losing that write to a crash costs
    // a later duplicate its reuse (it is uploaded again), never the exactly-once of this upload.
    void d.dedupe
      .remember(entry, sha256)
      .catch((error: unknown) => d.warn(`content index: ${AppError.from(error).message}`))
  }

  /** After a retry the file may have been fixed on disk: its size, times and (if never probed) type afresh. */
  async function reprobe(entry: Entry): Promise<void> {
    const item = entry.item
    entry.reprobe = false
    // The file may have been rewritten since its probe: what was hashed of it no longer holds.
    entry.headSha256 = entry.contentHash = undefined
    let fresh: FileIdentity
    if (entry.unprobed) {
      // An item that failed its first probe has no type yet: take it now, from the same checks `add` makes.
      const probe = await probeFile(item.path, d.checkRead)
      entry.unprobed = false
      item.mimetype = probe.mimetype
      entry.headSha256 = probe.headSha256
      if (probe.mimeWarning) item.mimeWarning = probe.mimeWarning
      fresh = probe
    } else {
      fresh = await statRegularFile(item.path)
    }
    entry.identity = {
      size: fresh.size,
      mtimeMs: fresh.mtimeMs,
      ...(fresh.ctimeMs !== undefined ? { ctimeMs: fresh.ctimeMs } : {}),
      ...(fresh.ino !== undefined ? { ino: fresh.ino } : {}),
    }
    item.size = fresh.size
    await writes.remeasured(item.id, entry.identity)
  }

  async function initFile(entry: Entry, signal: AbortSignal) {
    const item = entry.item
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted()
      // The intent is with the kernel before the request leaves: if this process dies before the answer is
      // read, the next start finds the pending file the service made by its name, size and time.
      const intent: InitIntent = {
        id: item.id,
        nonce: randomUUID(),
        name: item.name,
        size: item.size,
        at: new Date(d.now()).toISOString(),
      }
      await writes.intend(intent)
      try {
        // No signal for init itself: aborting it mid-flight loses the answer, not the file the service may
        // already have created, which would then sit pending with its size reserved. Init is left to answer
        // (the client's timeouts bound it) and a file made for an item cancelled meanwhile is deleted here.
        const init = await client.initFile({
          filename: item.name,
          size: item.size,
          mimetype: item.mimetype ?? 'application/octet-stream',
        })
        if (signal.aborted) {
          if (await deleteOrphan(init.id)) await endIntent(intent)
          signal.throwIfAborted()
        }
        return { ...init, nonce: intent.nonce }
      } catch (error) {
        const e = AppError.from(error)
        // A 4xx answer means the service made no file; without an answer (or with a 5xx) it may have.
        if (e.status !== undefined && e.status >= 400 && e.status < 500) await endIntent(intent)
        if (e.kind === 'rate-limited' && attempt < d.limits.initAttempts && !signal.aborted) {
          await waitBeforeRetry(d.timing, attempt, e, signal)
          continue
        }
        throw e
      }
    }
  }

  /**
   * A small file, uncapped, read whole before its slot (checked unchanged first, as before any PUT). The bytes
   * are what the file held when read: a change after that is caught before complete (run), never sent mixed.
   */
  async function readAhead(entry: Entry): Promise<Buffer | undefined> {
    const { size } = entry.identity
    if (size > PREREAD_MAX_BYTES || d.bandwidth.rate() !== null) return undefined
    await assertUnchanged(entry)
    const bytes = await readWholeFile(entry.item.path, size, d.checkRead)
    if (bytes.length !== size) throw fileChanged(entry.item.path, size, bytes.length)
    return bytes
  }

  /**
   * Resolves with the SHA-256 of the bytes sent, unless hashing was dropped on the way (it would have slowed
   * the upload: ./hash-on-the-way.ts). `bytes`, read ahead, serve the first attempt; a retry reads the file
   * again.
   */
  async function putWithRetry(
    entry: Entry,
    uploadUrl: string,
    signal: AbortSignal,
    readEarlier?: Buffer,
  ): Promise<string | undefined> {
    const item = entry.item
    for (let attempt = 1; ; attempt++) {
      const bytes = attempt === 1 ? readEarlier : undefined
      if (!bytes) await assertUnchanged(entry)
      item.attempts++
      item.bytesSent = 0
      entry.meter.reset()
      entry.meter.sample(0)
      setState(entry, 'uploading', signal)
      const hash = d.dedupe.hasherFor()
      try {
        await putFile({
          dispatcher: d.storage,
          uploadUrl,
          path: item.path,
          size: entry.identity.size,
          mimetype: item.mimetype ?? 'application/octet-stream',
          signal,
          stallTimeoutMs: d.stallTimeoutMs,
          headersTimeoutMs: d.storageTimeoutMs,
          chunkBytes: d.chunkBytes,
          checkRead: d.checkRead,
          throttle: d.bandwidth,
          ...(bytes ? { bytes } : {}),
          onRead: (chunk: Buffer) => hash.update(chunk),
          onProgress(bytes) {
            item.bytesSent = bytes
            entry.meter.sample(bytes)
            d.changed(entry)
          },
        })
        return hash.digest()
      } catch (error) {
        const e = AppError.from(error)
        if (signal.aborted) throw e
        // A file rewritten under the stream explains a short body or a reset better than the network does.
        await assertUnchanged(entry)
        if (isTransient(e) && attempt < d.limits.putAttempts) {
          await waitBeforeRetry(d.timing, attempt, e, signal)
          continue
        }
        throw e
      }
    }
  }

  async function completeWithRetry(entry: Entry, signal: AbortSignal): Promise<void> {
    const fileId = entry.item.fileId!
    for (let attempt = 1; ; attempt++) {
      try {
        await client.completeFile(fileId, { signal })
        return
      } catch (error) {
        const e = AppError.from(error)
        if (isTransient(e) && attempt < d.limits.completeAttempts && !signal.aborted) {
          await waitBeforeRetry(d.timing, attempt, e, signal)
          continue
        }
        throw e
      }
    }
  }

  async function assertUnchanged(entry: Entry): Promise<void> {
    const now = await statRegularFile(entry.item.path)
    if (!sameFileIdentity(entry.identity, now))
      throw fileChanged(entry.item.path, entry.identity.size, now.size)
  }

  function endIntent(intent: InitIntent): Promise<void> {
    return writes.settleIntents([intent.nonce]).catch(() => undefined)
  }

  async function discardPending(entry: Entry): Promise<void> {
    const fileId = entry.item.fileId
    // A reused file is the one already in the library, not this item's to delete.
    if (!fileId || entry.item.reused) return
    entry.item.fileId = entry.item.key = entry.item.url = undefined
    await deleteOrphan(fileId)
  }

  /**
   * A pending file this item made and no longer uses. A transient refusal (429, 5xx, a dropped connection) is
   * tried again like complete is (deleting twice is harmless, and a 404 means it is gone already): a rate-limited
   * service otherwise kept the file, its size reserved, until someone deleted it by hand. Any other failure is
   * ignored (resolving false): the item has already failed or been cancelled, and the worst left behind is a
   * pending file the service shows in the list. The waits are not cut short by the item's own cancel, which is
   * often why the file is being deleted.
   */
  async function deleteOrphan(fileId: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.deleteFile(fileId)
        return true
      } catch (error) {
        const e = AppError.from(error)
        if (e.kind === 'not-found') return true
        if (!isTransient(e) || attempt >= d.limits.completeAttempts) return false
        const waited = await waitBeforeRetry(d.timing, attempt, e, new AbortController().signal).then(
          () => true,
          () => false,
        )
        if (!waited) return false
      }
    }
  }

  return { run, discardPending }
}
