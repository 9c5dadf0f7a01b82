import { describe, expect, it } from 'vitest'
import { dayBounds, localTimeWithZone, localTimeZone } from '../../../main/cli/local-time'

describe('local-time', () => {
  it('names the zone from TZ, or the system one when TZ is unknown', () => {
    expect(localTimeZone({ TZ: 'Asia/Jakarta' })).toBe('Asia/Jakarta')
    expect(localTimeZone({ TZ: 'Mars/Olympus' })).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it('writes an instant as the wall-clock time of the zone, with the zone', () => {
    expect(localTimeWithZone('2026-12-05T02:00:00Z', 'Asia/Jakarta')).toBe('2026-12-05 09:00 GMT+7')
    expect(localTimeWithZone('2026-07-05T14:00:00Z', 'America/New_York')).toBe('2026-07-05 10:00 EDT')
    expect(localTimeWithZone('soon', 'UTC')).toBe('soon')
  })

  it('bounds a day of the zone, across a change of clocks', () => {
    expect(dayBounds('2026-12-05', 'Asia/Jakarta')).toEqual({
      start: '2026-12-04T17:00:00.000Z',
      end: '2026-12-05T16:59:59.999Z',
    })
    // 8 March 2026 is 23 hours long in New York.
    const short = dayBounds('2026-03-08', 'America/New_York')!
    expect(Date.parse(short.end) + 1 - Date.parse(short.start)).toBe(23 * 3_600_000)
    expect(dayBounds('2026-12-05T00:00:00Z', 'UTC')).toBeNull()
  })
})
