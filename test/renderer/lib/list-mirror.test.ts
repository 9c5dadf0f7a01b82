// The page's mirror of a list of main's: a change that arrives while the list is read whole waits, and is
// applied after it only if that read does not hold it yet.
import { describe, expect, it } from 'vitest'
import { createListMirror } from '../../../renderer/lib/list-mirror'
import type { ListChanges } from '../../../common/list-changes'

interface Row {
  id: string
}

function mirrorOf() {
  const held: Row[][] = []
  const applied: Array<{ changed: Row[]; removed: string[] }> = []
  let reloads = 0
  const mirror = createListMirror<Row>({
    hold: (items) => held.push(items),
    apply: (changed, removed) => applied.push({ changed, removed }),
    reload: () => (reloads += 1),
  })
  return { mirror, held, applied, reloads: () => reloads }
}

describe('list mirror', () => {
  it('reads a profile switch once: its reload, sent before the snapshot that includes it, is not read again', async () => {
    const { mirror, held, reloads } = mirrorOf()
    await mirror.load(async () => ({ items: [{ id: 'old' }], seq: 4 }))
    // Main finds the new profile, says reload (numbered 5), then answers the snapshot the page asks for.
    mirror.forget()
    await mirror.load(async () => {
      mirror.take({ seq: 5, changed: [], removed: [], reload: true })
      return { items: [{ id: 'new' }], seq: 5 }
    })
    expect(held).toEqual([[{ id: 'old' }], [{ id: 'new' }]])
    expect(reloads()).toBe(0)
  })

  it('applies what comes after its read, and reads again on a gap or a later reload', async () => {
    const { mirror, applied, reloads } = mirrorOf()
    await mirror.load(async () => ({ items: [], seq: 2 }))
    const change = (seq: number, extra: Partial<ListChanges<Row>> = {}): ListChanges<Row> => ({
      seq,
      changed: [{ id: `r${seq}` }],
      removed: [],
      ...extra,
    })
    mirror.take(change(3))
    expect(applied).toEqual([{ changed: [{ id: 'r3' }], removed: [] }])
    mirror.take(change(5))
    expect(reloads()).toBe(1)
    mirror.take(change(4, { reload: true }))
    expect(reloads()).toBe(2)
  })
})
