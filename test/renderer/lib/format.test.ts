import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatHour,
  formatTime,
  parseCalendarDate,
} from '../../../renderer/lib/format'

// The app's one date format, in the app's language whatever the browser's: these run under the test runner's
// own locale, so a formatter that fell back to the runtime's would show here.
describe('dates in the app language', () => {
  const at = '2026-08-26T16:02:00.000Z'

  it('shows one date and time format in English, on the given zone, with a 24-hour clock', () => {
    expect(formatDateTime(at, 'en', 'Asia/Jakarta')).toBe('Aug 26, 2026, 23:02')
    expect(formatDate(at, 'en', 'Asia/Jakarta')).toBe('Aug 26, 2026')
    expect(formatTime(at, 'en', 'Asia/Jakarta')).toBe('23:02')
    expect(formatHour(7, 'en')).toBe('07:00')
  })

  it('shows the same in Bahasa Indonesia', () => {
    expect(formatDateTime(at, 'id', 'Asia/Jakarta')).toBe('26 Agu 2026, 23.02')
    expect(formatDate(at, 'id', 'Asia/Jakarta')).toBe('26 Agu 2026')
    expect(formatTime(at, 'id', 'Asia/Jakarta')).toBe('23.02')
    expect(formatHour(7, 'id')).toBe('07.00')
  })

  it('leaves text that is not a date as it came', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon')
  })

  it.each([
    ['en', 'Aug 26, 2026'],
    ['en', 'august 26 2026'],
    ['en', '8/26/2026'],
    ['en', '2026-08-26'],
    ['id', '26 Agu 2026'],
    ['id', '26 agustus 2026'],
    ['id', '26/8/2026'],
    ['id', '2026-08-26'],
  ] as const)('reads a date typed in %s: "%s"', (locale, text) => {
    expect(parseCalendarDate(text, locale)).toEqual({ year: 2026, month: 8, day: 26 })
  })

  it.each([
    ['en', '26/8/2026'],
    ['id', '8/26/2026'],
    ['en', 'Feb 30, 2026'],
    ['id', '31 Apr 2026'],
    ['en', 'tomorrow'],
    ['en', 'Aug 26'],
  ] as const)('refuses what it cannot read for certain in %s: "%s"', (locale, text) => {
    expect(parseCalendarDate(text, locale)).toBeNull()
  })
})
