// The upload queue: validate -> detect type -> init (ahead) -> (slot opens) PUT -> complete, for many files.
// Product rules it implements:
// - only the PUT holds a transfer slot: inits run ahead of it, several at once, and complete runs after it, so
//   on a distant service the slots are not idle for two of a file's three round trips. The lookahead is
//   bounded (as many initialised files waiting as there are slots), and an address that waited longer than
//   addressMaxWaitMs for its slot is replaced before its PUT, because a presigned address lives ~10 minutes;
// - PUT faults (5xx, 429, reset, timeout) restart the PUT from byte 0 with backoff; a 403 from storage means the
//   address expired or was refused, so the item is initialised again (at most twice);
// - complete is retried on 5xx/network (completing twice is harmless: the file is already success);
// - 402 at init or complete stops that item with storage-full; 401 anywhere stops the whole queue;
// - a file that changes size or mtime while queued or uploading fails clearly instead of sending mixed bytes;
// - the queue is journaled (./journal.ts) so a restart resumes unfinished items and never repeats finished ones;
//   the init record is on disk before complete is called, which is what makes the second half true.
import { randomUUID } from 'node:crypto'
import { basename, resolve as resolvePath } from 'node:path'
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import type { AppErrorData } from '../../../common/errors'
import type { UploadItem, UploadProgressEvent, UploadState, UploadTotals } from '../../../common/uploads'
import { computeUploadTotals, FINAL_UPLOAD_STATES } from '../../../common/uploads'
import type { ServiceClient } from '../service-client'
import { isTransient } from '../http/error-mapping'
import { directDispatcher } from '../http/network'
import type { DispatcherFactory } from '../http/network'
import { probeFile, sameFileIdentity, statRegularFile } from './file-probe'
import type { FileIdentity, ProbedFile, ReadCheck } from './file-probe'
import { openJournal } from './journal'
import type { InitIntent, JournalRecord, RestoredItem } from './journal'
import { createRateMeter } from './rate-meter'
import type { RateMeter } from './rate-meter'
import { DEFAULT_RETRY_TIMING, waitBeforeRetry } from './retry-timing'
import type { RetryTiming } from './retry-timing'
import { putFile } from './storage-put'
import { createTokenBucket } from './token-bucket'
import { formatBytes } from '../../../common/format-bytes'
import { fitInOrder } from '../../../common/fit-to-space'

export type { RetryTiming } from './retry-timing'

export interface UploadLimits {
  /** PUT attempts per address, first try included (at least 3: most PUT faults pass). */
  putAttempts: number
  /** Fresh inits after the storage refused an address with 403. */
  reinits: number
  /** complete attempts, first try included. */
  completeAttempts: number
  /** init attempts when the service answers 429 (the only init failure known not to have created a file). */
  initAttempts: number
}

export const DEFAULT_LIMITS: UploadLimits = {
  putAttempts: 5,
  reinits: 2,
  completeAttempts: 5,
  initAttempts: 4,
}

export interface BatchFinishedEvent {
  batchId: string
  done: number
  failed: number
  cancelled: number
}

export interface UploadEngineOptions {
  client: Pick<
    ServiceClient,
    'storageStatistic' | 'initFile' | 'completeFile' | 'deleteFile' | 'getFile' | 'listFiles'
  >
  journalPath: string
  /** Where a journal line that cannot be used, or a pending file left alone, is reported; default console.warn. */
  warn?: (message: string) => void
  /**
   * How far a pending file's creation time may sit from the moment an init whose answer was lost went out,
   * for that file to count as the one this init made: clock skew plus the request's way to the service.
   */
  orphanWindowMs?: number
  concurrency?: number
  /** Dispatcher for the presigned PUTs; must carry no auth. Default: an Agent of the engine's own. */
  storageDispatcher?: Dispatcher
  /** Makes the engine's own storage dispatcher: direct by default, or through a proxy (../http/network.ts). */
  network?: DispatcherFactory
  /**
   * An address older than this when its transfer slot opens is replaced by a fresh init first (the service's
   * addresses live 10 minutes; default 5, leaving the PUT's own retries plenty of the rest).
   */
  addressMaxWaitMs?: number
  /** Clock for timestamps and rates (tests). */
  now?: () => number
  delays?: Partial<RetryTiming>
  limits?: Partial<UploadLimits>
  /** Least time between two progress events; default 100 ms (~10 a second). */
  progressIntervalMs?: number
  /** A PUT whose socket takes no byte for this long is aborted as a timeout. */
  stallTimeoutMs?: number
  /** Wait for the storage's answer after the last byte, and its connect timeout. */
  storageTimeoutMs?: number
  /** Disk read size for the PUT body. */
  chunkBytes?: number
  /** Cap on the total upload speed of all transfers, in bytes a second; null or absent for none. */
  rateLimit?: number | null
  /**
   * Called on every handle the engine opens to read a file's bytes (probe and PUT): the app refuses there a
   * file the person did not give it, whatever a journal or a draft names. The CLI passes none: its files come
   * from its own command line.
   */
  checkRead?: ReadCheck
}

export interface AddOptions {
  /**
   * When the files do not all fit in the free storage (less what the queue has already reserved):
   * - `refuse` (default; the CLI): the whole batch is refused with one storage-full error, nothing is queued;
   * - `fail-excess` (the app): the files are taken in order while they fit, and each one that does not is
   *   added as a `failed` item with its own storage-full error, so a person sees which file is the problem
   *   and can retry it once space is freed. Such an item is never initialised or sent unless retried.
   */
  whenFull?: 'refuse' | 'fail-excess'
  /**
   * When some files cannot be uploaded (missing, empty, unreadable, not granted):
   * - `refuse` (default; the CLI): the whole batch is refused with one `file` error naming every bad path;
   * - `fail-each` (the app): each such file is added as a `failed` item with its own `file` error, worded with
   *   its display name rather than its path (a browser-mode copy lives under a generated folder), and the
   *   others are queued. A retry probes the file afresh.
   */
  whenUnreadable?: 'refuse' | 'fail-each'
}

export interface UploadEngine {
  /**
   * Validates every path, checks the batch against the storage left, and queues it. Throws an AppError refusing
   * the whole batch: kind `file` naming every bad path (no request made), or (`whenFull: 'refuse'`)
   * `storage-full` with needed/free bytes. Resolves with every item added, failed ones included.
   */
  add(paths: string[], options?: AddOptions): Promise<UploadItem[]>
  /**
   * Adds one file and resolves with its item once it reaches a final state (done, failed or cancelled).
   * With `key`, the upload is the one of that name, across restarts (the key is journaled): an item with the
   * key that is in progress, resumed or done is awaited instead of a new one (one that failed or was
   * cancelled is retried), so a caller asking again after a crash never sends the file twice. `signal` stops
   * the wait (rejecting with `cancelled`), not the upload: the next ask for the key picks it up.
   */
  uploadOne(path: string, options?: { key?: string; signal?: AbortSignal }): Promise<UploadItem>
  /** Aborts the item (socket included) and deletes its pending file on the service; no-op once done. */
  cancel(id: string): Promise<void>
  retry(id: string): void
  remove(id: string): void
  retryAllFailed(): void
  /** Removes every item in a final state (done, failed, cancelled). */
  clearFinished(): void
  list(): UploadItem[]
  get(id: string): UploadItem | undefined
  totals(): UploadTotals
  setConcurrency(n: number): void
  /** While paused no transfer starts; those under way finish. Items stay queued (and journaled) meanwhile. */
  setPaused(paused: boolean): void
  isPaused(): boolean
  /** Caps the total upload speed (bytes a second), or lifts the cap (null); running transfers follow at once. */
  setRateLimit(bytesPerSecond: number | null): void
  onProgress(listener: (e: UploadProgressEvent) => void): () => void
  onBatchFinished(listener: (e: BatchFinishedEvent) => void): () => void
  whenIdle(): Promise<void>
  close(): Promise<void>
}

interface Entry {
  item: UploadItem
  identity: FileIdentity
  meter: RateMeter
  controller?: AbortController
  run?: Promise<void>
  /** A pending file from before a restart, to look at before uploading again. */
  recoverFileId?: string
  /** After a retry the file may have been fixed on disk: take its size and mtime afresh. */
  reprobe?: boolean
  /**
   * A retry of an item that failed for lack of storage: the free space is checked again before init. Until
   * that check passes the item holds no reservation in the queue's space accounting.
   */
  checkSpace?: boolean
  /** The caller's stable name for this upload (see uploadOne). */
  idempotencyKey?: string
  /** Added as failed because its probe failed (`whenUnreadable: 'fail-each'`): a retry probes it in full. */
  unprobed?: boolean
  /** The run has not taken a transfer slot yet (it counts against the lookahead). */
  ahead?: boolean
}

const isFinal = (state: UploadState): boolean => FINAL_UPLOAD_STATES.includes(state)

export function createUploadEngine(o: UploadEngineOptions): UploadEngine {
  const now = o.now ?? Date.now
  const timing: RetryTiming = { ...DEFAULT_RETRY_TIMING, ...o.delays }
  const limits: UploadLimits = { ...DEFAULT_LIMITS, ...o.limits }
  const progressIntervalMs = o.progressIntervalMs ?? 100
  const stallTimeoutMs = o.stallTimeoutMs ?? 60_000
  const storageTimeoutMs = o.storageTimeoutMs ?? 120_000
  let concurrency = checkConcurrency(o.concurrency ?? 3)
  let paused = false
  const ownStorageAgent = o.storageDispatcher
    ? undefined
    : (o.network ?? directDispatcher)({
        connect: { timeout: 30_000 },
        headersTimeout: storageTimeoutMs,
        bodyTimeout: storageTimeoutMs,
      })
  const storage: Dispatcher = o.storageDispatcher ?? ownStorageAgent!
  const bandwidth = createTokenBucket(o.rateLimit ?? null)
  const { client } = o

  const warn = o.warn ?? ((message: string) => console.warn(message))
  const orphanWindowMs = o.orphanWindowMs ?? 120_000
  const addressMaxWaitMs = o.addressMaxWaitMs ?? 5 * 60_000
  const { journal, items: restored, intents: openIntents } = openJournal(o.journalPath, { warn })
  const entries = new Map<string, Entry>()
  const batches = new Map<string, Set<string>>()
  const progressListeners = new Set<(e: UploadProgressEvent) => void>()
  const batchListeners = new Set<(e: BatchFinishedEvent) => void>()
  const finalWaiters = new Map<string, ((item: UploadItem) => void)[]>()
  let idleWaiters: (() => void)[] = []
  /** Runs in any phase: what idleness waits for. */
  let active = 0
  /** Runs that have not taken a transfer slot yet: before or in init, or initialised and waiting. */
  let ahead = 0
  /** Runs holding a transfer slot (their PUT). */
  let putting = 0
  const slotWaiters: { grant(): void; entry: Entry }[] = []
  let closing = false

  for (const r of restored.values()) restore(r)
  // Pending files that inits of an earlier run may have left without an answer are looked for before any new
  // init: a file this run creates must not be mistaken for one of them.
  const sweepController = new AbortController()
  let sweeping: Promise<void> | null =
    openIntents.size > 0
      ? sweepOrphans([...openIntents.values()], sweepController.signal)
          .catch((error: unknown) => {
            if (!closing)
              warn(
                `upload journal ${o.journalPath}: looking for pending files an earlier run lost failed (${AppError.from(error).message}); looked for again next start`,
              )
          })
          .finally(() => {
            sweeping = null
            pump()
          })
      : null
  // Interrupted items from a previous run start again as soon as the caller has had a chance to subscribe.
  setImmediate(pump)

  // ---- progress, batched ----

  const dirty = new Set<string>()
  let removedSinceEmit: string[] = []
  let emitTimer: NodeJS.Timeout | undefined
  let lastEmit = 0

  function markDirty(entry: Entry): void {
    dirty.add(entry.item.id)
    scheduleEmit()
  }

  function scheduleEmit(): void {
    if (emitTimer) return
    const wait = Math.max(0, lastEmit + progressIntervalMs - Date.now())
    emitTimer = setTimeout(flushProgress, wait)
  }

  function flushProgress(): void {
    clearTimeout(emitTimer)
    emitTimer = undefined
    if (dirty.size === 0 && removedSinceEmit.length === 0) return
    lastEmit = Date.now()
    const changed: UploadItem[] = []
    for (const id of dirty) {
      const entry = entries.get(id)
      if (entry) changed.push(snapshot(entry))
    }
    dirty.clear()
    const event: UploadProgressEvent = { items: changed, removed: removedSinceEmit, totals: totals() }
    removedSinceEmit = []
    for (const listener of progressListeners) listener(event)
  }

  function snapshot(entry: Entry): UploadItem {
    const item = entry.item
    if (item.state === 'uploading') {
      const rate = entry.meter.rate()
      item.rateBytesPerSec = Math.round(rate)
      item.etaSeconds = rate > 0 ? Math.ceil((item.size - item.bytesSent) / rate) : null
    } else {
      item.rateBytesPerSec = 0
      item.etaSeconds = item.state === 'done' ? 0 : null
    }
    return { ...item }
  }

  function totals(): UploadTotals {
    return computeUploadTotals(
      Array.from(entries.values(), (entry) => entry.item),
      (item) => entries.get(item.id)!.meter.rate(),
    )
  }

  // ---- state changes ----

  function restore(r: RestoredItem): void {
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
      batchId: r.batchId,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
    }
    const entry: Entry = {
      item,
      identity: { size: r.size, mtimeMs: r.mtimeMs, ctimeMs: r.ctimeMs, ino: r.ino },
      meter: createRateMeter(now),
      recoverFileId: interrupted ? r.fileId : undefined,
      idempotencyKey: r.idempotencyKey,
      // A probed file is never empty (statRegularFile refuses it): size 0 marks a file that failed its probe.
      unprobed: r.size === 0,
    }
    entries.set(item.id, entry)
    trackBatch(item)
  }

  function trackBatch(item: UploadItem): void {
    let ids = batches.get(item.batchId)
    if (!ids) batches.set(item.batchId, (ids = new Set()))
    ids.add(item.id)
  }

  function setState(entry: Entry, state: UploadState): void {
    entry.item.state = state
    markDirty(entry)
  }

  /** Moves an item to a final state once; later calls (a run ending after a cancel) change nothing. */
  function finish(entry: Entry, state: 'done' | 'failed' | 'cancelled', error?: AppError): Promise<void> {
    const item = entry.item
    if (isFinal(item.state)) return Promise.resolve()
    item.state = state
    item.finishedAt = new Date(now()).toISOString()
    item.error = error?.toJSON()
    if (state === 'done') item.bytesSent = item.size
    markDirty(entry)
    const record: JournalRecord = { t: 'state', id: item.id, state, error: item.error, at: item.finishedAt }
    const written = journal.append([record], { sync: state === 'done' })
    const waiters = finalWaiters.get(item.id)
    finalWaiters.delete(item.id)
    for (const resolve of waiters ?? []) resolve({ ...item })
    checkBatch(item.batchId)
    return written
  }

  function checkBatch(batchId: string): void {
    const ids = batches.get(batchId)
    if (!ids) return
    const event: BatchFinishedEvent = { batchId, done: 0, failed: 0, cancelled: 0 }
    for (const id of ids) {
      const state = entries.get(id)?.item.state
      if (!state) continue
      if (!isFinal(state)) return
      event[state as 'done' | 'failed' | 'cancelled']++
    }
    // The items' final states go out before the news that their batch is over.
    flushProgress()
    for (const listener of batchListeners) listener(event)
  }

  // ---- the queue ----

  function pump(): void {
    if (closing || sweeping || paused) return
    for (const entry of entries.values()) {
      if (ahead >= concurrency) break
      if (entry.item.state === 'queued' && !entry.run) start(entry)
    }
    checkIdle()
  }

  function leaveAhead(entry: Entry): void {
    if (!entry.ahead) return
    entry.ahead = false
    ahead--
    pump()
  }

  /** Waits for a transfer slot, first come first served; rejects when the signal aborts first. */
  function acquireSlot(entry: Entry, signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted()
    let released = false
    const release = (): void => {
      if (released) return
      released = true
      putting--
      grantSlots()
    }
    if (putting < concurrency && slotWaiters.length === 0) {
      putting++
      return Promise.resolve(release)
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        entry,
        grant: () => {
          signal.removeEventListener('abort', onAbort)
          resolve(release)
        },
      }
      const onAbort = (): void => {
        const i = slotWaiters.indexOf(waiter)
        if (i !== -1) slotWaiters.splice(i, 1)
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      slotWaiters.push(waiter)
    })
  }

  function grantSlots(): void {
    while (putting < concurrency && slotWaiters.length > 0) {
      putting++
      slotWaiters.shift()!.grant()
    }
  }

  function checkIdle(): void {
    if (active > 0 || sweeping) return
    for (const { item } of entries.values()) if (item.state === 'queued' && !closing) return
    flushProgress()
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  function start(entry: Entry): void {
    active++
    ahead++
    entry.ahead = true
    const controller = new AbortController()
    entry.controller = controller
    entry.item.attempts = 0
    entry.item.bytesSent = 0
    entry.meter.reset()
    entry.run = transfer(entry, controller.signal)
      .then(() => {
        // The slot is free once complete answered: the `done` record is written and synced with the next
        // group commit, but nothing waits for the disk (after a crash, the durable init record plus the
        // service's answer tell that the file is finished). Close waits for the journal all the same.
        void finish(entry, 'done').catch(() => undefined)
      })
      .catch(async (error: unknown) => {
        // Closing interrupts transfers without a verdict: the journal still says unfinished, so the next
        // start resumes them.
        if (closing) return
        const appError = AppError.from(error)
        if (appError.kind === 'unauthorized') {
          await stopQueue(appError)
          return
        }
        await finish(entry, appError.kind === 'cancelled' ? 'cancelled' : 'failed', appError)
      })
      .catch(() => undefined) // a journal write failing must not leave an unhandled rejection behind
      .finally(() => {
        active--
        leaveAhead(entry)
        entry.controller = undefined
        entry.run = undefined
        pump()
      })
  }

  /**
   * 401: the keys are wrong for everything, so every unfinished item fails with the same error, except those
   * already past their slot (sending or completing): their bytes are on the way, and their own complete meets
   * the same 401 if the keys are really gone. (An init ahead of the slot must not cut short the file before it.)
   */
  async function stopQueue(error: AppError): Promise<void> {
    const pending: Promise<void>[] = []
    for (const entry of entries.values()) {
      if (isFinal(entry.item.state)) continue
      if (entry.run && !entry.ahead) continue
      entry.controller?.abort(error)
      pending.push(finish(entry, 'failed', error))
    }
    await Promise.all(pending)
  }

  async function transfer(entry: Entry, signal: AbortSignal): Promise<void> {
    const item = entry.item
    setState(entry, 'preparing')
    if (entry.reprobe) {
      entry.reprobe = false
      // An item that failed its first probe has no type yet: take it now, from the same checks `add` makes.
      let fresh: FileIdentity
      if (entry.unprobed) {
        const probe = await probeFile(item.path, o.checkRead)
        entry.unprobed = false
        item.mimetype = probe.mimetype
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
      await journal.append([{ t: 'identity', id: item.id, ...entry.identity }])
    }
    if (entry.checkSpace) {
      const stat = await client.storageStatistic({ signal })
      // Reservations are read after the await, in the same turn as the flag is cleared: of several retried
      // items checking at once, each sees the ones that passed before it.
      const available = stat.usage.free - reservedBytes(entry)
      if (item.size > available) throw fileDoesNotFit(item.name, item.size, available, stat.usage.total)
      entry.checkSpace = false
    }
    if (entry.recoverFileId) {
      // Cleared only once the service answered: if it could not be asked (offline), the next attempt asks again
      // rather than risk sending a finished file twice.
      const finished = await recoverFinished(entry, entry.recoverFileId, signal)
      entry.recoverFileId = undefined
      if (finished) return
    }
    await assertUnchanged(entry)

    let initDurable: Promise<void> = Promise.resolve()
    const initAndRecord = async (): Promise<{ upload: string; at: number }> => {
      const init = await initFile(entry, signal)
      const at = now()
      item.fileId = init.id
      item.key = init.key
      item.url = init.url
      await journal.append([
        { t: 'init', id: item.id, fileId: init.id, key: init.key, url: init.url, nonce: init.nonce },
      ])
      // The bytes need not wait for the disk; complete does (below): once complete went through, only a durable
      // init record lets a restart find the finished file instead of uploading it again.
      initDurable = journal.sync()
      initDurable.catch(() => undefined) // awaited before complete; an early failure must not go unhandled
      return { upload: init.upload, at }
    }
    // Init ahead of the slot: the address is ready when the slot opens.
    let address = await initAndRecord()
    const release = await acquireSlot(entry, signal)
    leaveAhead(entry)
    try {
      for (let reinit = 0; ; reinit++) {
        if (now() - address.at > addressMaxWaitMs) {
          // Waited too long for the slot: the address may not outlive the PUT's retries. Replace it.
          await discardPending(entry)
          address = await initAndRecord()
        }
        try {
          await putWithRetry(entry, address.upload, signal)
          break
        } catch (error) {
          const e = AppError.from(error)
          if (!signal.aborted) await discardPending(entry)
          // 403 from storage: the address expired or was refused; a fresh init gives a fresh address.
          if (
            e.kind === 'storage-rejected' &&
            e.status === 403 &&
            reinit < limits.reinits &&
            !signal.aborted
          ) {
            address = await initAndRecord()
            continue
          }
          throw e
        }
      }
    } finally {
      // Complete runs outside the slot: the next PUT need not wait a round trip for this one's answer.
      release()
    }
    try {
      await initDurable
      await assertUnchanged(entry)
      setState(entry, 'finishing')
      await completeWithRetry(entry, signal)
    } catch (error) {
      const e = AppError.from(error)
      if (!signal.aborted && e.kind !== 'unauthorized') await discardPending(entry)
      throw e
    }
  }

  /**
   * After a restart, an item that reached init before the crash has a pending file. If complete went through
   * but the `done` record did not, the service says success: that item is finished and must not be sent again.
   */
  async function recoverFinished(entry: Entry, fileId: string, signal: AbortSignal): Promise<boolean> {
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

  async function initFile(entry: Entry, signal: AbortSignal) {
    const item = entry.item
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted()
      // The intent is with the kernel before the request leaves: if this process dies before the answer is
      // read, the next start finds the pending file the service made by its name, size and time.
      const intent: InitIntent = {
        t: 'intent',
        id: item.id,
        nonce: randomUUID(),
        name: item.name,
        size: item.size,
        at: new Date(now()).toISOString(),
      }
      await journal.append([intent])
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
        if (e.kind === 'rate-limited' && attempt < limits.initAttempts && !signal.aborted) {
          await waitBeforeRetry(timing, attempt, e, signal)
          continue
        }
        throw e
      }
    }
  }

  async function putWithRetry(entry: Entry, uploadUrl: string, signal: AbortSignal): Promise<void> {
    const item = entry.item
    for (let attempt = 1; ; attempt++) {
      await assertUnchanged(entry)
      item.attempts++
      item.bytesSent = 0
      entry.meter.reset()
      entry.meter.sample(0)
      setState(entry, 'uploading')
      try {
        await putFile({
          dispatcher: storage,
          uploadUrl,
          path: item.path,
          size: entry.identity.size,
          mimetype: item.mimetype ?? 'application/octet-stream',
          signal,
          stallTimeoutMs,
          headersTimeoutMs: storageTimeoutMs,
          chunkBytes: o.chunkBytes,
          checkRead: o.checkRead,
          throttle: bandwidth,
          onProgress(bytes) {
            item.bytesSent = bytes
            entry.meter.sample(bytes)
            markDirty(entry)
          },
        })
        return
      } catch (error) {
        const e = AppError.from(error)
        if (signal.aborted) throw e
        // A file rewritten under the stream explains a short body or a reset better than the network does.
        await assertUnchanged(entry)
        if (isTransient(e) && attempt < limits.putAttempts) {
          await waitBeforeRetry(timing, attempt, e, signal)
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
        if (isTransient(e) && attempt < limits.completeAttempts && !signal.aborted) {
          await waitBeforeRetry(timing, attempt, e, signal)
          continue
        }
        throw e
      }
    }
  }

  async function assertUnchanged(entry: Entry): Promise<void> {
    const now = await statRegularFile(entry.item.path)
    if (!sameFileIdentity(entry.identity, now)) {
      const sizes =
        now.size === entry.identity.size ? 'rewritten in place' : `size ${entry.identity.size} -> ${now.size}`
      throw new AppError({
        kind: 'file',
        message: `${entry.item.path}: the file changed during upload (${sizes})`,
      })
    }
  }

  function endIntent(intent: InitIntent): Promise<void> {
    return journal.append([{ t: 'intent-end', nonce: intent.nonce }]).catch(() => undefined)
  }

  /**
   * Deletes the pending files that inits of an earlier run made but never heard back from. A file is taken as
   * this client's only when its name and size are an open intent's, it was created within orphanWindowMs of
   * that intent, no item of the queue holds it, and no more such files exist than intents that could have
   * made them; anything less sure (a same-named upload from another device, say) is left alone.
   */
  async function sweepOrphans(intents: InitIntent[], signal: AbortSignal): Promise<void> {
    const known = new Set<string>()
    for (const { item, recoverFileId } of entries.values()) {
      if (item.fileId) known.add(item.fileId)
      if (recoverFileId) known.add(recoverFileId)
    }
    const byName = new Map<string, InitIntent[]>()
    for (const intent of intents) byName.set(intent.name, [...(byName.get(intent.name) ?? []), intent])
    const nowMs = now()
    for (const [name, group] of byName) {
      const pending = (await listNamed(name, signal)).filter(
        (f) => f.status === 'pending' && f.filename === name && !known.has(f.id),
      )
      const bySize = new Map<number, InitIntent[]>()
      for (const intent of group) bySize.set(intent.size, [...(bySize.get(intent.size) ?? []), intent])
      for (const [size, sameSize] of bySize) {
        const inWindow = (createdAt: string, intent: InitIntent): boolean =>
          Math.abs(Date.parse(createdAt) - Date.parse(intent.at)) <= orphanWindowMs
        const candidates = pending.filter(
          (f) => f.size === size && sameSize.some((intent) => inWindow(f.createdAt, intent)),
        )
        if (candidates.length > sameSize.length) {
          warn(
            `upload journal ${o.journalPath}: ${candidates.length} pending files named ${name} could be the ` +
              `${sameSize.length} this app lost track of; none is deleted, since which are its own is not known`,
          )
        } else {
          for (const file of candidates) await client.deleteFile(file.id, { signal })
        }
        // An intent too young to rule out an init still on its way is looked at again next start.
        const settled =
          candidates.length > 0 ? sameSize : sameSize.filter((i) => nowMs - Date.parse(i.at) > orphanWindowMs)
        if (settled.length > 0) {
          await journal.append(settled.map((i) => ({ t: 'intent-end' as const, nonce: i.nonce })))
        }
      }
    }
  }

  /** Every file the service lists under `name` (its search is by file name). */
  async function listNamed(name: string, signal: AbortSignal) {
    const files = []
    // A bound, so that a service answering the same page forever cannot hold the queue.
    for (let page = 1; page <= 50; page++) {
      const result = await client.listFiles({ page, limit: 100, search: name }, { signal })
      files.push(...result.docs)
      if (!result.hasNextPage || result.docs.length === 0) break
    }
    return files
  }

  /** Best effort: a pending file that will never complete should not sit in the user's storage. */
  async function discardPending(entry: Entry): Promise<void> {
    const fileId = entry.item.fileId
    if (!fileId) return
    entry.item.fileId = entry.item.key = entry.item.url = undefined
    await deleteOrphan(fileId)
  }

  /**
   * A failed delete is ignored (resolving false): the item has already failed or been cancelled, and the worst
   * left behind is a pending file the service shows in the list, which the user can delete there.
   */
  async function deleteOrphan(fileId: string): Promise<boolean> {
    return client.deleteFile(fileId).then(
      () => true,
      () => false,
    )
  }

  // ---- public API ----

  async function add(
    paths: string[],
    options: AddOptions = {},
    idempotencyKey?: string,
  ): Promise<UploadItem[]> {
    if (closing) throw new AppError({ kind: 'internal', message: 'the upload engine is closed' })
    if (paths.length === 0) return []
    const results = await Promise.allSettled(paths.map((p) => probeFile(p, o.checkRead)))
    const problems = results.flatMap((r) => (r.status === 'rejected' ? [AppError.from(r.reason)] : []))
    if (problems.length > 0 && options.whenUnreadable !== 'fail-each') {
      throw new AppError({ kind: 'file', message: problems.map((p) => p.message).join('; ') })
    }
    const probes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const verdicts = probes.length > 0 ? await fitToSpace(probes, options.whenFull ?? 'refuse') : []
    const batchId = randomUUID()
    const createdAt = new Date(now()).toISOString()
    const newItem = (p: ProbedFile, error: AppErrorData | undefined): UploadItem => ({
      id: randomUUID(),
      path: p.path,
      name: p.name,
      size: p.size,
      mimetype: p.mimetype,
      ...(p.mimeWarning ? { mimeWarning: p.mimeWarning } : {}),
      state: error ? 'failed' : 'queued',
      bytesSent: 0,
      rateBytesPerSec: 0,
      etaSeconds: null,
      attempts: 0,
      ...(error ? { error, finishedAt: createdAt } : {}),
      batchId,
      createdAt,
    })
    let probed = 0
    const added: Entry[] = results.map((r, i) => {
      if (r.status === 'fulfilled') {
        const p = r.value
        return {
          item: newItem(p, verdicts[probed++]?.toJSON()),
          identity: { size: p.size, mtimeMs: p.mtimeMs, ctimeMs: p.ctimeMs, ino: p.ino },
          meter: createRateMeter(now),
          idempotencyKey,
        }
      }
      // A file refused before any request: its row carries the reason, in the batch's order.
      const path = resolvePath(paths[i]!)
      const name = basename(path)
      const error = AppError.from(r.reason).toJSON()
      const p: ProbedFile = { path, name, size: 0, mtimeMs: 0, mimetype: 'application/octet-stream' }
      return {
        item: newItem(p, { ...error, message: error.message.split(path).join(name) }),
        identity: { size: 0, mtimeMs: 0 },
        meter: createRateMeter(now),
        idempotencyKey,
        unprobed: true,
      }
    })
    const records: JournalRecord[] = []
    for (const { item, identity } of added) {
      records.push({
        t: 'add',
        item: {
          id: item.id,
          path: item.path,
          name: item.name,
          size: item.size,
          mtimeMs: identity.mtimeMs,
          ...(identity.ctimeMs !== undefined ? { ctimeMs: identity.ctimeMs } : {}),
          ...(identity.ino !== undefined ? { ino: identity.ino } : {}),
          ...(idempotencyKey ? { idempotencyKey } : {}),
          mimetype: item.mimetype!,
          ...(item.mimeWarning ? { mimeWarning: item.mimeWarning } : {}),
          batchId,
          createdAt,
        },
      })
      if (item.error)
        records.push({ t: 'state', id: item.id, state: 'failed', error: item.error, at: createdAt })
    }
    await journal.append(records, { sync: true })
    for (const entry of added) {
      entries.set(entry.item.id, entry)
      trackBatch(entry.item)
      markDirty(entry)
    }
    // A batch where nothing fitted is finished already; otherwise its last upload reports it.
    checkBatch(batchId)
    pump()
    return added.map((e) => ({ ...e.item }))
  }

  /**
   * Bytes the queue will still ask the service for: unfinished items that hold no pending file there yet. An
   * item past init is left out because the service's statistic already counts its declared size as used.
   */
  function reservedBytes(except?: Entry): number {
    let bytes = 0
    for (const entry of entries.values()) {
      if (entry === except || entry.checkSpace || isFinal(entry.item.state)) continue
      if (entry.item.fileId || entry.recoverFileId) continue
      bytes += entry.item.size
    }
    return bytes
  }

  /**
   * Checks the batch against the free space the service reports, less what the queue has reserved. Returns,
   * per file, the storage-full error it fails with (`fail-excess`), or throws one for the whole batch (`refuse`).
   */
  async function fitToSpace(
    probes: ProbedFile[],
    whenFull: 'refuse' | 'fail-excess',
  ): Promise<(AppError | undefined)[]> {
    const stat = await client.storageStatistic()
    const { free, total } = stat.usage
    const reserved = reservedBytes()
    if (whenFull === 'refuse') {
      const batchBytes = probes.reduce((sum, p) => sum + p.size, 0)
      const needed = batchBytes + reserved
      if (needed > free) {
        const size = bytesFormatter(needed, free)
        throw new AppError({
          kind: 'storage-full',
          message:
            `not enough storage: this batch needs ${size(batchBytes)}` +
            (reserved ? ` (plus ${size(reserved)} already queued)` : '') +
            ` but only ${size(free)} of ${size(total)} is free`,
          neededBytes: needed,
          freeBytes: free,
        })
      }
      return probes.map(() => undefined)
    }
    const verdicts = fitInOrder(
      probes.map((p) => p.size),
      free - reserved,
    )
    return probes.map((p, i) => {
      const verdict = verdicts[i]
      return verdict?.fits === false
        ? fileDoesNotFit(p.name, p.size, verdict.availableBytes, total)
        : undefined
    })
  }

  function waitFinal(id: string, signal?: AbortSignal): Promise<UploadItem> {
    const entry = entries.get(id)
    if (!entry) return Promise.reject(new AppError({ kind: 'not-found', message: `no upload ${id}` }))
    if (isFinal(entry.item.state)) return Promise.resolve({ ...entry.item })
    return new Promise((resolve, reject) => {
      const stopWaiting = (): void => {
        const list = finalWaiters.get(id)
        if (list)
          finalWaiters.set(
            id,
            list.filter((w) => w !== waiter),
          )
        reject(
          new AppError({
            kind: 'cancelled',
            message: `stopped waiting for the upload of ${entry.item.name}`,
          }),
        )
      }
      const waiter = (item: UploadItem): void => {
        signal?.removeEventListener('abort', stopWaiting)
        resolve(item)
      }
      if (signal?.aborted) return stopWaiting()
      signal?.addEventListener('abort', stopWaiting, { once: true })
      const list = finalWaiters.get(id) ?? []
      list.push(waiter)
      finalWaiters.set(id, list)
    })
  }

  /** Concurrent asks for one key share the lookup-or-add, so two of them cannot add the file twice. */
  const keyedAsks = new Map<string, Promise<string>>()

  async function uploadOne(
    path: string,
    options: { key?: string; signal?: AbortSignal } = {},
  ): Promise<UploadItem> {
    const { key, signal } = options
    signal?.throwIfAborted()
    if (!key) {
      const [item] = await add([path])
      return waitFinal(item!.id, signal)
    }
    let asked = keyedAsks.get(key)
    if (!asked) {
      asked = (async () => {
        const wanted = resolvePath(path)
        const existing = [...entries.values()].find((e) => e.idempotencyKey === key)
        if (existing && existing.item.path === wanted) {
          const { state } = existing.item
          if (state === 'failed' || state === 'cancelled') retry(existing.item.id)
          return existing.item.id
        }
        // The key now names another file: the old upload is no longer wanted.
        if (existing) remove(existing.item.id)
        const [item] = await add([path], {}, key)
        return item!.id
      })().finally(() => keyedAsks.delete(key))
      keyedAsks.set(key, asked)
    }
    return waitFinal(await asked, signal)
  }

  async function cancel(id: string): Promise<void> {
    const entry = entries.get(id)
    if (!entry || isFinal(entry.item.state)) return
    const error = new AppError({ kind: 'cancelled', message: 'cancelled' })
    const run = entry.run
    entry.controller?.abort(error)
    const written = finish(entry, 'cancelled', error)
    // Wait for the transfer to unwind so the pending file it may have created is known, then delete it.
    await run
    await written
    await discardPending(entry)
  }

  function retry(id: string): void {
    const entry = entries.get(id)
    if (!entry || (entry.item.state !== 'failed' && entry.item.state !== 'cancelled')) return
    const item = entry.item
    entry.checkSpace = item.error?.kind === 'storage-full'
    Object.assign(item, { state: 'queued', bytesSent: 0, attempts: 0 })
    item.error = item.finishedAt = item.fileId = item.key = item.url = undefined
    entry.reprobe = true
    void journal.append([{ t: 'state', id, state: 'queued' }]).catch(() => undefined)
    markDirty(entry)
    pump()
  }

  function remove(id: string): void {
    const entry = entries.get(id)
    if (!entry) return
    if (!isFinal(entry.item.state)) void cancel(id)
    entries.delete(id)
    batches.get(entry.item.batchId)?.delete(id)
    dirty.delete(id)
    removedSinceEmit.push(id)
    for (const resolve of finalWaiters.get(id) ?? []) resolve({ ...entry.item })
    finalWaiters.delete(id)
    void journal.append([{ t: 'remove', id }]).catch(() => undefined)
    scheduleEmit()
    checkIdle()
  }

  return {
    add: (paths, options) => add(paths, options),
    uploadOne,
    cancel,
    retry,
    remove,
    retryAllFailed() {
      for (const entry of [...entries.values()]) if (entry.item.state === 'failed') retry(entry.item.id)
    },
    clearFinished() {
      for (const entry of [...entries.values()]) if (isFinal(entry.item.state)) remove(entry.item.id)
    },
    list: () => [...entries.values()].map(snapshot),
    get: (id) => {
      const entry = entries.get(id)
      return entry ? snapshot(entry) : undefined
    },
    totals,
    setConcurrency(n) {
      concurrency = checkConcurrency(n)
      grantSlots()
      pump()
    },
    setPaused(value) {
      paused = value
      pump()
    },
    isPaused: () => paused,
    setRateLimit(bytesPerSecond) {
      bandwidth.setRate(bytesPerSecond)
    },
    onProgress(listener) {
      progressListeners.add(listener)
      return () => progressListeners.delete(listener)
    },
    onBatchFinished(listener) {
      batchListeners.add(listener)
      return () => batchListeners.delete(listener)
    },
    whenIdle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve)
        // Restored items start on the next turn; let pump() decide whether we are idle.
        queueMicrotask(pump)
      })
    },
    async close() {
      if (closing) return
      closing = true
      sweepController.abort(new AppError({ kind: 'cancelled', message: 'the upload engine is closing' }))
      await sweeping
      const runs: Promise<void>[] = []
      for (const entry of entries.values()) {
        entry.controller?.abort(new AppError({ kind: 'cancelled', message: 'the upload engine is closing' }))
        if (entry.run) runs.push(entry.run)
      }
      await Promise.all(runs)
      flushProgress()
      for (const resolve of idleWaiters) resolve()
      idleWaiters = []
      await journal.close()
      await ownStorageAgent?.close()
    },
  }
}

function checkConcurrency(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 32) {
    throw new AppError({ kind: 'validation', field: 'concurrency', message: 'concurrency must be 1 to 32' })
  }
  return n
}

/** One file's storage-full error; `available` is what is left for it once the queue's reservations are met. */
function fileDoesNotFit(name: string, size: number, available: number, total: number): AppError {
  const free = Math.max(0, available)
  const format = bytesFormatter(size, free)
  return new AppError({
    kind: 'storage-full',
    message: `not enough storage: ${name} needs ${format(size)} but only ${format(free)} of ${format(total)} is free for it`,
    neededBytes: size,
    freeBytes: free,
  })
}

/** Rounded sizes, unless rounding would make what is needed and what is free read the same ("10.0 MB"). */
function bytesFormatter(needed: number, free: number): (n: number) => string {
  if (formatBytes(needed) !== formatBytes(free)) return formatBytes
  return (n) => `${n.toLocaleString('en-US')} B`
}
