import { describe, expect, it } from 'vitest'
import type { UploadItem, UploadProgressEvent } from '../../../common/uploads'
import { createProgressBatcher } from '../../../main/host/progress-batcher'
import { uploadTotals as totals } from '../../support/upload-totals'

const item = (id: string, state: UploadItem['state'], bytesSent = 0) =>
  ({ id, state, bytesSent }) as UploadItem

describe('progress batcher', () => {
  it('sends at most one message per interval, coalescing by item and keeping the latest state', () => {
    let now = 0
    const timers: Array<{ at: number; fn: () => void }> = []
    const sent: UploadProgressEvent[] = []
    const batcher = createProgressBatcher({
      emit: (e) => sent.push(e),
      intervalMs: 100,
      now: () => now,
      setTimer: (fn, ms) => timers.push({ at: now + ms, fn }),
      clearTimer: () => undefined,
    })
    const advance = (to: number) => {
      now = to
      for (const t of timers.splice(0)) {
        if (t.at <= now) t.fn()
        else timers.push(t)
      }
    }
    // 1000 updates over one second for 50 files.
    for (let i = 0; i < 1000; i++) {
      advance(i)
      batcher.push({
        items: [item(`f${i % 50}`, i >= 950 ? 'done' : 'uploading', i)],
        removed: [],
        totals: totals(),
      })
    }
    advance(1100)
    expect(sent.length).toBeLessThanOrEqual(11)
    const last = new Map<string, UploadItem>()
    for (const e of sent) for (const it of e.items) last.set(it.id, it)
    expect(last.size).toBe(50)
    expect([...last.values()].every((it) => it.state === 'done')).toBe(true)
  })

  it('delivers pending removals and final states on close', () => {
    const sent: UploadProgressEvent[] = []
    const batcher = createProgressBatcher({ emit: (e) => sent.push(e), intervalMs: 10_000 })
    batcher.push({ items: [item('a', 'uploading')], removed: [], totals: totals() })
    batcher.push({ items: [item('a', 'failed')], removed: ['b'], totals: totals({ failed: 1 }) })
    batcher.close()
    expect(sent.at(-1)).toMatchObject({ items: [{ id: 'a', state: 'failed' }], removed: ['b'] })
  })
})
