// What callers wait for in the upload queue: one item's final state (uploadOne, the dedupe of identical bytes)
// and the end of a batch of dropped files (the "3 uploaded, 1 failed" notice). The engine reports each item's
// arrival, end and removal here; the waiting and the batch counting live here.
import type { UploadItem } from '../../../common/uploads'
import { isFinal, type BatchFinishedEvent, type Entry } from './upload-engine-types'
import { noSuchUpload, stoppedWaiting, takenOver } from './upload-messages'

export interface ItemOutcomes {
  /** An item joined the queue (added, restored, adopted, read back from history): counted in its batch. */
  track(item: UploadItem): void
  /** An item reached its final state: its waiters are answered, then its batch is checked. */
  finished(item: UploadItem): void
  /**
   * An item left the queue: it no longer counts in its batch. With `answer` its waiters get its state; without
   * (another process took it over) they are told it is no longer this queue's, rather than left waiting.
   */
  untrack(item: UploadItem, answer: boolean): void
  /** The queue closes: whoever still waits is told, with `error`, instead of waiting for a state never coming. */
  rejectAll(error: Error): void
  /** Tells the listeners if every item of the batch is final. */
  checkBatch(batchId: string): void
  waitFinal(id: string, signal?: AbortSignal): Promise<UploadItem>
  onBatchFinished(listener: (event: BatchFinishedEvent) => void): () => void
}

interface Waiter {
  resolve(item: UploadItem): void
  reject(error: Error): void
}

export function createItemOutcomes(
  entries: ReadonlyMap<string, Entry>,
  /** Sends the items' pending progress: their final states go out before the news that the batch is over. */
  flushProgress: () => void,
): ItemOutcomes {
  const batches = new Map<string, Set<string>>()
  const batchListeners = new Set<(e: BatchFinishedEvent) => void>()
  const finalWaiters = new Map<string, Waiter[]>()

  function answer(item: UploadItem): void {
    const waiters = finalWaiters.get(item.id)
    finalWaiters.delete(item.id)
    for (const waiter of waiters ?? []) waiter.resolve({ ...item })
  }

  function rejectWaiters(id: string, error: Error): void {
    const waiters = finalWaiters.get(id)
    finalWaiters.delete(id)
    for (const waiter of waiters ?? []) waiter.reject(error)
  }

  function checkBatch(batchId: string): void {
    const ids = batches.get(batchId)
    if (!ids) return
    const event: BatchFinishedEvent = { batchId, done: 0, reused: 0, failed: 0, cancelled: 0 }
    for (const id of ids) {
      const item = entries.get(id)?.item
      if (!item) continue
      if (!isFinal(item.state)) return
      event[item.state as 'done' | 'failed' | 'cancelled']++
      if (item.state === 'done' && item.reused) event.reused++
    }
    flushProgress()
    for (const listener of batchListeners) listener(event)
  }

  return {
    track(item) {
      let ids = batches.get(item.batchId)
      if (!ids) batches.set(item.batchId, (ids = new Set()))
      ids.add(item.id)
    },
    finished(item) {
      answer(item)
      checkBatch(item.batchId)
    },
    untrack(item, tell) {
      batches.get(item.batchId)?.delete(item.id)
      if (tell) answer(item)
      else rejectWaiters(item.id, takenOver(item.name))
    },
    rejectAll(error) {
      for (const id of [...finalWaiters.keys()]) rejectWaiters(id, error)
    },
    checkBatch,
    waitFinal(id, signal) {
      const entry = entries.get(id)
      if (!entry) return Promise.reject(noSuchUpload(id))
      if (isFinal(entry.item.state)) return Promise.resolve({ ...entry.item })
      return new Promise((resolve, reject) => {
        const stopWaiting = (): void => {
          const list = finalWaiters.get(id)
          if (list)
            finalWaiters.set(
              id,
              list.filter((w) => w !== waiter),
            )
          reject(stoppedWaiting(entry.item.name))
        }
        const waiter: Waiter = {
          resolve(item) {
            signal?.removeEventListener('abort', stopWaiting)
            resolve(item)
          },
          reject(error) {
            signal?.removeEventListener('abort', stopWaiting)
            reject(error)
          },
        }
        if (signal?.aborted) return stopWaiting()
        signal?.addEventListener('abort', stopWaiting, { once: true })
        const list = finalWaiters.get(id) ?? []
        list.push(waiter)
        finalWaiters.set(id, list)
      })
    },
    onBatchFinished(listener) {
      batchListeners.add(listener)
      return () => batchListeners.delete(listener)
    },
  }
}
