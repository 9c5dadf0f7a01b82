import { describe, expect, it } from 'vitest'
import { toastPlace } from '../../../renderer/lib/toast-place'

// A content column of 1100 × 700 and toasts of 452 × 120.
const column = { left: 200, top: 0, right: 1300, bottom: 700 }
const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom })

describe('where the toasts lie', () => {
  it('in the lower right corner when nothing to avoid is there', () => {
    expect(toastPlace(column, 452, 120, [])).toBe('bottom-end')
    expect(toastPlace(column, 452, 120, [box(200, 600, 700, 700)])).toBe('bottom-end')
  })

  it('in the lower left corner when the failed list lies in the lower right', () => {
    expect(toastPlace(column, 452, 120, [box(980, 300, 1300, 700)])).toBe('bottom-start')
  })

  it('in the upper right corner when the failed list spans the lower middle', () => {
    expect(toastPlace(column, 452, 120, [box(570, 400, 930, 700)])).toBe('top-end')
  })

  it('in the lower right corner when every place would cover it (a list taller than the window)', () => {
    expect(toastPlace(column, 452, 120, [box(200, 0, 1300, 700)])).toBe('bottom-end')
  })
})
