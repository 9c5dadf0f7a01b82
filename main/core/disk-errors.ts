// A failed write to the data folder, said plainly: the person must learn that what they just did was NOT kept,
// and why (a full disk needs space freed, a read-only or locked folder needs another fix). The errno names
// are the POSIX ones Node reports (ENOSPC, EDQUOT, EROFS, EACCES, EPERM); anything else keeps its own text.
import { AppError } from '../../common/errors'
import { errorReason } from '../../common/messages/index'

export type DiskWriteProblem = 'disk-full' | 'read-only' | 'permission-denied' | 'write-failed'

const PROBLEMS: Record<string, { problem: DiskWriteProblem; words: string }> = {
  ENOSPC: { problem: 'disk-full', words: 'the disk is full' },
  EDQUOT: { problem: 'disk-full', words: 'the disk quota is used up' },
  EROFS: { problem: 'read-only', words: 'the disk is read-only' },
  EACCES: { problem: 'permission-denied', words: 'permission was denied' },
  EPERM: { problem: 'permission-denied', words: 'permission was denied' },
}

/**
 * `what` names what was not saved ("the drafts", "the settings"); `file` where it was to go. The AppError's
 * `code` is the problem's stable name, so the renderer can word it in the person's language.
 */
export function diskWriteError(error: unknown, what: string, file: string): AppError {
  if (error instanceof AppError) return error
  const errno = (error as NodeJS.ErrnoException | undefined)?.code
  const known = errno ? PROBLEMS[errno] : undefined
  const reason = known
    ? `${known.words} (${errno})`
    : `${error instanceof Error ? error.message : String(error)}`
  return new AppError(
    {
      kind: 'file',
      ...errorReason(known?.problem ?? 'write-failed'),
      message: `Could not save ${what}: ${reason} writing ${file}. Nothing was changed; what was saved before is kept.`,
    },
    { cause: error },
  )
}
