// Weekday names in the reader's language for the heat map and the best slots, which count days 0 = Sunday
// (main/core/insights/heat-map.ts). The week is shown from Monday, as calendars in Indonesia are.
import type { AppLocale } from '../../i18n'

/** The weekdays in the order the heat map's rows show them: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

const formats = new Map<string, Intl.DateTimeFormat>()

export function weekdayName(weekday: number, locale: AppLocale, width: 'short' | 'long'): string {
  const key = `${locale}|${width}`
  let format = formats.get(key)
  if (!format)
    formats.set(key, (format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' })))
  // 4 January 1970 was a Sunday.
  return format.format(Date.UTC(1970, 0, 4 + weekday))
}
