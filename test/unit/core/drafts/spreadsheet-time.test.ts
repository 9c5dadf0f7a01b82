// Times as a spreadsheet writes them, read in the planner's zone, and the order of day and month a file is read in.
import { describe, expect, it } from 'vitest'
import { chooseDateOrder, knownZone, readCellTime } from '../../../../main/core/drafts/spreadsheet-time'

describe('readCellTime', () => {
  it("reads a spreadsheet's time in the planner's zone", () => {
    expect(readCellTime('05/12/2026 09:00', 'Asia/Jakarta', 'dmy')).toBe('2026-12-05T02:00:00.000Z')
    expect(readCellTime('2026-12-05 09:00', 'Asia/Jakarta', 'dmy')).toBe('2026-12-05T02:00:00.000Z')
    expect(readCellTime('2026-12-05T09:00', 'Asia/Jakarta', 'dmy')).toBe('2026-12-05T02:00:00.000Z')
    expect(readCellTime('5/12/26 9:00', 'Asia/Jakarta', 'dmy')).toBe('2026-12-05T02:00:00.000Z')
    expect(readCellTime('05.12.2026 09:00:30', 'Asia/Jakarta', 'dmy')).toBe('2026-12-05T02:00:30.000Z')
    expect(readCellTime('12/5/2026 9:00 PM', 'America/New_York', 'mdy')).toBe('2026-12-06T02:00:00.000Z')
  })

  it('reads day-first or month-first as told', () => {
    expect(readCellTime('05/12/2026 09:00', 'UTC', 'dmy')).toBe('2026-12-05T09:00:00.000Z')
    expect(readCellTime('05/12/2026 09:00', 'UTC', 'mdy')).toBe('2026-05-12T09:00:00.000Z')
  })

  it('takes an ISO time with its offset as it is, whatever the zone', () => {
    expect(readCellTime('2026-12-05T09:00:00+07:00', 'America/New_York', 'mdy')).toBe(
      '2026-12-05T09:00:00+07:00',
    )
    expect(readCellTime('', 'UTC', 'dmy')).toBe('')
  })

  it('refuses what is not a time, rather than guess', () => {
    for (const cell of ['soon', '32/12/2026 09:00', '05/12/2026', '2026-13-01 09:00', '05/12/2026 09:00 x']) {
      expect(readCellTime(cell, 'UTC', 'dmy')).toBeNull()
    }
  })
})

describe('chooseDateOrder', () => {
  it('reads day-first unless a row only reads month-first', () => {
    expect(chooseDateOrder(['05/12/2026 09:00', '2026-12-05 09:00'])).toEqual({
      order: 'dmy',
      ambiguous: true,
      used: true,
    })
    expect(chooseDateOrder(['05/12/2026 09:00', '12/25/2026 09:00']).order).toBe('mdy')
    // A row only day-first keeps the file day-first: the month-first one is then an error to fix.
    expect(chooseDateOrder(['25/12/2026 09:00', '12/25/2026 09:00']).order).toBe('dmy')
    expect(chooseDateOrder(['2026-12-05 09:00', ''])).toEqual({ order: 'dmy', ambiguous: false, used: false })
    expect(chooseDateOrder(['05/05/2026 09:00']).ambiguous).toBe(false)
  })
})

describe('knownZone', () => {
  it('knows the IANA zones of this runtime only', () => {
    expect(knownZone('Asia/Jakarta')).toBe(true)
    expect(knownZone('Mars/Olympus')).toBe(false)
    expect(knownZone(undefined)).toBe(false)
  })
})
