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

/** Files uploaded this many days ago or less are left out of "free up" unless the person asks for them. */
export const RECENT_UPLOAD_DAYS = 7
const RECENT_MS = RECENT_UPLOAD_DAYS * 86_400_000

/**
 * Uploaded in the last RECENT_UPLOAD_DAYS days, by the service's `createdAt`: most likely for a post not yet
 * written. A date that cannot be read, or one ahead of `now` (the service's clock ahead of this one), counts as
 * recent: a file's age it cannot vouch for is not a reason to offer it for deletion.
 */
export function isRecentUpload(file: Pick<UnusedFile, 'createdAt'>, now: number): boolean {
  const at = Date.parse(file.createdAt)
  return !Number.isFinite(at) || now - at < RECENT_MS
}

/**
 * What to do with the last days' uploads: leave them out (the app, until the person asks), take them
 * (the person asked), or take them only when the older files cannot reach the target (the CLI: its SIZE is the
 * ask, docs/design.md; then as few of them as the older files lack, and the fewest older files for the rest).
 */
export type RecentUploads = 'leave-out' | 'include' | 'if-needed'

export interface FreeSpacePlan<T> {
  /** Bytes free now, by the storage statistic read with the list. */
  free: number
  /** Bytes to delete so that `free` reaches the target; 0 when it already does. */
  needed: number
  /** The fewest files that free `needed`; empty when nothing is needed; null when those allowed are not enough. */
  files: T[] | null
  /** The last days' unused uploads the rule kept out of `files` (none when asked to include them). */
  recentLeftOut: { count: number; bytes: number }
  /** Whether `files` holds any of the last days' uploads. */
  tookRecent: boolean
}

/**
 * "Free up X" means one thing in the app and the CLI: make X bytes **free** (the storage statistic's
 * `usage.free` reaches X), as `storage free SIZE` does (docs/design.md), with the fewest unused files, never
 * one uploaded in the last RECENT_UPLOAD_DAYS days unless `recent` allows it.
 */
export function planFreeSpace<T extends Pick<UnusedFile, 'size' | 'createdAt'>>(
  report: { files: readonly T[]; usage: { free: number } },
  target: number,
  options: { now: number; recent: RecentUploads },
): FreeSpacePlan<T> {
  const free = report.usage.free
  const needed = Math.max(0, target - free)
  const recent: T[] = []
  const older: T[] = []
  for (const file of report.files) (isRecentUpload(file, options.now) ? recent : older).push(file)
  const sum = (files: readonly T[]) => files.reduce((total, file) => total + file.size, 0)
  const isRecent = new Set(recent)
  const leftOut = { count: recent.length, bytes: sum(recent) }
  const none = { count: 0, bytes: 0 }
  if (options.recent === 'include') {
    const files = selectFewestToFree(report.files, needed)
    return {
      free,
      needed,
      files,
      recentLeftOut: none,
      tookRecent: Boolean(files?.some((f) => isRecent.has(f))),
    }
  }
  const fromOlder = selectFewestToFree(older, needed)
  if (fromOlder || options.recent === 'leave-out') {
    return { free, needed, files: fromOlder, recentLeftOut: leftOut, tookRecent: false }
  }
  // The older files cannot do it alone: as few of the last days' uploads as make up what they lack, then the
  // fewest older files for the rest.
  const took = selectFewestToFree(recent, needed - sum(older))
  if (!took) return { free, needed, files: null, recentLeftOut: leftOut, tookRecent: false }
  const rest = selectFewestToFree(older, needed - sum(took)) ?? older
  return {
    free,
    needed,
    files: [...rest, ...took],
    recentLeftOut: { count: recent.length - took.length, bytes: leftOut.bytes - sum(took) },
    tookRecent: took.length > 0,
  }
}
