// What the page does with a list's change: apply it in order, ignore one its list already holds, and read the
// list whole when it holds none, misses a number or is told to.
import { describe, expect, it } from 'vitest'
import { applyChanges, changeStep } from '../../../common/list-changes'

const change = (seq: number, extra: { reload?: true } = {}) => ({ seq, changed: [], removed: [], ...extra })

describe('list changes', () => {
  it('applies the next number, ignores older ones, and reloads on a gap, a reload or no list', () => {
    expect(changeStep(4, change(5))).toBe('apply')
    expect(changeStep(4, change(4))).toBe('ignore')
    expect(changeStep(4, change(2))).toBe('ignore')
    expect(changeStep(4, change(6))).toBe('reload')
    expect(changeStep(4, change(5, { reload: true }))).toBe('reload')
    expect(changeStep(null, change(1))).toBe('reload')
  })

  it('ignores a reload its list already holds: a profile switch says reload before the snapshot that follows it', () => {
    expect(changeStep(5, change(5, { reload: true }))).toBe('ignore')
    expect(changeStep(5, change(3, { reload: true }))).toBe('ignore')
    expect(changeStep(5, change(6, { reload: true }))).toBe('reload')
  })

  it('replaces changed records in place, drops removed ones, and adds new ones last', () => {
    const list = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
      { id: 'c', v: 1 },
    ]
    const next = applyChanges(list, {
      seq: 1,
      changed: [
        { id: 'd', v: 1 },
        { id: 'b', v: 2 },
      ],
      removed: ['a', 'x'],
    })
    expect(next).toEqual([
      { id: 'b', v: 2 },
      { id: 'c', v: 1 },
      { id: 'd', v: 1 },
    ])
    expect(list).toHaveLength(3)
    expect(applyChanges(list, { seq: 2, changed: [], removed: [] })).toBe(list)
  })
})
