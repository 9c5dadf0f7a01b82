import { describe, expect, it } from 'vitest'
import { firstRows } from '../../../renderer/lib/planner/list-window'

const group = (day: string, count: number) => ({
  day,
  entries: Array.from({ length: count }, (_, i) => `${day}-${i}`),
})

describe('firstRows', () => {
  it('keeps whole days while they fit, cuts the day that does not, and counts what waits', () => {
    const days = [group('a', 3), group('b', 4), group('c', 2)]
    const cut = firstRows(days, 5)
    expect(cut.groups.map((g) => [g.day, g.entries])).toEqual([
      ['a', ['a-0', 'a-1', 'a-2']],
      ['b', ['b-0', 'b-1']],
    ])
    expect(cut.waiting).toBe(4)
    // The groups given are left as they were.
    expect(days[1]!.entries).toHaveLength(4)
  })

  it('gives every group back as it is when all fit', () => {
    const days = [group('a', 3), group('b', 4)]
    const cut = firstRows(days, 7)
    expect(cut.groups).toEqual(days)
    expect(cut.groups[0]).toBe(days[0])
    expect(cut.waiting).toBe(0)
  })
})
