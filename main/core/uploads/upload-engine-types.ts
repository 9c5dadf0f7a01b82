// The upload engine's vocabulary: its options, its public interface and the per-item record its modules share.
import type { Dispatcher } from 'undici'
import type { EventPayloads } from '../../../common/contract'
import type { UploadItem, UploadProgressEvent, UploadTotals } from '../../../common/uploads'
import { FINAL_UPLOAD_STATES } from '../../../common/uploads'
import type { AppDatabase, ChangeTimers } from '../db/database'
import type { ServiceClient } from '../service-client'
import type { DispatcherFactory } from '../http/network'
import type { FileIdentity, ReadCheck } from './file-probe'
import type { RateMeter } from './rate-meter'
import type { RetryTiming } from './retry-timing'
import type { TokenBucketClock } from './token-bucket'

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

/** What the host forwards as `uploads:batch-finished`: one shape, the contract's. */
export type BatchFinishedEvent = EventPayloads['uploads:batch-finished']

export interface UploadEngineOptions {
  client: Pick<
    ServiceClient,
    'storageStatistic' | 'initFile' | 'completeFile' | 'deleteFile' | 'getFile' | 'listFiles'
  >
  /**
   * The upload journal from before the database (uploads/<profile>.jsonl): imported on first open and renamed
   * to *.pre-db. Its name (without .jsonl) is the queue's scope unless `scope` says otherwise, and its folder
   * holds the database when no `database` is given.
   */
  journalPath: string
  /** The data folder's database (main/core/db/); default: one opened beside `journalPath`, closed with the engine. */
  database?: AppDatabase
  /**
   * The account this engine sends to: credentialsIdentity() of its base URL and access key
   * (../drafts/profile-identity.ts). It resumes, sweeps and writes only that account's items; another's wait
   * for an engine of theirs. The host and the CLI always give it; default: the scope.
   */
  identity?: string
  /** The queue's name in the database's tables; default: the identity. */
  scope?: string
  /** The scope the old journal's items are imported into (default: the scope). */
  legacyScope?: string
  /** Finished items are kept this many days (Settings), then deleted; default 30. */
  historyDays?: number
  /** Clock of the leases (tests: a process that "died" is one whose leases a later clock finds expired). */
  leaseClock?: () => number
  /** Timers of the lease renewal (tests). */
  leaseTimers?: ChangeTimers
  /** The profile's content index file from before the database (./content-index.ts); default beside the journal. */
  contentIndexPath?: string
  /** Files the content index keeps at most, the least recently used going first (default 20,000). */
  contentIndexCap?: number
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
  /**
   * The clock and timers of the bandwidth cap and of the progress interval: the real ones by default; tests
   * step a manual clock through them, so a rate is asserted on the time the engine itself counted.
   */
  timers?: TokenBucketClock
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
   * The name a single file is stored under on the service, instead of its file's own: a picture the page made
   * (a crop) is named after its source ("pelaminan panorama 3x1 (cropped).jpg"), not after its generated copy.
   */
  name?: string
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
   * With `key`, the upload is the one of that name, across restarts (the key is kept with the item): an item with the
   * key that is in progress, resumed or done is awaited instead of a new one (one that failed or was
   * cancelled is retried), so a caller asking again after a crash never sends the file twice. `signal` stops
   * the wait (rejecting with `cancelled`), not the upload: the next ask for the key picks it up.
   */
  uploadOne(
    path: string,
    options?: { key?: string; signal?: AbortSignal; name?: string },
  ): Promise<UploadItem>
  /** The item uploading (or uploaded) under `key` (see uploadOne), if there is one. */
  keyed(key: string): UploadItem | undefined
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
  /** While paused no transfer starts; those under way finish. Items stay queued (and on disk) meanwhile. */
  setPaused(paused: boolean): void
  isPaused(): boolean
  /** Caps the total upload speed (bytes a second), or lifts the cap (null); running transfers follow at once. */
  setRateLimit(bytesPerSecond: number | null): void
  onProgress(listener: (e: UploadProgressEvent) => void): () => void
  onBatchFinished(listener: (e: BatchFinishedEvent) => void): () => void
  whenIdle(): Promise<void>
  close(): Promise<void>
}

/** One queued file as the engine holds it: the item the world sees, plus what only the engine needs. */
export interface Entry {
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
  /** SHA-256 of the file on disk, taken when a same-size file made a comparison necessary (./content-dedupe.ts). */
  contentHash?: Promise<string>
  /** SHA-256 of the file's first bytes, from its probe (./file-probe.ts); unknown after a restart. */
  headSha256?: string
}

export const isFinal = (state: UploadItem['state']): boolean => FINAL_UPLOAD_STATES.includes(state)
