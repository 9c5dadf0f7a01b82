import { describe, expect, it } from 'vitest'
import { fitInOrder } from '../../../common/fit-to-space'

describe('fitInOrder: which files of a batch fit in the free storage', () => {
  it('takes files in order while they fit, and says what was left for each one refused', () => {
    expect(fitInOrder([300, 3000, 250], 2000)).toEqual([
      { fits: true },
      { fits: false, availableBytes: 1700 },
      { fits: true },
    ])
  })

  it('lets a later, smaller file use what a refused one did not', () => {
    expect(fitInOrder([600, 600, 400], 1000)).toEqual([
      { fits: true },
      { fits: false, availableBytes: 400 },
      { fits: true },
    ])
  })

  it('fits a file of exactly the space left, and then nothing more', () => {
    expect(fitInOrder([1000, 1], 1000)).toEqual([{ fits: true }, { fits: false, availableBytes: 0 }])
  })

  it('refuses every non-empty file when the queue already holds more than is free, and reports 0 left', () => {
    expect(fitInOrder([1, 2], -500)).toEqual([
      { fits: false, availableBytes: 0 },
      { fits: false, availableBytes: 0 },
    ])
  })

  it('answers an empty batch with no verdicts', () => {
    expect(fitInOrder([], 10)).toEqual([])
  })
})
