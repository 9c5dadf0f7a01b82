// What callers of the upload queue wait for, without an engine: an item's final state and a batch's end.
import { describe, expect, it, vi } from 'vitest'
import type { UploadItem } from '../../../../common/uploads'
import { createItemOutcomes } from '../../../../main/core/uploads/item-outcomes'
import type { Entry } from '../../../../main/core/uploads/upload-engine-types'

function itemOf(id: string, state: UploadItem['state'], extra: Partial<UploadItem> = {}): UploadItem {
  return { id, name: `${id}.bin`, size: 1, state, batchId: 'b', bytesSent: 0, ...extra } as UploadItem
}

function setup() {
  const entries = new Map<string, Entry>()
  const put = (item: UploadItem) => entries.set(item.id, { item } as Entry)
  const flush = vi.fn()
  return { entries, put, flush, outcomes: createItemOutcomes(entries, flush) }
}

describe('upload item outcomes', () => {
  it('tells a batch is over once every item is final, after flushing their progress', () => {
    const { put, flush, outcomes } = setup()
    const a = itemOf('a', 'queued')
    const b = itemOf('b', 'queued')
    put(a)
    put(b)
    outcomes.track(a)
    outcomes.track(b)
    const heard = vi.fn()
    outcomes.onBatchFinished(heard)
    a.state = 'done'
    a.reused = true
    outcomes.finished(a)
    expect(heard).not.toHaveBeenCalled()
    b.state = 'failed'
    outcomes.finished(b)
    expect(flush).toHaveBeenCalledBefore(heard)
    expect(heard).toHaveBeenCalledWith({ batchId: 'b', done: 1, reused: 1, failed: 1, cancelled: 0 })
  })

  it('answers a waiter with the final item, and a removed one with the item as it was', async () => {
    const { put, outcomes } = setup()
    const a = itemOf('a', 'uploading')
    const b = itemOf('b', 'uploading')
    put(a)
    put(b)
    const waitA = outcomes.waitFinal('a')
    const waitB = outcomes.waitFinal('b')
    a.state = 'done'
    outcomes.finished(a)
    outcomes.untrack(b, true)
    await expect(waitA).resolves.toMatchObject({ id: 'a', state: 'done' })
    await expect(waitB).resolves.toMatchObject({ id: 'b', state: 'uploading' })
  })

  it('a waiter that stops waiting is refused with the item named, and an unknown id at once', async () => {
    const { put, outcomes } = setup()
    put(itemOf('a', 'uploading'))
    const stop = new AbortController()
    const waiting = outcomes.waitFinal('a', stop.signal)
    stop.abort()
    await expect(waiting).rejects.toThrow(/a\.bin/)
    await expect(outcomes.waitFinal('nope')).rejects.toThrow()
  })

  it('tells the waiters of an item another process took over, and every waiter when the queue closes', async () => {
    const { put, outcomes } = setup()
    const a = itemOf('a', 'uploading')
    const b = itemOf('b', 'queued')
    put(a)
    put(b)
    const waitA = outcomes.waitFinal('a').catch((error: unknown) => error)
    const waitB = outcomes.waitFinal('b').catch((error: unknown) => error)
    // The lease lost: dropped unanswered before, a CLI `sync` waiting on it hung for ever.
    outcomes.untrack(a, false)
    expect(await waitA).toMatchObject({
      kind: 'cancelled',
      message: expect.stringMatching(/a\.bin.*another/),
    })
    outcomes.rejectAll(new Error('closing'))
    expect(await waitB).toMatchObject({ message: 'closing' })
  })
})
