import { describe, expect, it } from 'vitest'
import { isQuiet } from '../../../common/quiet-hours'

const at = (hh: number, mm = 0) => new Date(2026, 10, 28, hh, mm)

describe('quiet hours', () => {
  it('over midnight: from the start included to the end not', () => {
    const q = { enabled: true, from: '22:00', to: '07:00' }
    expect(isQuiet(q, at(21, 59))).toBe(false)
    expect(isQuiet(q, at(22, 0))).toBe(true)
    expect(isQuiet(q, at(3, 0))).toBe(true)
    expect(isQuiet(q, at(6, 59))).toBe(true)
    expect(isQuiet(q, at(7, 0))).toBe(false)
  })

  it('within a day', () => {
    const q = { enabled: true, from: '12:30', to: '13:30' }
    expect(isQuiet(q, at(12, 29))).toBe(false)
    expect(isQuiet(q, at(12, 30))).toBe(true)
    expect(isQuiet(q, at(13, 30))).toBe(false)
  })

  it('never when off, when the start is the end, or when a time is not HH:MM', () => {
    expect(isQuiet({ enabled: false, from: '00:00', to: '23:59' }, at(12))).toBe(false)
    expect(isQuiet({ enabled: true, from: '08:00', to: '08:00' }, at(8))).toBe(false)
    expect(isQuiet({ enabled: true, from: '24:00', to: '07:00' }, at(3))).toBe(false)
  })
})
