// The retry budget: three automatic or bulk retries per account per sliding hour; a manual retry always goes,
// is counted, and is warned about past the budget. Time is an injected clock.
import { describe, expect, it } from 'vitest'
import { createMemoryRetryLog, createRetryBudget, type RetryLog } from '../../../main/core/retry-budget'

const T0 = Date.parse('2026-12-01T10:00:00Z')
const MIN = 60_000

function clock(start = T0) {
  let now = start
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) }
}

describe('createRetryBudget', () => {
  it('allows three automatic or bulk retries per account, then refuses without counting', () => {
    const c = clock()
    const budget = createRetryBudget({ now: c.now })
    expect(budget.take('ig', 'auto')).toEqual({ allowed: true, warned: false })
    c.advance(MIN)
    expect(budget.take('ig', 'bulk')).toEqual({ allowed: true, warned: false })
    c.advance(MIN)
    expect(budget.take('ig', 'auto')).toEqual({ allowed: true, warned: false })
    expect(budget.take('ig', 'bulk')).toEqual({ allowed: false, warned: false })
    expect(budget.status('ig')).toEqual({
      used: 3,
      limit: 3,
      allowed: false,
      resetsAt: new Date(T0 + 60 * MIN),
    })
    // Another account has its own budget.
    expect(budget.status('tt')).toEqual({ used: 0, limit: 3, allowed: true, resetsAt: null })
  })

  it('frees a retry when the oldest one leaves the sliding window, not before', () => {
    const c = clock()
    const budget = createRetryBudget({ now: c.now })
    budget.take('ig', 'auto')
    c.advance(10 * MIN)
    budget.take('ig', 'auto')
    budget.take('ig', 'auto')
    c.advance(50 * MIN - 1)
    expect(budget.take('ig', 'auto').allowed).toBe(false)
    c.advance(1)
    expect(budget.status('ig')).toMatchObject({ used: 2, allowed: true, resetsAt: null })
    expect(budget.take('ig', 'auto').allowed).toBe(true)
  })

  it('lets a manual retry go past the budget, counted and warned', () => {
    const c = clock()
    const budget = createRetryBudget({ now: c.now })
    expect(budget.take('ig', 'manual')).toEqual({ allowed: true, warned: false })
    budget.take('ig', 'bulk')
    budget.take('ig', 'auto')
    expect(budget.take('ig', 'manual')).toEqual({ allowed: true, warned: true })
    expect(budget.status('ig').used).toBe(4)
    // Two retries must leave the window before an automatic one may go again.
    expect(budget.status('ig').resetsAt).toEqual(new Date(T0 + 60 * MIN))
  })

  it('honours a custom limit and window, and reads and writes the log it is given', () => {
    const c = clock()
    const recorded: Array<[string, number]> = []
    const inner = createMemoryRetryLog(5 * MIN)
    const log: RetryLog = {
      record: (id, at) => {
        recorded.push([id, at.getTime()])
        inner.record(id, at)
      },
      since: (id, from) => inner.since(id, from),
    }
    const budget = createRetryBudget({ now: c.now, limit: 1, windowMs: 5 * MIN, log })
    expect(budget.take('fb', 'auto').allowed).toBe(true)
    expect(budget.take('fb', 'auto').allowed).toBe(false)
    expect(recorded).toEqual([['fb', T0]])
    c.advance(5 * MIN)
    expect(budget.take('fb', 'auto').allowed).toBe(true)
    // A second budget on the same log sees the same count, as after a restart.
    const again = createRetryBudget({ now: c.now, limit: 1, windowMs: 5 * MIN, log })
    expect(again.status('fb')).toMatchObject({ used: 1, allowed: false })
  })

  it('refuses a nonsensical limit or window', () => {
    expect(() => createRetryBudget({ now: () => new Date(), limit: -1 })).toThrow(RangeError)
    expect(() => createRetryBudget({ now: () => new Date(), limit: 1.5 })).toThrow(RangeError)
    expect(() => createRetryBudget({ now: () => new Date(), windowMs: 0 })).toThrow(RangeError)
  })
})

describe('createMemoryRetryLog', () => {
  it('returns the times at or after `from`, and forgets those older than it retains', () => {
    const log = createMemoryRetryLog(10 * MIN)
    log.record('ig', new Date(T0))
    log.record('ig', new Date(T0 + 5 * MIN))
    expect(log.since('ig', new Date(T0 + 5 * MIN))).toEqual([new Date(T0 + 5 * MIN)])
    log.record('ig', new Date(T0 + 12 * MIN))
    expect(log.since('ig', new Date(0))).toEqual([new Date(T0 + 5 * MIN), new Date(T0 + 12 * MIN)])
    expect(log.since('tt', new Date(0))).toEqual([])
  })
})
