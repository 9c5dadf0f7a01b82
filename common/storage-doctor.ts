// The storage doctor's shapes and its one pure rule (which files to delete to free a given amount), shared by
// main (CLI, IPC handlers) and the renderer, so the app and the CLI choose the same files.

/** A stored file that nothing known to Mediadeck refers to (main/core/storage/storage-doctor.ts says what counts). */
export interface UnusedFile {
  id: string
  filename: string
  mimetype: string
  size: number
  url: string
  createdAt: string
  /** scheduleAt of the latest published post that referred to the file; null when none ever did. */
  lastUsedAt: string | null
}

export interface UnusedReport {
  /** Largest first; ties by name, so the order is stable between two reads. */
  files: UnusedFile[]
  totalBytes: number
  /** What was read to decide: every stored file and every post on the service, plus the local drafts. */
  scanned: { files: number; posts: number; drafts: number }
  /** The storage statistic read with the list: `usage.free` is what "free X" compares against. */
  usage: { total: number; used: number; free: number }
}

export interface DeleteOutcome {
  /** Deleted with the mass endpoint. */
  deleted: UnusedFile[]
  /** Asked for, but a post or draft referred to it at the re-check just before deleting: kept. */
  keptInUse: { id: string; filename: string }[]
  /** Asked for, but no longer stored (deleted elsewhere meanwhile). */
  gone: string[]
  freedBytes: number
}

/**
 * The fewest files whose sizes add up to at least `bytes`, or null when all of them together are not enough.
 * Taking the k largest files gives the largest total any k files can have, so the smallest k whose k largest
 * reach the target is the minimum count. Within that count the last pick is the smallest file that still
 * reaches the target, so no more is deleted than the count requires from the largest ones.
 */
export function selectFewestToFree<T extends { size: number }>(
  files: readonly T[],
  bytes: number,
): T[] | null {
  if (bytes <= 0) return []
  const bySize = [...files].sort((a, b) => b.size - a.size)
  let sum = 0
  let count = 0
  while (count < bySize.length && sum < bytes) sum += bySize[count++]!.size
  if (sum < bytes) return null
  const head = bySize.slice(0, count - 1)
  const headSum = sum - bySize[count - 1]!.size
  // The remaining files are sorted largest first: the last one that still reaches the target is the smallest.
  let last = count - 1
  for (let i = count; i < bySize.length; i++) {
    if (headSum + bySize[i]!.size >= bytes) last = i
    else break
  }
  return [...head, bySize[last]!]
}
