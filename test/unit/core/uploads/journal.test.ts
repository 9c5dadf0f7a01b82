import { describe, expect, it } from 'vitest'
import { replay } from '../../../../main/core/uploads/journal'
import type { PersistedItem } from '../../../../main/core/uploads/upload-queue-types'

const item = (id: string): PersistedItem => ({
  id,
  path: `/f/${id}`,
  name: id,
  size: 10,
  mtimeMs: 1,
  mimetype: 'text/plain',
  batchId: 'b',
  createdAt: '2026-01-01T00:00:00.000Z',
})

describe('upload journal replay (the import of a journal file)', () => {
  it('replays states, skips a torn last line, and forgets removed items', () => {
    const lines = [
      JSON.stringify({ t: 'add', item: item('a') }),
      JSON.stringify({ t: 'add', item: item('b') }),
      JSON.stringify({ t: 'add', item: item('c') }),
      JSON.stringify({ t: 'init', id: 'a', fileId: 'f1', key: 'k1', url: 'u1' }),
      JSON.stringify({ t: 'state', id: 'a', state: 'done', at: 'x' }),
      JSON.stringify({ t: 'init', id: 'b', fileId: 'f2', key: 'k2', url: 'u2' }),
      JSON.stringify({ t: 'remove', id: 'c' }),
      '{"t":"state","id":"b","sta', // the crash hit mid-write
    ]
    const { items, skipped } = replay(lines)
    expect(skipped.map((s) => s.line)).toEqual([8])
    expect([...items.keys()]).toEqual(['a', 'b'])
    expect(items.get('a')).toMatchObject({ state: 'done', fileId: 'f1', url: 'u1' })
    // b reached init but not done: interrupted, with the pending file to look at on restart.
    expect(items.get('b')).toMatchObject({ state: 'queued', fileId: 'f2' })
  })

  it('does not report the tail of a cancel that raced a removal', () => {
    const { items, skipped } = replay([
      JSON.stringify({ t: 'add', item: item('a') }),
      JSON.stringify({ t: 'remove', id: 'a' }),
      JSON.stringify({ t: 'state', id: 'a', state: 'cancelled' }),
    ])
    expect(items.size).toBe(0)
    expect(skipped).toEqual([])
  })
})
