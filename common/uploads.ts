// What the upload queue looks like to everyone outside the engine: the CLI, IPC and the renderer.
import type { AppErrorData } from './errors'

export const UPLOAD_STATES = [
  'queued', // waiting for a transfer slot
  'preparing', // validating the file and calling init
  'uploading', // PUT in flight
  'finishing', // calling complete
  'done',
  'failed',
  'cancelled',
] as const
export type UploadState = (typeof UPLOAD_STATES)[number]

export const FINAL_UPLOAD_STATES: readonly UploadState[] = ['done', 'failed', 'cancelled']

export interface UploadItem {
  id: string
  /** Absolute path on disk, as the user chose or dropped it. */
  path: string
  /** Base name shown to the user and sent as `filename` at init. */
  name: string
  size: number
  /** The type sent at init (extension wins); null until detected. */
  mimetype: string | null
  /** Set when the file's magic bytes disagree with its extension. */
  mimeWarning?: string
  state: UploadState
  /** Bytes actually written to the socket for the current attempt. */
  bytesSent: number
  /** Smoothed bytes per second over the last few seconds; 0 when idle. */
  rateBytesPerSec: number
  /** Seconds left at the current rate; null when unknown. */
  etaSeconds: number | null
  /** PUT attempts so far (first try is 1). */
  attempts: number
  error?: AppErrorData
  /** Service file id, key and public url once init answered. */
  fileId?: string
  key?: string
  url?: string
  /**
   * The same bytes were already stored: nothing was sent, and fileId/key/url are the stored file's
   * ("already in your library").
   */
  reused?: boolean
  /** Groups the files added together, for the "batch finished" notification. */
  batchId: string
  createdAt: string
  finishedAt?: string
}

export interface UploadTotals {
  files: number
  queued: number
  active: number
  done: number
  failed: number
  cancelled: number
  bytesTotal: number
  bytesSent: number
  rateBytesPerSec: number
  etaSeconds: number | null
}

/** One batched progress message: the items that changed since the last one, and the totals now. */
export interface UploadProgressEvent {
  items: UploadItem[]
  /** Ids removed from the queue since the last message. */
  removed: string[]
  totals: UploadTotals
}

/**
 * The queue's totals, the one count the engine reports and every stand-in of it (the renderer's empty state,
 * the renderer tests' fake) reuses, so they cannot disagree on what is counted. Failed and cancelled items
 * leave the byte totals: they will not be sent unless retried. `rateOf` is an uploading item's current rate;
 * the engine passes its meter's unrounded figure, elsewhere the item's own `rateBytesPerSec` serves.
 */
export function computeUploadTotals(
  items: Iterable<UploadItem>,
  rateOf: (item: UploadItem) => number = (item) => item.rateBytesPerSec,
): UploadTotals {
  const t: UploadTotals = {
    files: 0,
    queued: 0,
    active: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    bytesTotal: 0,
    bytesSent: 0,
    rateBytesPerSec: 0,
    etaSeconds: null,
  }
  for (const item of items) {
    t.files++
    if (item.state === 'queued') t.queued++
    else if (item.state === 'done') t.done++
    else if (item.state === 'failed') t.failed++
    else if (item.state === 'cancelled') t.cancelled++
    else t.active++
    if (item.state === 'failed' || item.state === 'cancelled') continue
    t.bytesTotal += item.size
    t.bytesSent += item.state === 'done' ? item.size : item.bytesSent
    if (item.state === 'uploading') t.rateBytesPerSec += rateOf(item)
  }
  t.rateBytesPerSec = Math.round(t.rateBytesPerSec)
  t.etaSeconds =
    t.rateBytesPerSec > 0
      ? Math.ceil((t.bytesTotal - t.bytesSent) / t.rateBytesPerSec)
      : t.queued + t.active
        ? null
        : 0
  return t
}

/**
 * Codes the upload engine puts in `error.code` for the failures it words itself (the service's and the storage
 * origin's own codes pass through unchanged), so a screen can say them in its language; `message` keeps the
 * English wording for the CLI and logs.
 */
export const UPLOAD_ERROR_CODES = [
  'upload-engine-closed',
  'upload-cancelled',
  'upload-not-found',
  'upload-wait-stopped',
  'upload-batch-too-big',
  'upload-file-too-big',
  'upload-file-changed',
  'upload-bad-concurrency',
] as const
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number]
