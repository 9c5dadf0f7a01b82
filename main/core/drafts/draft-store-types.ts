// What the drafts store (./draft-store.ts, the drafts tables' one repository) answers and takes: the drafts as
// main keeps them, a send marker, the changes its listeners hear, and the options of a change.
import type { Draft } from '../../../common/drafts'
import type { TransactionOptions } from '../db/database'

/** A create that was sent and whose answer has not been seen yet: the post may exist on the service. */
export interface SendMarker {
  startedAt: string
  accountId: string
  scheduleAt: string
  title: string
  description: string
  /** When the post was last looked for on the service and not found (main/core/drafts/unknown-outcome.ts). */
  lookedAt?: string
  /**
   * The service answered that the create failed (a 5xx), and the lookup that would confirm it could not be
   * made: one look settles it, then the post may be sent again.
   */
  answered?: boolean
}

export interface StoreNotice {
  kind: 'recovered-from-backup' | 'unreadable' | 'migrated' | 'records-set-aside'
  message: string
  /** Where the unusable file was moved (or the set-aside records kept), so nothing is deleted. */
  keptAt?: string
  /** Records that could not be read and were set aside, each alone. */
  setAside?: number
}

/** A draft as main keeps it, with its revision. */
export type StoredDraft = Draft

export interface UpdateOptions {
  /** The revision the change was based on: refused with `draft-changed-elsewhere` when the stored one moved. */
  baseRevision?: number
  /** A lease (main/core/db/leases.ts) the change needs: refused, changing nothing, when no longer held. */
  lease?: { holds(resource: string): boolean; resource: string }
  /**
   * Sets (a marker) or clears (null) the draft's send marker in the same transaction: one commit instead of two
   * for the outbox's "sending, and this create is about to leave" and "scheduled, the create was answered".
   */
  marker?: SendMarker | null
  /**
   * `'crash'`: committed without waiting for the disk (database.ts TransactionOptions): only for a change whose
   * loss in a power cut the caller recovers from, as the outbox does a "scheduled" whose send marker it clears.
   */
  durability?: TransactionOptions['durability']
  /**
   * Decides on the row as stored now, inside the transaction that changes it: throws (an AppError) to refuse.
   * What this process holds in memory may be a second old (another process, the CLI's `sync`, sent the post
   * meanwhile); a status check made on that copy would unqueue a post already on the service. On a refusal
   * the stored row replaces the copy and listeners hear of it, so the page shows what is true now.
   */
  guard?: (current: StoredDraft) => void
  /**
   * Refused with `notFound` (kind `not-found`), changing nothing, when the row is gone: the outbox writes only
   * to a draft it is sending, and one deleted by the person (or another process) meanwhile must stay deleted,
   * never come back as "sending" and go out. Without it, a change to a row removed elsewhere is written back.
   */
  mustExist?: boolean
}

/** What one commit (or several seen at once) did to the drafts: the drafts as stored now, and the ids gone. */
export interface DraftChanges {
  changed: StoredDraft[]
  removed: string[]
  /** Changes were missed (the change log was pruned past what this process had read): read everything. */
  reset?: true
}

export interface DraftStore {
  /** The database file. */
  readonly path: string
  /** What happened on open: a recovery of the old file the person should hear about; null when all was well. */
  readonly notice: StoreNotice | null
  /** Every draft, in the order written. A query each time: main keeps no copy of the drafts. */
  list(): StoredDraft[]
  /** The drafts written for one profile (by creation): the only ones its calls, outbox and events may see. */
  listForProfile(profileId: string): StoredDraft[]
  /** A profile's queued and sending drafts, by time: what the outbox sends (an indexed query). */
  pendingForProfile(profileId: string): StoredDraft[]
  /** How many drafts of a profile are in each status. */
  countsForProfile(profileId: string): Partial<Record<Draft['status'], number>>
  /** The service posts drafts other than `except` were sent as: a post found by one is not another's. */
  claimedScheduleIds(except: string): Set<string>
  get(id: string): StoredDraft | undefined
  /** Adds or replaces a draft whole. */
  put(draft: StoredDraft): StoredDraft
  /**
   * Applies `changes` to the stored draft (as committed now, not as `draft` was read), stamped `updatedAt: at`,
   * and returns what was stored.
   */
  update(draft: StoredDraft, changes: Partial<Draft>, at: Date, options?: UpdateOptions): StoredDraft
  /** Adds or replaces several at once: one transaction, one change event. */
  putMany(drafts: StoredDraft[]): void
  /** Removes it; `guard` decides on the row as stored now, as in update (UpdateOptions.guard). */
  remove(id: string, guard?: (current: StoredDraft) => void): boolean
  /**
   * Runs `fn` as one transaction: the store's writes inside it (and any other repository's on the same
   * database, such as a campaign record) commit together or not at all, and are announced once, after it.
   */
  batch<T>(fn: () => T): T
  marker(id: string): SendMarker | undefined
  setMarker(id: string, marker: SendMarker | undefined): void
  lastSyncAt(): string | null
  setLastSyncAt(at: string): void
  /**
   * Announces what was committed since this process last looked and it has not announced yet: another
   * process's commits (the CLI beside the app), or a change made through this connection beside the store
   * (drafts moved to a profile). Resolves true when something changed.
   */
  refresh(force?: boolean): Promise<boolean>
  /** Called after each commit that changed drafts, with what it changed (never the whole list). */
  onChange(listener: (changes: DraftChanges) => void): () => void
}

export interface OpenDraftStoreOptions {
  /** The profile active now: the old file's drafts from before drafts had a profile become its drafts. */
  profileId?: string
  /** The data folder whose old drafts.json is imported on first open; none: nothing to import. */
  dataDir?: string
  /** How many change-log entries are kept past what was read (CHANGE_LOG_KEPT); tests keep fewer. */
  changeLogKept?: number
}
