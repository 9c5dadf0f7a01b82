// The bandwidth cap: one token bucket shared by every transfer of an engine, so the cap is on the total, not per
// file. A PUT body takes tokens for each piece before yielding it to the socket; pieces are cut to
// `pieceBytes()` so that no transfer takes a second's worth at once and the rate stays smooth.
// Waiters are served first come, first served: a transfer that asked first is not overtaken by smaller asks.
import { AppError } from '../../../common/errors'

export interface TokenBucketClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realClock: TokenBucketClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface TokenBucket {
  /** Bytes a second, or null for no cap; takes effect at once, for waiters too. */
  setRate(bytesPerSecond: number | null): void
  rate(): number | null
  /** The largest piece to ask for at once (the whole chunk when there is no cap). */
  pieceBytes(): number
  /** Resolves once `bytes` may be sent; rejects with the signal's reason when it aborts first. */
  take(bytes: number, signal?: AbortSignal): Promise<void>
}

/**
 * A piece is 50 ms of the rate (at least 1 KiB, at most 1 MiB): small enough that several transfers
 * interleave finely, large enough that a GiB is not cut into millions of writes. The bucket holds two pieces,
 * so a timer that fires late (a loaded machine) finds the next piece already paid for instead of losing the
 * lateness from the rate.
 */
const PIECE_SECONDS = 0.05
const MIN_PIECE = 1024
const MAX_PIECE = 1024 * 1024

export function checkRate(bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null) return null
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond < 1) {
    throw new AppError({
      kind: 'validation',
      field: 'rateLimit',
      message: 'the upload rate limit must be at least 1 byte a second',
    })
  }
  return bytesPerSecond
}

export function createTokenBucket(
  bytesPerSecond: number | null = null,
  clock: TokenBucketClock = realClock,
): TokenBucket {
  let rate = checkRate(bytesPerSecond)
  let tokens = 0
  let last = clock.now()
  let timer: unknown
  interface Waiter {
    bytes: number
    resolve(): void
    reject(reason: unknown): void
    signal?: AbortSignal
    onAbort?: () => void
  }
  const queue: Waiter[] = []

  const piece = (): number =>
    rate === null ? MAX_PIECE : Math.min(MAX_PIECE, Math.max(MIN_PIECE, Math.floor(rate * PIECE_SECONDS)))
  const capacity = (): number => 2 * piece()
  tokens = capacity()

  function refill(): void {
    const t = clock.now()
    if (rate !== null) tokens = Math.min(capacity(), tokens + ((t - last) * rate) / 1000)
    last = t
  }

  function settle(w: Waiter): void {
    if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort)
    w.resolve()
  }

  function serve(): void {
    if (timer !== undefined) {
      clock.clearTimeout(timer)
      timer = undefined
    }
    refill()
    while (queue.length > 0) {
      const head = queue[0]!
      if (rate === null) {
        queue.shift()
        settle(head)
        continue
      }
      // An ask bigger than the bucket (a caller that did not cut its pieces) is served once the bucket is full,
      // going into debt, so it still pays its full size at the rate.
      const need = Math.min(head.bytes, capacity())
      if (tokens < need) {
        const waitMs = Math.max(1, Math.ceil(((need - tokens) * 1000) / rate))
        timer = clock.setTimeout(() => {
          timer = undefined
          serve()
        }, waitMs)
        return
      }
      tokens -= head.bytes
      queue.shift()
      settle(head)
    }
  }

  return {
    setRate(bytesPerSecond) {
      refill()
      rate = checkRate(bytesPerSecond)
      tokens = Math.min(tokens, capacity())
      serve()
    },
    rate: () => rate,
    pieceBytes: piece,
    take(bytes, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason)
      if (rate === null && queue.length === 0) return Promise.resolve()
      if (queue.length === 0) {
        refill()
        if (rate !== null && tokens >= Math.min(bytes, capacity())) {
          tokens -= bytes
          return Promise.resolve()
        }
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { bytes, resolve, reject, signal }
        if (signal) {
          waiter.onAbort = () => {
            const i = queue.indexOf(waiter)
            if (i !== -1) queue.splice(i, 1)
            reject(signal.reason)
            // The next waiter may fit now that this one's ask is gone.
            serve()
          }
          signal.addEventListener('abort', waiter.onAbort, { once: true })
        }
        queue.push(waiter)
        if (queue.length === 1) serve()
      })
    },
  }
}
