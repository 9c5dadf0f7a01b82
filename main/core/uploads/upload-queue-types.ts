// What the upload queue keeps of its items, and the writes the engine makes about them. The upload store
// (./upload-store.ts) is their one writer: each write is one transaction of the data folder's database,
// committed (synchronous = FULL) when its promise resolves.
import type { AppErrorData } from '../../../common/errors'
import type { AppDatabase } from '../db/database'
import type { Leases } from '../db/leases'
import type { UploadState } from '../../../common/uploads'
import type { FileIdentity } from './file-probe'

/** An item as it was added: the file, what it was probed as, and the caller's name for it. */
export interface PersistedItem {
  id: string
  path: string
  name: string
  size: number
  mtimeMs: number
  /** Change time and inode: not restorable by utimes, so they tell a rewrite that put the mtime back. */
  ctimeMs?: number
  ino?: number
  mimetype: string
  mimeWarning?: string
  batchId: string
  createdAt: string
  /** The caller's name for this upload (a draft's media item): asking again returns this item. */
  idempotencyKey?: string
}

/** An item as a queue finds it again at open: its last state, and the stored file it reached. */
export interface RestoredItem extends PersistedItem {
  /** The last state written; anything not final means the item was interrupted. */
  state: UploadState
  fileId?: string
  key?: string
  url?: string
  reused?: true
  error?: AppErrorData
  finishedAt?: string
}

/**
 * An init about to be sent: if its answer is lost, the service may hold a pending file this client started
 * but cannot name; name, size and time are what let a later run find and delete it.
 */
export interface InitIntent {
  /** The item it is for. */
  id: string
  nonce: string
  name: string
  size: number
  at: string
}

/** The stored file an item reached: by its init's answer (which settles `nonce`), or reused. */
export interface StoredFile {
  fileId: string
  key: string
  url: string
  /** The intent this init's answer settles. */
  nonce?: string
  /** No init was made: the file's bytes were already stored, and this is that stored file. */
  reused?: true
}

/** An item added with a batch; one refused before any request is added failed, with why and when. */
export interface NewUpload {
  item: PersistedItem
  refused?: { error: AppErrorData; at: string }
}

/**
 * The engine's writes about its queue. Each call is one transaction; one about an item this process no
 * longer holds (its lease was taken over) rejects with UploadLeaseLost and writes nothing.
 */
export interface QueueWrites {
  /** A batch's items, all or none, each with its lease taken. */
  add(uploads: NewUpload[]): Promise<void>
  /** Before an init is sent. */
  intend(intent: InitIntent): Promise<void>
  /** Intents settled without an init answer: the service refused, or their file was found and deleted. */
  settleIntents(nonces: string[]): Promise<void>
  /** The stored file an item reached. */
  stored(id: string, file: StoredFile): Promise<void>
  /** A retried item's file, measured again. */
  remeasured(id: string, identity: FileIdentity): Promise<void>
  /** Queued again (a retry): nothing of the earlier attempt applies any more. */
  requeue(id: string): Promise<void>
  /** A final state; the item's lease is given back in the same transaction. */
  finish(id: string, state: 'done' | 'failed' | 'cancelled', error?: AppErrorData, at?: string): Promise<void>
  remove(id: string): Promise<void>
  /** No write is accepted after it. */
  close(): Promise<void>
}

export const uploadLease = (id: string): string => `upload:${id}`

/** A write about an item this process no longer holds: the item is another's now, and nothing was written. */
export class UploadLeaseLost extends Error {
  constructor(readonly itemId: string) {
    super(`upload ${itemId} is now handled by another Mediadeck process`)
  }
}

export interface OpenUploadStoreOptions {
  database: AppDatabase
  leases: Leases
  /** The queue's name: a profile's id, or the CLI's identity. */
  scope: string
  /** The account the queue sends to: credentialsIdentity() of its base URL and access key. */
  identity: string
  /** The journal file from before the database: imported once, then renamed to *.pre-db. */
  legacyPath?: string
  /** The scope the old journal's items are imported into (default `scope`). */
  legacyScope?: string
  /** Finished items older than this many days are deleted on open. */
  historyDays?: number
  now?: () => number
  warn(message: string): void
}

export interface UploadStore {
  /** This queue's items at open: the unfinished it holds, and the newest finished, in the order added. */
  items: Map<string, RestoredItem>
  /** Inits that went out and whose answer was never written, by nonce. */
  intents: Map<string, InitIntent>
  writes: QueueWrites
  /** A finished item of this queue by its idempotency key, read from disk (it may be older than memory holds). */
  findByKey(key: string): RestoredItem | undefined
  /** Every stored file an item of any queue holds (the orphan sweep leaves them alone). */
  knownFileIds(): Set<string>
  /**
   * Unfinished items of this queue that no live process holds any more (another run ended or was killed, a
   * lease expired): their leases are taken and they are answered, to be resumed. `known` are the items the
   * caller has already.
   */
  adopt(known: ReadonlySet<string>): RestoredItem[]
  /** Releases the leases of the items still held (a clean close: the next run resumes them at once). */
  releaseAll(): void
}

export interface UploadsElsewhere {
  /**
   * Another process's item for `id`'s file whose bytes are on their way: added before `id` (two processes
   * that each waited for the other's item would wait for ever), held by a live process, its init answered
   * (an item only queued may wait long for its turn; one answered is sent within minutes). Its id, or
   * undefined.
   */
  underWay(id: string, path: string, file: FileIdentity): string | undefined
  /**
   * How `id` (an item underWay named) stands: the stored file it made; 'running' while another live process
   * still sends it; 'gone' when it made none (failed, cancelled, removed, or its process ended).
   */
  outcome(id: string): { fileId: string; key: string; url: string } | 'gone' | 'running'
}
