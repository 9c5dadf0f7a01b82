import { describe, expect, it } from 'vitest'
import { createRateMeter } from '../../../../main/core/uploads/rate-meter'

describe('rate meter', () => {
  it('measures over the window and stays small however often it is fed', () => {
    let t = 0
    const meter = createRateMeter(() => t, 3000, 100)
    expect(meter.rate()).toBe(0)
    // 10 s at 1 MB/s, a sample every millisecond.
    for (let i = 0; i <= 10_000; i++) {
      t = i
      meter.sample(i * 1000)
    }
    expect(meter.rate()).toBeCloseTo(1_000_000, -3)
    // Then 2 MB/s: after a full window the rate has followed.
    for (let i = 1; i <= 3200; i++) {
      t = 10_000 + i
      meter.sample(10_000_000 + i * 2000)
    }
    expect(meter.rate()).toBeCloseTo(2_000_000, -4)
    meter.reset()
    expect(meter.rate()).toBe(0)
  })

  it('gives no figure for the burst that fills the buffers after a restart, then the capped rate', () => {
    let t = 0
    const meter = createRateMeter(() => t)
    // A transfer restarted (a cancel, duplicates skipped): its first 5 MB go into the socket in 100 ms.
    meter.reset()
    meter.sample(0)
    t = 100
    meter.sample(5_000_000)
    expect(meter.rate()).toBe(0)
    // Then the 2 MB/s cap shows, over a span long enough to mean something.
    for (let i = 1; i <= 20; i++) {
      t = 100 + i * 100
      meter.sample(5_000_000 + i * 200_000)
    }
    // The burst only set the baseline: the first figure is already the cap.
    expect(meter.rate()).toBeCloseTo(2_000_000, -5)
  })
})
