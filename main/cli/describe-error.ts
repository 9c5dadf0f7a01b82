import type { AppError } from '../../common/errors'
import { createRedactor, type Redactor } from '../core/redaction'

/** Masks what looks like credentials; run-cli passes one that also knows this run's keys. */
const patternsOnly = createRedactor()

/** One line that says what went wrong and, where it helps, what to do. Never a secret, whatever made it. */
export function describeError(
  error: AppError,
  redactor: Pick<Redactor, 'redactText'> = patternsOnly,
): string {
  const message = redactor.redactText(error.message).replace(/\s*\n\s*/g, ' ')
  switch (error.kind) {
    case 'unauthorized':
      return `${message} — check the access key and secret key`
    case 'plan':
      return `${message} — your plan does not include this`
    default:
      return message
  }
}
