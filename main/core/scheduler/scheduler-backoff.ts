// How long the background scheduler (background-scheduler.ts) leaves the service alone: after a Retry-After,
// and after a task's failures in a row. Both are capped at 15 minutes, so that no single answer can silence
// every background read for longer than the person would notice (docs/background.md).
import type { AppError } from '../../../common/errors'

export const DEFAULT_BACKOFF_MS = 30_000
export const MAX_BACKOFF_MS = 15 * 60_000

/**
 * When a failed run's error says the service may be asked again (Retry-After), or null; never more than the
 * longest backoff away: one answer saying "an hour" (or a year) must not freeze every task that long, unseen.
 */
export function retryAfterOf(error: AppError, now: number): number | null {
  let at: number | null = null
  if (error.retryAt) {
    const date = Date.parse(error.retryAt)
    if (Number.isFinite(date)) at = Math.max(now, date)
  }
  if (at === null && error.retryAfterMs !== undefined && Number.isFinite(error.retryAfterMs))
    at = now + Math.max(0, error.retryAfterMs)
  return at === null ? null : Math.min(at, now + MAX_BACKOFF_MS)
}

/** The wait after the `failures`-th failure in a row: `base` doubled each time, never past 15 minutes. */
export function backoffAfter(failures: number, base = DEFAULT_BACKOFF_MS): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, failures - 1))
}
