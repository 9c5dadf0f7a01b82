// Outside the window, the user still sees uploads: the taskbar/dock progress bar follows the queue totals,
// and a system notification says when a batch finished (or failed).
import type { EventHub } from '../host/event-hub'
import { t, type Translate } from '../../common/messages/index'
import type { EventPayloads } from '../../common/contract'
import type { AppRoute } from '../../common/routes'
import type { UploadTotals } from '../../common/uploads'

const english: Translate = (key, params) => t('en', key, params)

/** 0..1 while something is queued or moving; -1 removes the bar. */
export function progressFraction(totals: UploadTotals): number {
  if (totals.active === 0 && totals.queued === 0) return -1
  if (totals.bytesTotal <= 0) return 0
  return Math.min(1, Math.max(0, totals.bytesSent / totals.bytesTotal))
}

export function batchNotification(
  e: Omit<EventPayloads['uploads:batch-finished'], 'batchId'>,
  tr: Translate = english,
): {
  title: string
  body: string
} {
  const files = (count: number) => tr('notify.files', { count })
  if (e.failed > 0) {
    return {
      title: tr('notify.uploadsFailedTitle'),
      body: tr('notify.uploadsFailedBody', { failed: files(e.failed), done: files(e.done) }),
    }
  }
  if (e.done === 0)
    return {
      title: tr('notify.uploadsCancelledTitle'),
      body: tr('notify.uploadsCancelledBody', { count: e.cancelled }),
    }
  // A file already in the library was not uploaded: say so, rather than count it as sent.
  const uploaded = e.done - e.reused
  const body =
    e.reused === 0
      ? tr('notify.uploadsDoneBody', { count: e.done })
      : uploaded === 0
        ? tr('notify.uploadsReusedBody', { count: e.reused })
        : tr('notify.uploadsDoneReusedBody', { uploaded: files(uploaded), reused: files(e.reused) })
  return { title: tr('notify.uploadsDoneTitle'), body }
}

export interface FeedbackTargets {
  setProgress(fraction: number): void
  /** `route` is where a click on the notification takes the window. */
  notify(title: string, body: string, route?: AppRoute): void
}

/** `tr` is read at each notification, so a change of language applies to the next one. */
export function attachUploadFeedback(
  events: EventHub,
  targets: FeedbackTargets,
  tr: () => Translate = () => english,
): () => void {
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
      const { title, body } = batchNotification(payload as EventPayloads['uploads:batch-finished'], tr())
      targets.notify(title, body, { view: 'library' })
    }
  })
}
