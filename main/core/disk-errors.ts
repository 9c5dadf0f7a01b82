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
      message: `Could not save ${what}: ${reason} writing ${file}. ${NOTHING_CHANGED}`,
    },
    { cause: error },
  )
}

const NOTHING_CHANGED = 'Nothing was changed; what was saved before is kept.'

/**
 * A write of an upload's progress that failed (its address asked for, its file stored, its end): the upload
 * had begun on the account, so "nothing was changed" is not so. What is: it stopped here, its row still says
 * unfinished, and the next run (the next start of the app) resumes it, its pending file swept; nothing is lost.
 * Any other error is returned as it is.
 */
export function uploadProgressNotSaved(error: unknown): unknown {
  if (!(error instanceof AppError) || error.kind !== 'file' || !error.message.endsWith(NOTHING_CHANGED))
    return error
  return new AppError(
    {
      kind: 'file',
      ...errorReason('upload-progress-not-saved'),
      message: error.message.replace(
        NOTHING_CHANGED,
        'The upload stopped here and nothing is lost: the next run resumes it once the folder can be written.',
      ),
    },
    { cause: error },
  )
}
