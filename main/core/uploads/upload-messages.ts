// Every failure the upload engine words itself, in one place: each carries a code (common/uploads.ts
// UPLOAD_ERROR_CODES) that the renderer translates, and an English message the CLI prints and the logs keep.
import { AppError } from '../../../common/errors'
import type { UploadErrorCode } from '../../../common/uploads'
import { formatBytes } from '../../../common/format-bytes'

const engineError = (
  code: UploadErrorCode,
  kind: AppError['kind'],
  message: string,
  extra: { neededBytes?: number; freeBytes?: number; field?: string } = {},
): AppError => new AppError({ kind, code, message, ...extra })

export const engineClosed = (): AppError =>
  engineError('upload-engine-closed', 'internal', 'the upload engine is closed')

/** A transfer cut short by the person (or a removal). */
export const cancelledByUser = (): AppError => engineError('upload-cancelled', 'cancelled', 'cancelled')

/** Transfers interrupted by close(): their rows stay unfinished, to resume next start. */
export const engineClosing = (): AppError =>
  engineError('upload-cancelled', 'cancelled', 'the upload engine is closing')

export const noSuchUpload = (id: string): AppError =>
  engineError('upload-not-found', 'not-found', `no upload ${id}`)

export const stoppedWaiting = (name: string): AppError =>
  engineError('upload-wait-stopped', 'cancelled', `stopped waiting for the upload of ${name}`)

/** A wait for an item another process took over (this one's lease lost): that process finishes it. */
export const takenOver = (name: string): AppError =>
  engineError(
    'upload-cancelled',
    'cancelled',
    `the upload of ${name} was taken over by another Mediadeck process`,
  )

export const badConcurrency = (): AppError =>
  engineError('upload-bad-concurrency', 'validation', 'concurrency must be 1 to 32', { field: 'concurrency' })

export function fileChanged(path: string, before: number, after: number): AppError {
  const sizes = after === before ? 'rewritten in place' : `size ${before} -> ${after}`
  return engineError('upload-file-changed', 'file', `${path}: the file changed during upload (${sizes})`)
}

/** The whole batch refused: it needs more than the storage has free, less what the queue already reserved. */
export function batchDoesNotFit(batchBytes: number, reserved: number, free: number, total: number): AppError {
  const needed = batchBytes + reserved
  const size = bytesFormatter(needed, free)
  return engineError(
    'upload-batch-too-big',
    'storage-full',
    `not enough storage: this batch needs ${size(batchBytes)}` +
      (reserved ? ` (plus ${size(reserved)} already queued)` : '') +
      ` but only ${size(free)} of ${size(total)} is free`,
    { neededBytes: needed, freeBytes: free },
  )
}

/** One file's storage-full error; `available` is what is left for it once the queue's reservations are met. */
export function fileDoesNotFit(name: string, size: number, available: number, total: number): AppError {
  const free = Math.max(0, available)
  const format = bytesFormatter(size, free)
  return engineError(
    'upload-file-too-big',
    'storage-full',
    `not enough storage: ${name} needs ${format(size)} but only ${format(free)} of ${format(total)} is free for it`,
    { neededBytes: size, freeBytes: free },
  )
}

/** Rounded sizes, unless rounding would make what is needed and what is free read the same ("10.0 MB"). */
function bytesFormatter(needed: number, free: number): (n: number) => string {
  if (formatBytes(needed) !== formatBytes(free)) return formatBytes
  return (n) => `${n.toLocaleString('en-US')} B`
}
