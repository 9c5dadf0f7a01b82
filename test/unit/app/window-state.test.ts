import { describe, expect, it } from 'vitest'
import { initialBounds } from '../../../main/app/window-state'

describe('window placement', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]
  it('reopens where it was left when that is on a screen', () => {
    expect(initialBounds({ x: 100, y: 50, width: 1000, height: 700, maximized: false }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
    })
  })
  it('keeps the size but not a position that is off every screen', () => {
    expect(initialBounds({ x: 4000, y: 50, width: 1000, height: 700, maximized: false }, screen)).toEqual({
      width: 1000,
      height: 700,
    })
    expect(initialBounds(null, screen)).toEqual({ width: 1200, height: 800 })
  })
})
