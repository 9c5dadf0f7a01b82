// Over 400 lines on purpose: what is left here is one life cycle (add, start, finish, cancel, retry, remove,
// close) acting on one map of items and one queue; every part that stands alone is a module listed below.
// The upload queue: validate -> detect type -> init (ahead) -> (slot opens) PUT -> complete, for many files.
// This module composes the engine's parts and keeps the items' life cycle (added, final, removed, batches):
// - who goes next, and the transfer slots: ./transfer-queue.ts;
// - one file's way to storage and what happens when a step (a PUT) fails: ./file-transfer.ts;
// - after a crash, what the queue's rows remember and the pending files of lost inits: ./crash-recovery.ts
//   with ./upload-store.ts (a restart resumes unfinished items and never repeats finished ones);
// - space left: ./space-accounting.ts; the engine's own failures, worded with codes: ./upload-messages.ts;
// - identical bytes stored once: ./content-dedupe.ts with ./content-index.ts;
// - the items' leases between processes (renewed, lost, adopted from a run that is gone): ./lease-handover.ts;
// - progress to listeners, at most one message per interval: ./progress-feed.ts;
// - what callers wait for (an item's final state, a batch's end): ./item-outcomes.ts.
// 401 stops the whole queue (stopQueue below); 402 at init or complete fails that item with storage-full.
import { mkdirSync } from 'node:fs'
import { basename, dirname, join, resolve as resolvePath } from 'node:path'
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import type { UploadItem } from '../../../common/uploads'
import { DATABASE_FILE, openDatabase } from '../db/database'
import { createLeases } from '../db/leases'
import { directDispatcher } from '../http/network'
import { discardInterrupted, restoreEntry, sweepOrphans } from './crash-recovery'
import { createContentDedupe, ELSEWHERE_POLL_MS } from './content-dedupe'
import { contentIndexPath, openContentIndex } from './content-index'
import { createFileTransfer } from './file-transfer'
import { createItemOutcomes } from './item-outcomes'
import { startLeaseHandover } from './lease-handover'
import { openUploadStore, UploadLeaseLost, uploadLease, uploadsElsewhere } from './upload-store'
import { createProgressFeed, throttleOptions } from './progress-feed'
import { takeIn } from './queue-intake'
import { DEFAULT_RETRY_TIMING } from './retry-timing'
import type { RetryTiming } from './retry-timing'
import { createSpaceAccounting } from './space-accounting'
import { createTokenBucket } from './token-bucket'
import { createTransferQueue } from './transfer-queue'
import { DEFAULT_LIMITS, isFinal } from './upload-engine-types'
import type {
  AddOptions,
  Entry,
  UploadEngine,
  UploadEngineOptions,
  UploadLimits,
} from './upload-engine-types'
import { cancelledByUser, engineClosed, engineClosing } from './upload-messages'

export type { RetryTiming } from './retry-timing'
export { DEFAULT_LIMITS } from './upload-engine-types'
export type * from './upload-engine-types'

export function createUploadEngine(o: UploadEngineOptions): UploadEngine {
  const now = o.now ?? Date.now
  const timing: RetryTiming = { ...DEFAULT_RETRY_TIMING, ...o.delays }
  const limits: UploadLimits = { ...DEFAULT_LIMITS, ...o.limits }
  const storageTimeoutMs = o.storageTimeoutMs ?? 120_000
  let paused = false
  let closing = false
  const ownStorageAgent = o.storageDispatcher
    ? undefined
    : (o.network ?? directDispatcher)({
        connect: { timeout: 30_000 },
        headersTimeout: storageTimeoutMs,
        bodyTimeout: storageTimeoutMs,
      })
  const storage: Dispatcher = o.storageDispatcher ?? ownStorageAgent!
  const bandwidth = createTokenBucket(o.rateLimit ?? null, o.timers)
  const { client } = o
  const warn = o.warn ?? ((message: string) => console.warn(message))
  // The queue lives in the data folder's database; a caller with none (a test, a bench) gets one beside the
  // journal path, closed with the engine.
  const ownDatabase = o.database ? undefined : openOwnDatabase(o.journalPath)
  const database = o.database ?? ownDatabase!
  // The queue is its account's: a CLI run's is its credentials' identity. Only a test's or a bench's engine,
  // which sends to one account, is named after its journal file.
  const scope = o.scope ?? o.identity ?? basename(o.journalPath).replace(/\.jsonl$/, '')
  const leases = createLeases(database, { now: o.leaseClock })
  const store = openUploadStore({
    database,
    leases,
    scope,
    identity: o.identity ?? scope,
    legacyPath: o.journalPath,
    legacyScope: o.legacyScope,
    historyDays: o.historyDays,
    now,
    warn,
  })
  const { writes, items: restored, intents: openIntents } = store
  const entries = new Map<string, Entry>()

  const progress = createProgressFeed(entries, throttleOptions(o.progressIntervalMs ?? 100, o.timers, now))
  const outcomes = createItemOutcomes(entries, () => progress.flush())
  const space = createSpaceAccounting(client, entries)
  const queue = createTransferQueue({
    entries,
    concurrency: o.concurrency ?? 3,
    gate: () => ({ closing, sweeping: sweeping !== null, paused }),
    start,
    beforeIdle: progress.flush,
  })
  const dedupe = createContentDedupe({
    index: openContentIndex({
      database,
      // The account's, shared by every queue of it (the app's profile and a CLI run): the same bytes are
      // found whichever of them stored them.
      scope: o.identity ?? scope,
      adoptScope: scope,
      legacyPath: o.contentIndexPath ?? contentIndexPath(o.journalPath),
      cap: o.contentIndexCap,
      warn,
    }),
    client,
    entries,
    waitFinal: outcomes.waitFinal,
    storage,
    checkRead: o.checkRead,
    warn,
    elsewhere: {
      uploads: uploadsElsewhere(database, leases, o.identity ?? scope, now),
      pause: (signal) => timing.sleep(ELSEWHERE_POLL_MS, signal),
    },
  })
  const transfer = createFileTransfer({
    client,
    writes,
    storage,
    bandwidth,
    queue,
    space,
    dedupe,
    warn,
    changed: progress.changed,
    now,
    timing,
    limits,
    addressMaxWaitMs: o.addressMaxWaitMs ?? 5 * 60_000,
    stallTimeoutMs: o.stallTimeoutMs ?? 60_000,
    storageTimeoutMs,
    chunkBytes: o.chunkBytes,
    checkRead: o.checkRead,
  })

  for (const r of restored.values()) {
    const entry = restoreEntry(r, now)
    entries.set(entry.item.id, entry)
    outcomes.track(entry.item)
  }
  // Pending files that inits of an earlier run may have left without an answer are looked for before any new
  // init: a file this run creates must not be mistaken for one of them.
  const sweepController = new AbortController()
  const orphanSweep = {
    client,
    writes,
    journalPath: o.journalPath,
    entries,
    knownFileIds: store.knownFileIds,
    orphanWindowMs: o.orphanWindowMs ?? 120_000,
    now,
    warn,
  }
  let sweeping: Promise<void> | null =
    openIntents.size > 0
      ? sweepOrphans(orphanSweep, [...openIntents.values()], sweepController.signal)
          .catch((error: unknown) => {
            if (!closing)
              warn(
                `upload journal ${o.journalPath}: looking for pending files an earlier run lost failed (${AppError.from(error).message}); looked for again next start`,
              )
          })
          .finally(() => {
            sweeping = null
            queue.pump()
          })
      : null
  // Interrupted items from a previous run start again as soon as the caller has had a chance to subscribe.
  setImmediate(queue.pump)

  /** Moves an item to a final state once; later calls (a run ending after a cancel) change nothing. */
  function finish(entry: Entry, state: 'done' | 'failed' | 'cancelled', error?: AppError): Promise<void> {
    const item = entry.item
    if (isFinal(item.state)) return Promise.resolve()
    item.state = state
    item.finishedAt = new Date(now()).toISOString()
    item.error = error?.toJSON()
    if (state === 'done') item.bytesSent = item.size
    progress.changed(entry)
    const written = writes.finish(item.id, state, item.error, item.finishedAt).catch((error: unknown) => {
      if (!(error instanceof UploadLeaseLost)) throw error
      forget(entry)
    })
    outcomes.finished(item)
    return written
  }

  /**
   * The item is another process's now (our lease expired and was taken over): it leaves this queue without a
   * word written about it, and its run stops.
   */
  function forget(entry: Entry): void {
    const { id } = entry.item
    if (entries.get(id) !== entry) return
    entry.controller?.abort(new UploadLeaseLost(id))
    entries.delete(id)
    outcomes.untrack(entry.item, false)
    progress.removed(id)
    warn(`upload of ${entry.item.name}: taken over by another Mediadeck process; left to it`)
    queue.pump()
  }
  const stopHandover = startLeaseHandover({
    leases,
    store,
    timers: o.leaseTimers,
    heldIds: () => new Set(entries.keys()),
    closing: () => closing,
    onLost(resources) {
      for (const resource of resources) {
        const entry = entries.get(resource.slice('upload:'.length))
        if (entry && uploadLease(entry.item.id) === resource && !isFinal(entry.item.state)) forget(entry)
      }
    },
    onAdopted(adopted) {
      for (const r of adopted) {
        const entry = restoreEntry(r, now)
        entries.set(entry.item.id, entry)
        outcomes.track(entry.item)
        progress.changed(entry)
      }
      queue.pump()
    },
    warn,
  })

  /** Runs one queued entry to its final state; the queue has counted it as active and ahead. */
  function start(entry: Entry): void {
    const controller = new AbortController()
    entry.controller = controller
    entry.item.attempts = 0
    entry.item.bytesSent = 0
    entry.meter.reset()
    entry.run = transfer
      .run(entry, controller.signal)
      .then(() => {
        // The slot is free once complete answered; nothing waits for the `done` state's commit (after a
        // crash, the stored file written at init plus the service's answer tell that the file is finished).
        void finish(entry, 'done').catch(() => undefined)
      })
      .catch(async (error: unknown) => {
        // Closing interrupts transfers without a verdict: their rows still say unfinished, so the next
        // start resumes them.
        if (closing) return
        if (error instanceof UploadLeaseLost || entries.get(entry.item.id) !== entry) {
          forget(entry)
          return
        }
        const appError = AppError.from(error)
        if (appError.kind === 'unauthorized') {
          await stopQueue(appError, entry)
          return
        }
        await finish(entry, appError.kind === 'cancelled' ? 'cancelled' : 'failed', appError)
      })
      .catch(() => undefined) // a write failing must not leave an unhandled rejection behind
      .finally(() => {
        entry.controller = undefined
        entry.run = undefined
        queue.runEnded(entry)
      })
  }

  // 401: the keys are wrong for everything, so every unfinished item fails with the same error, except runs
  // past their slot (their bytes are on the way) or queued before the one that met the 401 (an init ahead
  // must not cut short the file before it): each meets the same 401 itself if the keys are really gone.
  async function stopQueue(error: AppError, failed: Entry): Promise<void> {
    const pending: Promise<void>[] = []
    let before = true
    for (const entry of entries.values()) {
      if (entry === failed) before = false
      if (isFinal(entry.item.state)) continue
      if (entry.run && (before || !entry.ahead)) continue
      entry.controller?.abort(error)
      pending.push(finish(entry, 'failed', error))
    }
    await Promise.all(pending)
  }

  async function add(
    paths: string[],
    options: AddOptions = {},
    idempotencyKey?: string,
  ): Promise<UploadItem[]> {
    if (closing) throw engineClosed()
    if (paths.length === 0) return []
    const intake = await takeIn(paths, options, { space, now, checkRead: o.checkRead, idempotencyKey })
    await writes.add(intake.uploads)
    for (const entry of intake.entries) {
      entries.set(entry.item.id, entry)
      outcomes.track(entry.item)
      progress.changed(entry)
    }
    // A batch where nothing fitted is finished already; otherwise its last upload reports it.
    outcomes.checkBatch(intake.batchId)
    queue.pump()
    return intake.entries.map((e) => ({ ...e.item }))
  }

  /** A finished item older than the history held in memory, read back by its key. */
  function fromHistory(key: string): Entry | undefined {
    const restoredItem = store.findByKey(key)
    if (!restoredItem || entries.has(restoredItem.id)) return undefined
    const entry = restoreEntry(restoredItem, now)
    entries.set(entry.item.id, entry)
    outcomes.track(entry.item)
    return entry
  }

  /** Concurrent asks for one key share the lookup-or-add, so two of them cannot add the file twice. */
  const keyedAsks = new Map<string, Promise<string>>()

  async function uploadOne(
    path: string,
    options: { key?: string; signal?: AbortSignal; name?: string } = {},
  ): Promise<UploadItem> {
    const { key, signal } = options
    const named: AddOptions = options.name ? { name: options.name } : {}
    signal?.throwIfAborted()
    if (!key) {
      const [item] = await add([path], named)
      return outcomes.waitFinal(item!.id, signal)
    }
    let asked = keyedAsks.get(key)
    if (!asked) {
      asked = (async () => {
        const wanted = resolvePath(path)
        const existing = [...entries.values()].find((e) => e.idempotencyKey === key) ?? fromHistory(key)
        if (existing && existing.item.path === wanted) {
          const { state } = existing.item
          if (state === 'failed' || state === 'cancelled') retry(existing.item.id)
          return existing.item.id
        }
        // The key now names another file: the old upload is no longer wanted.
        if (existing) remove(existing.item.id)
        const [item] = await add([path], named, key)
        return item!.id
      })().finally(() => keyedAsks.delete(key))
      keyedAsks.set(key, asked)
    }
    return outcomes.waitFinal(await asked, signal)
  }

  async function cancel(id: string): Promise<void> {
    const entry = entries.get(id)
    if (!entry || isFinal(entry.item.state)) return
    const error = cancelledByUser()
    const run = entry.run
    entry.controller?.abort(error)
    const written = finish(entry, 'cancelled', error)
    // Wait for the transfer to unwind so the pending file it may have created is known, then delete it.
    await run
    await written
    await transfer.discardPending(entry)
    // Resumed from an earlier run and cancelled before it asked the service about it: that run's file is known
    // only by this id.
    const interrupted = entry.recoverFileId
    entry.recoverFileId = undefined
    if (interrupted) await discardInterrupted(client, interrupted)
  }

  function retry(id: string): void {
    const entry = entries.get(id)
    if (!entry || (entry.item.state !== 'failed' && entry.item.state !== 'cancelled')) return
    const item = entry.item
    entry.checkSpace = item.error?.kind === 'storage-full'
    Object.assign(item, { state: 'queued', bytesSent: 0, attempts: 0 })
    item.error = item.finishedAt = item.fileId = item.key = item.url = item.reused = undefined
    entry.reprobe = true
    void writes.requeue(id).catch(() => undefined)
    progress.changed(entry)
    queue.pump()
  }

  function remove(id: string): void {
    const entry = entries.get(id)
    if (!entry) return
    if (!isFinal(entry.item.state)) void cancel(id)
    entries.delete(id)
    outcomes.untrack(entry.item, true)
    progress.removed(id)
    void writes.remove(id).catch(() => undefined)
    queue.pump()
  }

  return {
    add: (paths, options) => add(paths, options),
    uploadOne,
    keyed: (key) =>
      structuredClone(
        ([...entries.values()].find((e) => e.idempotencyKey === key) ?? fromHistory(key))?.item,
      ),
    cancel,
    retry,
    remove,
    retryAllFailed() {
      for (const entry of [...entries.values()]) if (entry.item.state === 'failed') retry(entry.item.id)
    },
    clearFinished() {
      for (const entry of [...entries.values()]) if (isFinal(entry.item.state)) remove(entry.item.id)
    },
    list: () => [...entries.values()].map(progress.snapshot),
    get: (id) => {
      const entry = entries.get(id)
      return entry ? progress.snapshot(entry) : undefined
    },
    totals: progress.totals,
    setConcurrency: queue.setConcurrency,
    setPaused(value) {
      paused = value
      queue.pump()
    },
    isPaused: () => paused,
    setRateLimit(bytesPerSecond) {
      bandwidth.setRate(bytesPerSecond)
    },
    onProgress: progress.subscribe,
    onBatchFinished: outcomes.onBatchFinished,
    whenIdle: queue.whenIdle,
    async close() {
      if (closing) return
      closing = true
      sweepController.abort(engineClosing())
      await sweeping
      const runs: Promise<void>[] = []
      for (const entry of entries.values()) {
        entry.controller?.abort(engineClosing())
        if (entry.run) runs.push(entry.run)
      }
      await Promise.all(runs)
      // Their items stay unfinished for the next start; whoever waited on them must not wait for ever.
      outcomes.rejectAll(engineClosing())
      progress.flush()
      queue.releaseIdleWaiters()
      stopHandover()
      try {
        store.releaseAll()
      } catch (error) {
        // The leases then expire on their own: the next run waits for them, nothing is lost.
        warn(`upload queue: could not hand back its unfinished items (${AppError.from(error).message})`)
      }
      await writes.close()
      await dedupe.settled()
      ownDatabase?.close()
      await ownStorageAgent?.close()
    },
  }
}

/** A database beside the journal path, its folder made as the journal's was (a test's or a bench's queue). */
function openOwnDatabase(journalPath: string) {
  mkdirSync(dirname(journalPath), { recursive: true })
  return openDatabase({ file: join(dirname(journalPath), DATABASE_FILE) })
}
