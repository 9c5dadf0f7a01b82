// How many times an account's failed posts may be sent again in an hour. Networks read a burst of retries of the
// same rejected post as spam (a public scheduler got an account banned for it), so automatic and bulk retries
// stop at `limit` per account per sliding window; a retry a person asks for one post at a time always goes,
// is counted, and is warned about once the budget is spent.
//
// The count lives in a `RetryLog` so that it survives a restart when backed by the local database; the default
// keeps it in memory.

export type RetryKind = 'auto' | 'bulk' | 'manual'

/** Where the times of the retries are kept, per account. */
export interface RetryLog {
  record(accountId: string, at: Date): void
  /** The times recorded for the account at or after `from`, in any order. */
  since(accountId: string, from: Date): Date[]
}

export interface RetryBudgetStatus {
  /** Retries counted in the window ending now (manual ones included, so it can exceed `limit`). */
  used: number
  limit: number
  /** Whether an automatic or bulk retry may go now. */
  allowed: boolean
  /** When an automatic or bulk retry becomes allowed again; null when it is allowed now. */
  resetsAt: Date | null
}

export interface RetryTake {
  /** Whether the retry may go (always true for a manual one). */
  allowed: boolean
  /** A manual retry past the budget: it goes, and the person is told the account is at risk. */
  warned: boolean
}

export interface RetryBudget {
  status(accountId: string): RetryBudgetStatus
  /** Counts a retry when it may go; a refused automatic or bulk retry is not counted. */
  take(accountId: string, kind: RetryKind): RetryTake
}

export interface RetryBudgetOptions {
  now: () => Date
  limit?: number
  windowMs?: number
  log?: RetryLog
}

export const DEFAULT_RETRY_LIMIT = 3
export const DEFAULT_RETRY_WINDOW_MS = 3_600_000

/**
 * A log in memory. It forgets what is older than `retainMs` before the newest time recorded for the same
 * account, so a long-running app does not keep every retry it ever made.
 */
export function createMemoryRetryLog(retainMs = DEFAULT_RETRY_WINDOW_MS): RetryLog {
  const byAccount = new Map<string, number[]>()
  return {
    record(accountId, at) {
      const cutoff = at.getTime() - retainMs
      const kept = (byAccount.get(accountId) ?? []).filter((t) => t > cutoff)
      kept.push(at.getTime())
      byAccount.set(accountId, kept)
    },
    since(accountId, from) {
      const start = from.getTime()
      return (byAccount.get(accountId) ?? []).filter((t) => t >= start).map((t) => new Date(t))
    },
  }
}

export function createRetryBudget(options: RetryBudgetOptions): RetryBudget {
  const limit = options.limit ?? DEFAULT_RETRY_LIMIT
  const windowMs = options.windowMs ?? DEFAULT_RETRY_WINDOW_MS
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`retry limit must be a whole number ≥ 0: ${limit}`)
  if (!(windowMs > 0)) throw new RangeError(`retry window must be positive: ${windowMs}`)
  const log = options.log ?? createMemoryRetryLog(windowMs)

  const status = (accountId: string): RetryBudgetStatus => {
    const now = options.now().getTime()
    const start = now - windowMs
    // A retry exactly one window old has left it: the window is (now − windowMs, now].
    const times = log
      .since(accountId, new Date(start))
      .map((d) => d.getTime())
      .filter((t) => t > start && t <= now)
      .sort((a, b) => a - b)
    const used = times.length
    const allowed = used < limit
    // Enough of the oldest retries must leave the window for `used` to fall below `limit` again.
    const freeing = times[used - limit]
    const resetsAt = allowed || freeing === undefined ? null : new Date(freeing + windowMs)
    return { used, limit, allowed, resetsAt }
  }

  return {
    status,
    take(accountId, kind) {
      const before = status(accountId)
      if (kind !== 'manual' && !before.allowed) return { allowed: false, warned: false }
      log.record(accountId, options.now())
      return { allowed: true, warned: kind === 'manual' && !before.allowed }
    },
  }
}
