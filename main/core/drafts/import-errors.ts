// An import's refusals as the renderer words them: each carries a stable code and its parameters beside the
// English message (the CLI's and the log's), so the dialog lists every row's problem in the person's language.
import type { z } from 'zod'
import type { ImportErrorCode, ImportRowError } from '../../../common/drafts'

export function rowError(
  row: number,
  code: ImportErrorCode,
  message: string,
  { field, params }: { field?: string; params?: Record<string, string | number> } = {},
): ImportRowError {
  return {
    row,
    ...(field ? { field } : {}),
    message,
    code,
    ...(params ? { params } : {}),
  }
}

/** A schema's complaint about one member, as a row error naming the member's path. */
export function issueError(row: number, issue: z.core.$ZodIssue, prefix: string[] = []): ImportRowError {
  const field = [...prefix, ...issue.path.map(String)].join('.') || undefined
  const at = { field }
  if (field === 'scheduleAt') {
    return rowError(row, 'time-format', issue.message, at)
  }
  switch (issue.code) {
    case 'invalid_value':
      return rowError(row, 'one-of', issue.message, {
        ...at,
        params: { options: issue.values.map(String).join(', ') },
      })
    case 'invalid_type':
      return rowError(row, 'wrong-type', issue.message, { ...at, params: { expected: issue.expected } })
    case 'too_big':
      return rowError(row, 'too-big', issue.message, { ...at, params: { maximum: String(issue.maximum) } })
    case 'too_small':
      return rowError(row, 'too-small', issue.message, { ...at, params: { minimum: String(issue.minimum) } })
    case 'invalid_format':
      return rowError(row, 'bad-format', issue.message, at)
    default:
      return rowError(row, 'invalid', issue.message, at)
  }
}
