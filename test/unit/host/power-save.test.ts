// The hold that keeps the machine awake while uploads run, followed from the engine's progress events through
// a real event hub; the blocker is a recording stand-in for Electron's powerSaveBlocker.
import { describe, expect, it } from 'vitest'
import type { UploadProgressEvent, UploadTotals } from '../../../common/uploads'
import { createEventHub } from '../../../main/host/event-hub'
import { holdAwakeWhileUploading, queueNeedsAwake } from '../../../main/host/power-save'

const totals = (active: number, queued: number): UploadTotals => ({
  files: active + queued,
  queued,
  active,
  done: 0,
  failed: 0,
  cancelled: 0,
  bytesTotal: 0,
  bytesSent: 0,
  rateBytesPerSec: 0,
  etaSeconds: null,
})
const progress = (active: number, queued: number): UploadProgressEvent => ({
  items: [],
  removed: [],
  totals: totals(active, queued),
})

function recordingBlocker(fail = false) {
  const calls: string[] = []
  let next = 1
  return {
    calls,
    start(type: 'prevent-app-suspension') {
      if (fail) throw new Error('no power service')
      calls.push(`start:${type}:${next}`)
      return next++
    },
    stop(id: number) {
      calls.push(`stop:${id}`)
    },
  }
}

describe('keeping the machine awake during uploads', () => {
  it('is needed while a transfer runs or waits its turn, not when the queue is done or failed', () => {
    expect(queueNeedsAwake(totals(1, 0))).toBe(true)
    expect(queueNeedsAwake(totals(0, 3))).toBe(true)
    expect(queueNeedsAwake(totals(0, 0))).toBe(false)
  })

  it('holds once while uploads run, releases when the queue is idle, and again for the next batch', () => {
    const events = createEventHub()
    const blocker = recordingBlocker()
    const hold = holdAwakeWhileUploading({ events, blocker, initial: totals(0, 0) })
    expect(hold.holding()).toBe(false)
    events.emit('uploads:progress', progress(1, 2))
    events.emit('uploads:progress', progress(2, 0))
    expect(blocker.calls).toEqual(['start:prevent-app-suspension:1'])
    events.emit('uploads:progress', progress(0, 0))
    expect(hold.holding()).toBe(false)
    events.emit('drafts:changed', { seq: 1, changed: [], removed: [] })
    events.emit('uploads:progress', progress(0, 1))
    expect(blocker.calls).toEqual([
      'start:prevent-app-suspension:1',
      'stop:1',
      'start:prevent-app-suspension:2',
    ])
    hold.stop()
    expect(blocker.calls.at(-1)).toBe('stop:2')
    events.emit('uploads:progress', progress(1, 0))
    expect(blocker.calls).toHaveLength(4)
  })

  it('holds from the start when uploads resumed before any event', () => {
    const blocker = recordingBlocker()
    const hold = holdAwakeWhileUploading({ events: createEventHub(), blocker, initial: totals(0, 4) })
    expect(hold.holding()).toBe(true)
    hold.stop()
    expect(blocker.calls).toEqual(['start:prevent-app-suspension:1', 'stop:1'])
  })

  it('logs a blocker that fails, and the uploads go on', () => {
    const events = createEventHub()
    const warnings: unknown[] = []
    const hold = holdAwakeWhileUploading({
      events,
      blocker: recordingBlocker(true),
      initial: totals(0, 0),
      log: { warn: (...data: unknown[]) => warnings.push(data[0]) },
    })
    expect(() => events.emit('uploads:progress', progress(1, 0))).not.toThrow()
    expect(hold.holding()).toBe(false)
    expect(warnings).toEqual([expect.stringContaining('keeps the machine awake')])
  })
})
