// An UploadTotals with every count at rest and one active file of 100 bytes, for tests to override.
import type { UploadTotals } from '../../common/uploads'

export const uploadTotals = (over: Partial<UploadTotals> = {}): UploadTotals => ({
  files: 1,
  queued: 0,
  active: 1,
  done: 0,
  failed: 0,
  cancelled: 0,
  bytesTotal: 100,
  bytesSent: 0,
  rateBytesPerSec: 0,
  etaSeconds: null,
  ...over,
})
