// Outside the window, the user still sees uploads: the taskbar/dock progress bar follows the queue totals,
// and a system notification says when a batch finished (or failed).
import type { EventHub } from '../host/event-hub'
import type { UploadTotals } from '../../common/uploads'

/** 0..1 while something is queued or moving; -1 removes the bar. */
export function progressFraction(totals: UploadTotals): number {
  if (totals.active === 0 && totals.queued === 0) return -1
  if (totals.bytesTotal <= 0) return 0
  return Math.min(1, Math.max(0, totals.bytesSent / totals.bytesTotal))
}

export function batchNotification(e: { done: number; failed: number; cancelled: number }): {
  title: string
  body: string
} {
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`
  if (e.failed > 0) {
    return {
      title: 'Some uploads failed',
      body: `${files(e.failed)} failed, ${files(e.done)} uploaded. Open Mediadeck to retry.`,
    }
  }
  if (e.done === 0) return { title: 'Uploads cancelled', body: `${files(e.cancelled)} cancelled.` }
  return { title: 'Uploads finished', body: `${files(e.done)} uploaded.` }
}

export interface FeedbackTargets {
  setProgress(fraction: number): void
  notify(title: string, body: string): void
}

export function attachUploadFeedback(events: EventHub, targets: FeedbackTargets): () => void {
  let last = -2
  return events.subscribe((name, payload) => {
    if (name === 'uploads:progress') {
      const fraction = progressFraction((payload as { totals: UploadTotals }).totals)
      // Two decimals are more than a taskbar can show; skip the redundant OS calls.
      const rounded = Math.round(fraction * 100) / 100
      if (rounded !== last) {
        last = rounded
        targets.setProgress(fraction)
      }
    } else if (name === 'uploads:batch-finished') {
      const { title, body } = batchNotification(
        payload as { done: number; failed: number; cancelled: number },
      )
      targets.notify(title, body)
    }
  })
}
