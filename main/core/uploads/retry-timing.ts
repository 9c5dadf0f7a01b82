// How long the engine waits between attempts. Injectable as a whole so tests run fault scenarios in
// milliseconds and can still see what a Retry-After asked for.
import { backoffDelay, isRetryAfterTooLong, sleep } from '../http/backoff'
import type { AppError } from '../../../common/errors'

export interface RetryTiming {
  baseMs: number
  maxMs: number
  random: () => number
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
}

export const DEFAULT_RETRY_TIMING: RetryTiming = { baseMs: 500, maxMs: 30_000, random: Math.random, sleep }

/**
 * Waits before retry number `attempt`: the server's Retry-After when it sent one, else jittered backoff.
 * Rejects with `error` itself when the Retry-After is too long to wait for (its message says when to retry).
 */
export function waitBeforeRetry(
  timing: RetryTiming,
  attempt: number,
  error: AppError,
  signal: AbortSignal,
): Promise<void> {
  if (isRetryAfterTooLong(error.retryAfterMs)) return Promise.reject(error)
  const ms = error.retryAfterMs ?? backoffDelay(attempt, timing)
  return timing.sleep(ms, signal)
}
