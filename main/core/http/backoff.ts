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

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when absent or bad. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined || raw.trim() === '') return undefined
  const trimmed = raw.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
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
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
