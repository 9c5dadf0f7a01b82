// Upload progress reaches the UI as at most one message per interval (100 ms: ~10 a second in total,
// whatever the number of files). Changes are coalesced by item id (the latest state wins), removals are
// collected, and the totals are the latest seen. Nothing is dropped: an item's final state is its latest, so it
// is in the next message, and `flush`/`close` deliver whatever is pending at once.
import type { UploadItem, UploadProgressEvent, UploadTotals } from '../../common/uploads'

export interface ProgressBatcher {
  push(event: UploadProgressEvent): void
  flush(): void
  close(): void
}

export interface ProgressBatcherOptions {
  emit(event: UploadProgressEvent): void
  intervalMs?: number
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export const PROGRESS_INTERVAL_MS = 100

export function createProgressBatcher(options: ProgressBatcherOptions): ProgressBatcher {
  const intervalMs = options.intervalMs ?? PROGRESS_INTERVAL_MS
  const now = options.now ?? Date.now
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>))
  let items = new Map<string, UploadItem>()
  let removed = new Set<string>()
  let totals: UploadTotals | undefined
  let lastSent = -Infinity
  let timer: unknown
  let closed = false
  let pending = false

  function flush(): void {
    if (timer !== undefined) {
      clearTimer(timer)
      timer = undefined
    }
    if (!totals || !pending) return
    const event: UploadProgressEvent = { items: [...items.values()], removed: [...removed], totals }
    items = new Map()
    removed = new Set()
    pending = false
    lastSent = now()
    options.emit(event)
  }
  return {
    push(event) {
      if (closed) return
      for (const item of event.items) items.set(item.id, item)
      for (const id of event.removed) {
        removed.add(id)
      }
      totals = event.totals
      pending = true
      const wait = lastSent + intervalMs - now()
      if (wait <= 0) flush()
      else timer ??= setTimer(flush, wait)
    },
    flush,
    close() {
      flush()
      closed = true
    },
  }
}
