import { describe, expect, it } from 'vitest'
import type { UploadTotals } from '../../../common/uploads'
import { attachUploadFeedback, batchNotification, progressFraction } from '../../../main/app/upload-feedback'
import { createEventHub } from '../../../main/host/event-hub'
import { uploadTotals as totals } from '../../support/upload-totals'

describe('upload feedback', () => {
  it('maps totals to a taskbar fraction, removing the bar when idle', () => {
    expect(progressFraction(totals({ bytesSent: 25 }))).toBe(0.25)
    expect(progressFraction(totals({ active: 0, queued: 0 }))).toBe(-1)
  })
  it('words the batch notification', () => {
    expect(batchNotification({ done: 3, reused: 0, failed: 0, cancelled: 0 }).title).toBe('Uploads finished')
    expect(batchNotification({ done: 1, reused: 0, failed: 2, cancelled: 0 })).toMatchObject({
      title: 'Some uploads failed',
    })
  })
  it('tells files already in the library apart from files uploaded', () => {
    expect(batchNotification({ done: 3, reused: 1, failed: 0, cancelled: 0 }).body).toBe(
      '2 files uploaded, 1 file already in your library.',
    )
    expect(batchNotification({ done: 2, reused: 2, failed: 0, cancelled: 0 }).body).toBe(
      '2 files were already in your library.',
    )
    expect(batchNotification({ done: 1, reused: 1, failed: 0, cancelled: 0 }).body).toBe(
      'One file was already in your library.',
    )
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
    events.emit('uploads:batch-finished', { batchId: 'b1', done: 1, reused: 0, failed: 0, cancelled: 0 })
    progress({ active: 0, queued: 0, bytesSent: 100 })
    events.emit('uploads:batch-finished', { batchId: 'b2', done: 0, reused: 0, failed: 1, cancelled: 0 })
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
