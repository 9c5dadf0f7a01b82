// A clock that moves only when a test moves it, for the modules that take their clock and timers
// (main/core/uploads/token-bucket.ts, and the upload engine's `timers`): a rate is then asserted on the time the
// module itself counted, so a loaded machine can make a test slower but never make it fail.
import type { TokenBucketClock } from '../../main/core/uploads/token-bucket'
import { waitFor } from './wait-for'

export interface ManualClock {
  /** What the module under test is given. */
  clock: TokenBucketClock
  now(): number
  /** Timers set and not yet fired or cleared. */
  pending(): number
  /** Moves time forward to `until`, firing timers in order, letting promise callbacks run between them. */
  advanceTo(until: number): Promise<void>
  advance(ms: number): Promise<void>
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export function manualClock(start = 0): ManualClock {
  let t = start
  let timers: { at: number; fn: () => void; id: number }[] = []
  let nextId = 1
  const clock: TokenBucketClock = {
    now: () => t,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.push({ at: t + ms, fn, id })
      return id
    },
    clearTimeout(handle) {
      timers = timers.filter((x) => x.id !== handle)
    },
  }
  const advanceTo = async (until: number): Promise<void> => {
    for (;;) {
      await nextTurn()
      timers.sort((a, b) => a.at - b.at || a.id - b.id)
      const next = timers[0]
      if (!next || next.at > until) break
      timers.shift()
      t = Math.max(t, next.at)
      next.fn()
    }
    t = Math.max(t, until)
    await nextTurn()
  }
  return {
    clock,
    now: () => t,
    pending: () => timers.length,
    advanceTo,
    advance: (ms) => advanceTo(t + ms),
  }
}

/** Resolves once `condition` holds (./wait-for.ts, looking every 2 ms): for what real I/O does between two steps. */
export const until = (condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> =>
  waitFor(condition, what, timeoutMs, 2)
