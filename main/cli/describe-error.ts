import type { AppError } from '../../common/errors'

/** One line that says what went wrong and, where it helps, what to do. */
export function describeError(error: AppError): string {
  const message = error.message.replace(/\s*\n\s*/g, ' ')
  switch (error.kind) {
    case 'unauthorized':
      return `${message} — check the access key and secret key`
    case 'plan':
      return `${message} — your plan does not include this`
    default:
      return message
  }
}
