// Small host pieces: progress batching, log redaction, window placement, taskbar/notification feedback (and
// its wiring to the host events), the browser-mode command line.
import { describe, expect, it } from 'vitest'
import type { UploadItem, UploadProgressEvent, UploadTotals } from '../../../common/uploads'
import { createProgressBatcher } from '../../../main/host/progress-batcher'
import { createRedactor } from '../../../main/host/logging'
import { initialBounds } from '../../../main/app/window-state'
import { attachUploadFeedback, batchNotification, progressFraction } from '../../../main/app/upload-feedback'
import { createEventHub } from '../../../main/host/event-hub'
import { parseArgs } from '../../../main/browser-mode/args'
import { safeFileName } from '../../../main/browser-mode/file-intake'

const totals = (over: Partial<UploadTotals> = {}): UploadTotals => ({
  files: 1,
  queued: 0,
  active: 1,
  done: 0,
  failed: 0,
  cancelled: 0,
  bytesTotal: 100,
  bytesSent: 0,
  rateBytesPerSec: 0,
  etaSeconds: null,
  ...over,
})
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

describe('log redaction', () => {
  it('masks known secrets, auth headers, secret members and presigned signatures', () => {
    const r = createRedactor()
    r.add('sk-live-123456')
    const line = r.redact(
      'profile sk-live-123456 Authorization: Basic ZGVtbzpkZW1v {"secretKey":"abc"} https://s/x?X-Amz-Signature=deadbeef&x=1',
    )
    expect(line).not.toContain('sk-live-123456')
    expect(line).not.toContain('ZGVtbzpkZW1v')
    expect(line).not.toContain('"abc"')
    expect(line).not.toContain('deadbeef')
    expect(r.redact({ name: 'p', secretKey: 'x', nested: { token: 'y', note: 'sk-live-123456' } })).toEqual({
      name: 'p',
      secretKey: '[redacted]',
      nested: { token: '[redacted]', note: '[redacted]' },
    })
  })
  it('does not let a secret through because it is nested deep', () => {
    const r = createRedactor()
    r.add('sk-live-123456')
    const deep = { a: { b: { c: { d: { e: { f: { note: 'sk-live-123456', secretKey: 'abc' } } } } } } }
    const text = JSON.stringify(r.redact(deep))
    expect(text).not.toContain('sk-live-123456')
    expect(text).not.toContain('abc')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => r.redact({ a: { b: { c: { d: { e: cyclic } } } } })).not.toThrow()
  })
})

describe('window placement', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]
  it('reopens where it was left when that is on a screen', () => {
    expect(initialBounds({ x: 100, y: 50, width: 1000, height: 700, maximized: false }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
    })
  })
  it('keeps the size but not a position that is off every screen', () => {
    expect(initialBounds({ x: 4000, y: 50, width: 1000, height: 700, maximized: false }, screen)).toEqual({
      width: 1000,
      height: 700,
    })
    expect(initialBounds(null, screen)).toEqual({ width: 1200, height: 800 })
  })
})

describe('upload feedback', () => {
  it('maps totals to a taskbar fraction, removing the bar when idle', () => {
    expect(progressFraction(totals({ bytesSent: 25 }))).toBe(0.25)
    expect(progressFraction(totals({ active: 0, queued: 0 }))).toBe(-1)
  })
  it('words the batch notification', () => {
    expect(batchNotification({ done: 3, failed: 0, cancelled: 0 }).title).toBe('Uploads finished')
    expect(batchNotification({ done: 1, failed: 2, cancelled: 0 })).toMatchObject({
      title: 'Some uploads failed',
    })
  })
  it('follows the host events: the bar while uploading, a notification when a batch finishes or fails', () => {
    const events = createEventHub()
    const bar: number[] = []
    const notes: string[] = []
    const stop = attachUploadFeedback(events, {
      setProgress: (fraction) => bar.push(fraction),
      notify: (title, body) => notes.push(`${title}: ${body}`),
    })
    const progress = (over: Partial<UploadTotals>) =>
      events.emit('uploads:progress', { items: [], removed: [], totals: totals(over) })
    progress({ bytesSent: 10 })
    progress({ bytesSent: 10 })
    progress({ bytesSent: 60 })
    events.emit('uploads:batch-finished', { batchId: 'b1', done: 1, failed: 0, cancelled: 0 })
    progress({ active: 0, queued: 0, bytesSent: 100 })
    events.emit('uploads:batch-finished', { batchId: 'b2', done: 0, failed: 1, cancelled: 0 })
    // The same fraction twice is one OS call; an idle queue removes the bar.
    expect(bar).toEqual([0.1, 0.6, -1])
    expect(notes).toEqual([
      'Uploads finished: 1 file uploaded.',
      'Some uploads failed: 1 file failed, 0 files uploaded. Open Mediadeck to retry.',
    ])
    stop()
    progress({ bytesSent: 20 })
    expect(bar).toHaveLength(3)
  })
})

describe('browser mode command line', () => {
  it('accepts --port N and --port=N', () => {
    expect(parseArgs([])).toEqual({ port: 0 })
    expect(parseArgs(['--port', '8123'])).toEqual({ port: 8123 })
    expect(parseArgs(['--port=0'])).toEqual({ port: 0 })
  })
  it('refuses anything else', () => {
    for (const argv of [['--port'], ['--port', 'x'], ['--port', '70000'], ['--host', '0.0.0.0'], ['extra']]) {
      expect(() => parseArgs(argv)).toThrow()
    }
  })
  it('makes dropped file names safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('..\\..\\win.ini')).toBe('win.ini')
    expect(safeFileName('.hidden')).toBe('hidden')
    expect(safeFileName('a\u0000b?.png')).toBe('a_b_.png')
  })
  it('bounds dropped file names in bytes, keeps the extension and never cuts a character', () => {
    for (const raw of ['写真'.repeat(100) + '.png', '😀'.repeat(150) + '.png', 'a'.repeat(300) + '.png']) {
      const name = safeFileName(raw)
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255)
      expect(name.endsWith('.png')).toBe(true)
      expect(Buffer.from(name).toString()).toBe(name)
    }
    expect(safeFileName('photo\ud800.png')).toBe('photo_.png')
    expect(safeFileName('invoice\u202egnp.exe')).toBe('invoice_gnp.exe')
  })
})
