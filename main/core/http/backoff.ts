// Waiting between attempts: "full jitter" exponential backoff (AWS Architecture Blog, "Exponential Backoff And
// Jitter"), so many clients failing together do not retry in lockstep.

export interface BackoffPolicy {
  /** Delay cap for attempt 1; doubles each attempt. */
  baseMs: number
  /** Upper bound of any computed delay (a Retry-After from the server is honoured above it). */
  maxMs: number
  /** Injectable for tests; defaults to Math.random. */
  random?: () => number
}

/** Delay before retry number `attempt` (1 = first retry). */
export function backoffDelay(attempt: number, policy: BackoffPolicy): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1))
  const random = policy.random ?? Math.random
  // Never zero: half fixed, half random keeps a floor under the wait while still spreading clients.
  return Math.round(cap / 2 + (random() * cap) / 2)
}

/**
 * The longest Retry-After waited for in the background: a call (or a CLI command) that would sit longer than
 * this fails at once instead, saying when to try again.
 */
export const MAX_RETRY_AFTER_MS = 60_000

/** setTimeout's ceiling (a signed 32-bit count of ms); a longer delay fires at once with a warning. */
export const MAX_TIMER_MS = 2 ** 31 - 1
/** Far enough for any "try again at", near enough that now + it is always a valid Date. */
const MAX_PARSED_RETRY_AFTER_MS = 366 * 24 * 3600 * 1000

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when absent or bad.
 * The result is finite and at most a year, however large the value: it is a wait, never a timer's argument
 * as it stands (see `sleep` and `isRetryAfterTooLong`).
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined || raw.trim() === '') return undefined
  const trimmed = raw.trim()
  let ms: number
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000
  else {
    const at = Date.parse(trimmed)
    if (Number.isNaN(at)) return undefined
    ms = at - now
  }
  // Number('9'.repeat(400)) is Infinity: still "too long", never NaN or a timer overflow.
  return Math.round(Math.min(MAX_PARSED_RETRY_AFTER_MS, Math.max(0, ms)))
}

/** True when the server asks for a wait longer than we make in the background. */
export function isRetryAfterTooLong(retryAfterMs: number | undefined): boolean {
  return retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS
}

/** HH:MM in local time, with the date too when `at` is not today: what a person reads to know when to retry. */
export function formatRetryAt(at: Date, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`
  const sameDay = at.toDateString() === now.toDateString()
  return sameDay ? time : `${time} on ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** A sleep that ends early (rejecting with the signal's reason) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    // Clamped: beyond the ceiling Node fires at once (TimeoutOverflowWarning), the opposite of waiting.
    const delay = Number.isNaN(ms) ? 0 : Math.min(MAX_TIMER_MS, Math.max(0, ms))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, delay)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
