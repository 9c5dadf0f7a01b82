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
