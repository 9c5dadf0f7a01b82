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
})
