// The page's change events of one list: merged by id, at most one every 50 ms (the first at once), the last one
// holding the final state, numbered one by one; a reload says the page's list is stale. On the module's clock.
import { describe, expect, it } from 'vitest'
import type { ListChanges } from '../../../common/list-changes'
import { createListPublisher, LIST_CHANGES_INTERVAL_MS } from '../../../main/core/list-publisher'
import { manualClock } from '../../support/manual-clock'

interface Item {
  id: string
  v: number
}

function setup() {
  const time = manualClock(1_000)
  const sent: Array<ListChanges<Item>> = []
  const publisher = createListPublisher<Item>({ send: (change) => sent.push(change), timers: time.clock })
  return { time, sent, publisher }
}

describe('list publisher', () => {
  it('sends the first change at once, and what follows within 50 ms together at its end, final state last', async () => {
    const { time, sent, publisher } = setup()
    publisher.add([{ id: 'a', v: 1 }], [])
    expect(sent).toEqual([{ seq: 1, changed: [{ id: 'a', v: 1 }], removed: [] }])
    await time.advance(10)
    publisher.add(
      [
        { id: 'a', v: 2 },
        { id: 'b', v: 1 },
      ],
      [],
    )
    publisher.add([{ id: 'a', v: 3 }], ['c'])
    publisher.add([], ['b'])
    expect(sent).toHaveLength(1)
    await time.advance(LIST_CHANGES_INTERVAL_MS - 11)
    expect(sent).toHaveLength(1)
    await time.advance(1)
    expect(sent[1]).toEqual({ seq: 2, changed: [{ id: 'a', v: 3 }], removed: ['b', 'c'] })
    // A quiet list sends nothing, and the next change after a pause goes out at once.
    await time.advance(500)
    expect(sent).toHaveLength(2)
    publisher.add([{ id: 'd', v: 1 }], [])
    expect(sent[2]).toMatchObject({ seq: 3, changed: [{ id: 'd', v: 1 }] })
  })

  it('a burst of 1,000 commits over 200 ms reaches the page as one event per 50 ms and a last one', async () => {
    const { time, sent, publisher } = setup()
    for (let i = 0; i < 1_000; i++) {
      publisher.add([{ id: `d${i % 300}`, v: i }], [])
      if (i % 5 === 0) await time.advance(1)
    }
    await time.advance(LIST_CHANGES_INTERVAL_MS)
    expect(sent.length).toBeLessThanOrEqual(200 / LIST_CHANGES_INTERVAL_MS + 2)
    expect(sent.map((change) => change.seq)).toEqual(sent.map((_, index) => index + 1))
    // The last state of each record is what the page ends with.
    const final = new Map<string, number>()
    for (const change of sent) for (const item of change.changed) final.set(item.id, item.v)
    expect(final.get('d99')).toBe(999)
    expect(final.size).toBe(300)
  })

  it('flush sends what waits now and answers the number a list read next includes', async () => {
    const { time, sent, publisher } = setup()
    expect(publisher.flush()).toBe(0)
    publisher.add([{ id: 'a', v: 1 }], [])
    publisher.add([{ id: 'b', v: 1 }], [])
    expect(publisher.flush()).toBe(2)
    expect(sent.map((change) => change.seq)).toEqual([1, 2])
    await time.advance(LIST_CHANGES_INTERVAL_MS * 2)
    expect(sent).toHaveLength(2)
  })

  it('a reload drops what waits and tells the page to read the list whole, at once', async () => {
    const { time, sent, publisher } = setup()
    publisher.add([{ id: 'a', v: 1 }], [])
    publisher.add([{ id: 'b', v: 1 }], [])
    publisher.reload()
    expect(sent).toEqual([
      { seq: 1, changed: [{ id: 'a', v: 1 }], removed: [] },
      { seq: 2, changed: [], removed: [], reload: true },
    ])
    await time.advance(LIST_CHANGES_INTERVAL_MS * 2)
    expect(sent).toHaveLength(2)
  })

  it('close drops its timer: nothing is sent after', async () => {
    const { time, sent, publisher } = setup()
    publisher.add([{ id: 'a', v: 1 }], [])
    publisher.add([{ id: 'b', v: 1 }], [])
    publisher.close()
    expect(time.pending()).toBe(0)
    await time.advance(LIST_CHANGES_INTERVAL_MS * 2)
    expect(sent).toHaveLength(1)
  })
})
