// What the engine tells its listeners about progress: the items that changed since the last message (each as
// it is now, with its rate and ETA), the ids removed, and the queue's totals, at most once per interval
// (./progress-throttle.ts). A final state always reaches the listeners: it is the item's latest, and the
// engine flushes before it reports a batch finished or goes idle.
import type { UploadItem, UploadProgressEvent, UploadTotals } from '../../../common/uploads'
import { computeUploadTotals } from '../../../common/uploads'
import { createThrottle } from './progress-throttle'
import type { ThrottleOptions } from './progress-throttle'
import type { TokenBucketClock } from './token-bucket'
import type { Entry } from './upload-engine-types'

export interface ProgressFeed {
  changed(entry: Entry): void
  removed(id: string): void
  /** Sends what is pending now. */
  flush(): void
  snapshot(entry: Entry): UploadItem
  totals(): UploadTotals
  subscribe(listener: (e: UploadProgressEvent) => void): () => void
}

/** The interval on the engine's `timers` when it has them (tests step them by hand), else on `now` and real timers. */
export function throttleOptions(
  intervalMs: number,
  timers: TokenBucketClock | undefined,
  now: () => number,
): ThrottleOptions {
  if (!timers) return { intervalMs, now }
  return { intervalMs, now: timers.now, setTimer: timers.setTimeout, clearTimer: timers.clearTimeout }
}

export function createProgressFeed(
  entries: ReadonlyMap<string, Entry>,
  throttle: ThrottleOptions,
): ProgressFeed {
  const dirty = new Set<string>()
  let removedIds: string[] = []
  const listeners = new Set<(e: UploadProgressEvent) => void>()
  const send = createThrottle(throttle, () => {
    if (dirty.size === 0 && removedIds.length === 0) return false
    const items: UploadItem[] = []
    for (const id of dirty) {
      const entry = entries.get(id)
      if (entry) items.push(snapshot(entry))
    }
    dirty.clear()
    const event: UploadProgressEvent = { items, removed: removedIds, totals: totals() }
    removedIds = []
    for (const listener of listeners) listener(event)
    return true
  })

  function snapshot(entry: Entry): UploadItem {
    const item = entry.item
    if (item.state === 'uploading') {
      const rate = entry.meter.rate()
      item.rateBytesPerSec = Math.round(rate)
      item.etaSeconds = rate > 0 ? Math.ceil((item.size - item.bytesSent) / rate) : null
    } else {
      item.rateBytesPerSec = 0
      item.etaSeconds = item.state === 'done' ? 0 : null
    }
    return { ...item }
  }

  function totals(): UploadTotals {
    return computeUploadTotals(
      Array.from(entries.values(), (entry) => entry.item),
      (item) => entries.get(item.id)!.meter.rate(),
    )
  }

  return {
    changed(entry) {
      dirty.add(entry.item.id)
      send.request()
    },
    removed(id) {
      dirty.delete(id)
      removedIds.push(id)
      send.request()
    },
    flush: send.flush,
    snapshot,
    totals,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
