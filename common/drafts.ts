// Local drafts and the outbox: posts written on this machine, sent to the service when it is reachable.
import type { AppErrorData } from './errors'
import type { CreateScheduleRequest } from './service'

/**
 * The drafts one bulk call takes (common/draft-calls.ts): a selection of a year's planner, kept to what one
 * transaction does briefly. Here, away from zod, because the page splits a larger selection by it.
 */
export const MAX_BULK_DRAFTS = 1_000

export const DRAFT_STATUSES = [
  'draft',
  'queued',
  'sending',
  'scheduled',
  'failed',
  'needs-attention',
] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]

/**
 * Bounds of one `drafts:import`: the text of the file (characters; 5 MB of plain text) and its rows. Beyond
 * them the import is refused with the limit named, before any parsing: a file of 18 MB held main for 16 s.
 */
export const MAX_IMPORT_CHARS = 5_000_000
export const MAX_IMPORT_ROWS = 10_000

/** A media item still on disk: uploaded through the engine when the post is sent. */
export interface LocalMedia {
  id: string
  path: string
  name: string
  size: number
  mimetype: string
  alt: string
  /** Service `type` of the media: image or video. */
  type: string
  thumbnail: string
  /** Filled once uploaded, so a resend never uploads twice. */
  uploadedUrl?: string
}

/** Every member of section 2.4; accountId and scheduleAt may be empty while drafting. */
export type DraftPost = CreateScheduleRequest

/** One account a draft is written for, with its own text where that network needs another. */
export interface DraftTarget {
  accountId: string
  /** The text for this account; the post's own description when absent. */
  description?: string
  /** The title for this account; the post's own when absent. */
  title?: string
  /** This account's network options, whole; the post's own when absent. */
  additionalInfo?: DraftPost['additionalInfo']
  /**
   * Minutes from the post's time this account's post goes out, −720 to +720 (common/campaigns.ts); none is 0.
   * Queued, the draft becomes a campaign (main/core/campaigns/) whose time is the post's.
   */
  offsetMinutes?: number
}

/** How many accounts one draft may be written for: one post each is created on the service. */
export const MAX_DRAFT_TARGETS = 20

export type AttentionReason = 'time-passed' | 'answer-lost' | 'rejected'

export interface Draft {
  id: string
  /**
   * The profile (service account) the draft was written for: only that profile's outbox sends it, so a post
   * queued in the Sandbox never reaches a real account with sandbox account ids and media URLs. The app uses
   * its profile ids ('sandbox' for the built-in one); the CLI a stable id of its credentials (docs/drafts-csv.md).
   */
  profileId: string
  status: DraftStatus
  post: DraftPost
  localMedia: LocalMedia[]
  /**
   * Written for several accounts: every one of them, `post.accountId` being the first. Queueing splits the
   * draft into one draft per account (this one keeps the first), so each post is sent, tracked and retried on
   * its own, and a list of drafts stays one line a post. Absent for a draft of one account.
   */
  targets?: DraftTarget[]
  /** The service's id once scheduled. */
  scheduleId?: string
  error?: AppErrorData
  attention?: { reason: AttentionReason; message: string }
  createdAt: string
  updatedAt: string
  /**
   * Moves by one on every change of the stored draft (main/core/drafts/draft-store.ts). A save names the
   * revision it was based on; one based on an older revision (another window or the CLI changed it since) is
   * refused with `draft-changed-elsewhere`, and the person chooses whose version stays.
   */
  revision?: number
}

export interface DraftFieldError {
  field: string
  message: string
  /** Stable name of the rule that failed, so the renderer can say it in the person's language. */
  code?: string
  params?: Record<string, string | number>
}

/**
 * Why a row of an import was refused, by a stable name the renderer words in the person's language
 * (planner.transfer.errors.*); `message` is the English wording, for the CLI and the logs.
 */
export const IMPORT_ERROR_CODES = [
  'too-large',
  'empty-file',
  'csv-quotes',
  'csv-syntax',
  'unknown-column',
  'column-twice',
  'too-many-rows',
  'cell-count',
  'boolean',
  'number',
  'json-array',
  'list',
  'time-format',
  'updated-at',
  'one-of',
  'wrong-type',
  'too-big',
  'too-small',
  'bad-format',
  'invalid',
  'not-json',
  'entry-object',
  'account-ambiguous',
  'account-network',
  'same-post',
  'offline-post',
  'sending',
  'gone-from-service',
  'service-needs-account-time',
  'media-not-picked',
  'service-refused',
] as const
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number]

export interface ImportRowError {
  /** The file's row (the CSV header is row 1); 0 for the file as a whole. */
  row: number
  field?: string
  message: string
  code?: ImportErrorCode
  params?: Record<string, string | number>
}

/** How a CSV's day-month dates are read: "05/12/2026" is 5 December day-first, 12 May month-first. */
export const DATE_ORDERS = ['dmy', 'mdy'] as const
export type DateOrder = (typeof DATE_ORDERS)[number]

/** How the times of a file without a zone were read, for the preview to say (and let the person switch). */
export interface ImportReading {
  /** The zone a time without one was read in: the planner's. */
  timeZone: string
  dateOrder: DateOrder
  /** Whether the file has day-month dates at all, and whether one reads both ways as different days. */
  dayMonth: boolean
  ambiguous: boolean
}

export interface OutboxState {
  online: boolean
  sending: boolean
  counts: Record<DraftStatus, number>
  lastSyncAt: string | null
  nextSyncAt: string | null
  /**
   * Set when opening the drafts file needed a recovery (a corrupt file restored from its backup), failed, or
   * found records it could not read and set aside alone (`setAside` of them; every other draft is listed).
   */
  storeNotice?: {
    kind: 'recovered-from-backup' | 'unreadable' | 'migrated' | 'records-set-aside'
    message: string
    keptAt?: string
    setAside?: number
  }
}

/**
 * What an import would do, row by row, before it changes anything (docs/drafts-csv.md): `new` adds a local
 * draft, `updated` changes a post in place (on the service or in the drafts), `unchanged` leaves it, and
 * `conflict` is a row edited from an older copy than the post now is: the person chooses.
 */
export const IMPORT_OUTCOMES = ['new', 'updated', 'unchanged', 'conflict'] as const
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number]

export interface ImportPreviewRow {
  /** The file's row (the CSV header is row 1; a JSON entry counts from 1). */
  row: number
  outcome: ImportOutcome
  /** Where the row lands: the service's post or a local draft. */
  target: 'service' | 'draft'
  /** The service's id or the draft's, once the row matched one. */
  id?: string
  /** The start of the row's text, so the person recognises it. */
  label: string
  /** The times of a conflict: the copy the file was edited from, and the post's own now. */
  fileUpdatedAt?: string
  currentUpdatedAt?: string
}

export interface ImportPreview {
  counts: Record<ImportOutcome, number>
  rows: ImportPreviewRow[]
  errors: ImportRowError[]
  /** CSV only: the zone and date order its times were read in. */
  reading?: ImportReading
}

/** What the preview read the file with, given back to the import so it reads the file the same way. */
export interface ImportReadOptions {
  timeZone?: string
  dateOrder?: DateOrder
}

/** Per conflicting row (by its row number): keep the post as it is now, or take the file's. */
export type ConflictChoice = 'theirs' | 'file'

export interface ImportResult {
  /** The new local drafts. */
  imported: Draft[]
  /** Local drafts changed in place. */
  changed: Draft[]
  /** Posts on the service changed in place, by id. */
  updatedOnService: string[]
  unchanged: number
  /** Conflicts left as they were. */
  kept: number
  errors: ImportRowError[]
  /** The same counts as the preview's, of what was done: new, updated, unchanged, conflicts kept as they were. */
  counts: Record<ImportOutcome, number>
}
