// The bandwidth cap's bucket on a manual clock: the total rate across takers, changes while waiting, aborts.
import { describe, expect, it } from 'vitest'
import { createTokenBucket } from '../../../../main/core/uploads/token-bucket'
import { manualClock } from '../../../support/manual-clock'

/** Takers that each take pieces as fast as the bucket lets them; returns the bytes each got. */
function takers(bucket: ReturnType<typeof createTokenBucket>, n: number, signal?: AbortSignal) {
  const got = Array.from({ length: n }, () => 0)
  let stop = false
  const runs = got.map(async (_, i) => {
    while (!stop) {
      const piece = bucket.pieceBytes()
      await bucket.take(piece, signal).catch(() => (stop = true))
      if (!stop) got[i]! += piece
    }
  })
  return {
    got,
    total: () => got.reduce((a, b) => a + b, 0),
    stop: async () => {
      stop = true
      bucket.setRate(null)
      await Promise.all(runs)
    },
  }
}

describe('token bucket', () => {
  it('holds the total rate of several takers within 1% over 10 s, shared fairly', async () => {
    const m = manualClock()
    const rate = 2 * 1024 * 1024
    const bucket = createTokenBucket(rate, m.clock)
    const run = takers(bucket, 4)
    await m.advanceTo(10_000)
    const total = run.total()
    await run.stop()
    // The bucket starts full (two pieces), which is all it may send beyond the rate.
    expect(total).toBeGreaterThanOrEqual(rate * 10 * 0.99)
    expect(total).toBeLessThanOrEqual(rate * 10 + 2 * bucket.pieceBytes())
    for (const got of run.got) expect(got / total).toBeCloseTo(0.25, 1)
  })

  it('follows a new rate at once, for takers already waiting', async () => {
    const m = manualClock()
    const bucket = createTokenBucket(1024 * 1024, m.clock)
    const run = takers(bucket, 2)
    await m.advanceTo(5_000)
    const atChange = run.total()
    bucket.setRate(100 * 1024)
    await m.advanceTo(10_000)
    const after = run.total() - atChange
    await run.stop()
    expect(atChange).toBeGreaterThan(4.9 * 1024 * 1024)
    // 5 s at 100 KiB/s (plus at most one piece of the old rate already paid for).
    expect(after).toBeGreaterThanOrEqual(5 * 100 * 1024 * 0.98)
    expect(after).toBeLessThanOrEqual(5 * 100 * 1024 + 2 * 52_428)
  })

  it('lets everything through once the cap is lifted, and does not wait without one', async () => {
    const m = manualClock()
    const bucket = createTokenBucket(1024, m.clock)
    await bucket.take(2048)
    const waiting = bucket.take(1024)
    let done = false
    void waiting.then(() => (done = true))
    await m.advanceTo(10)
    expect(done).toBe(false)
    bucket.setRate(null)
    await m.advanceTo(10)
    expect(done).toBe(true)
    await bucket.take(10 * 1024 * 1024)
  })

  it('an aborted taker leaves the queue with its reason and lets the next one through', async () => {
    const m = manualClock()
    const bucket = createTokenBucket(1024, m.clock)
    await bucket.take(2048)
    const controller = new AbortController()
    const first = bucket.take(1024, controller.signal)
    const second = bucket.take(1024)
    controller.abort(new Error('gone'))
    await expect(first).rejects.toThrow('gone')
    let done = false
    void second.then(() => (done = true))
    await m.advanceTo(999)
    expect(done).toBe(false)
    await m.advanceTo(1000)
    expect(done).toBe(true)
  })

  it('refuses a rate below one byte a second', () => {
    expect(() => createTokenBucket(0)).toThrow(/at least 1 byte/)
    expect(() => createTokenBucket(Number.NaN)).toThrow(/at least 1 byte/)
  })
})
