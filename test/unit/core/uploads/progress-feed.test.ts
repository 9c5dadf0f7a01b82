// The engine's one progress throttle: at most one message per interval on the injected clock, coalesced by
// item (latest state wins), and nothing lost: final states and removals go out on flush.
import { describe, expect, it } from 'vitest'
import type { UploadItem, UploadProgressEvent } from '../../../../common/uploads'
import { createProgressFeed } from '../../../../main/core/uploads/progress-feed'
import { createRateMeter } from '../../../../main/core/uploads/rate-meter'
import type { Entry } from '../../../../main/core/uploads/upload-engine-types'

function fakeClock() {
  let now = 0
  const timers: Array<{ at: number; fn: () => void }> = []
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
    clearTimer: () => timers.splice(0),
    advance(to: number) {
      now = to
      for (const t of timers.splice(0)) {
        if (t.at <= now) t.fn()
        else timers.push(t)
      }
    },
  }
}

const entry = (id: string, clock: () => number): Entry => ({
  item: { id, state: 'queued', bytesSent: 0, size: 1000 } as UploadItem,
  identity: { size: 1000, mtimeMs: 0 },
  meter: createRateMeter(clock),
})

describe('progress feed', () => {
  it('sends at most one message per interval of the injected clock, each item at its latest state', () => {
    const clock = fakeClock()
    const entries = new Map<string, Entry>()
    for (let i = 0; i < 50; i++) entries.set(`f${i}`, entry(`f${i}`, clock.now))
    const feed = createProgressFeed(entries, { intervalMs: 100, ...clock })
    const sent: UploadProgressEvent[] = []
    feed.subscribe((e) => sent.push(e))
    // 1000 changes over one second of the fake clock for 50 files.
    for (let i = 0; i < 1000; i++) {
      clock.advance(i)
      const changed = entries.get(`f${i % 50}`)!
      changed.item.state = i >= 950 ? 'done' : 'uploading'
      changed.item.bytesSent = i
      feed.changed(changed)
    }
    clock.advance(1100)
    expect(sent.length).toBeGreaterThanOrEqual(9)
    expect(sent.length).toBeLessThanOrEqual(11)
    const last = new Map<string, UploadItem>()
    for (const e of sent) for (const it of e.items) last.set(it.id, it)
    expect(last.size).toBe(50)
    expect([...last.values()].every((it) => it.state === 'done')).toBe(true)
    expect(sent.at(-1)!.totals.done).toBe(50)
  })

  it('delivers pending removals and final states on flush, without waiting for the interval', () => {
    const clock = fakeClock()
    const entries = new Map<string, Entry>([['a', entry('a', clock.now)]])
    const feed = createProgressFeed(entries, { intervalMs: 10_000, ...clock })
    const sent: UploadProgressEvent[] = []
    feed.subscribe((e) => sent.push(e))
    feed.changed(entries.get('a')!)
    clock.advance(1)
    entries.get('a')!.item.state = 'failed'
    feed.changed(entries.get('a')!)
    feed.removed('b')
    feed.flush()
    expect(sent.at(-1)).toMatchObject({ items: [{ id: 'a', state: 'failed' }], removed: ['b'] })
  })
})
