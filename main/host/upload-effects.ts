// What follows from the active queue's progress, apart from the queue itself: its progress messages to the
// page (as the engine sends them: its progress feed is the one throttle, main/core/uploads/progress-throttle.ts), one storage refresh for files finishing close together, and a connection check when a transfer
// fails for want of a network. A module with a lifecycle: `follow` an engine for as long as its profile is
// active, `close` with the host.
import type { UploadItem, UploadProgressEvent } from '../../common/uploads'
import { isUnreachable } from '../../common/errors'
import type { ConnectionMonitor, EventSink } from '../core/ports'
import type { UploadEngine } from '../core/uploads/upload-engine'

export interface UploadEffects {
  /** Forwards this engine's events until the returned function is called. */
  follow(uploads: UploadEngine): () => void
  /** The queue on screen becomes `next`'s: the previous profile's items go in the same message. */
  showQueue(previousIds: string[], next: UploadEngine): void
  close(): void
}

export function createUploadEffects(options: {
  emit: EventSink
  /** Absent while the first profile is built (the monitor checks at start anyway). */
  connection: () => Pick<ConnectionMonitor, 'isOnline' | 'check'> | undefined
}): UploadEffects {
  const { emit } = options
  const sendProgress = (event: UploadProgressEvent) => emit('uploads:progress', event)
  // Many files finishing close together should refresh the storage figure once, not once per file.
  let storageChangedTimer: ReturnType<typeof setTimeout> | undefined
  const storageChangedSoon = () => {
    storageChangedTimer ??= setTimeout(() => {
      storageChangedTimer = undefined
      emit('storage:changed', { reason: 'upload-completed' })
    }, 500)
  }

  return {
    follow(uploads) {
      const seenDone = new Set<string>()
      const lastState = new Map<string, UploadItem['state']>()
      const unsubscribe = [
        uploads.onProgress((event) => {
          sendProgress(event)
          for (const item of event.items) {
            if (item.state === 'done' && !seenDone.has(item.id)) {
              seenDone.add(item.id)
              storageChangedSoon()
            }
            // The PUT goes to the storage origin, not through the client. Its failure for want of a network
            // asks for a check rather than declaring the service offline: the storage may be down while the
            // API answers. Items first seen failed were restored from the queue's rows: old news.
            const before = lastState.get(item.id)
            lastState.set(item.id, item.state)
            const unreachable = item.error && isUnreachable(item.error)
            if (item.state === 'failed' && before !== undefined && before !== 'failed' && unreachable) {
              const monitor = options.connection()
              if (monitor?.isOnline()) void monitor.check()
            }
          }
        }),
        uploads.onBatchFinished((event) => {
          emit('uploads:batch-finished', event)
        }),
      ]
      return () => {
        for (const off of unsubscribe) off()
      }
    },
    showQueue(previousIds, next) {
      const items = next.list()
      const kept = new Set(items.map((item) => item.id))
      sendProgress({
        items,
        removed: previousIds.filter((itemId) => !kept.has(itemId)),
        totals: next.totals(),
      })
    },
    close() {
      if (storageChangedTimer) clearTimeout(storageChangedTimer)
    },
  }
}
