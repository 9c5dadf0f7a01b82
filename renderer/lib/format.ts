// Numbers, durations and dates in the reader's locale (Intl), shared by every view. Sizes and rates are
// common/format-bytes.ts, the one convention main and the CLI use too.
import type { AppLocale } from '../i18n'

// Building an Intl formatter costs far more than using one, and a list of 100 rows formats hundreds of
// values: formatters are made once per locale and options, then reused.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

function numberFormat(locale: AppLocale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = numberFormats.get(key)
  if (!formatter) numberFormats.set(key, (formatter = new Intl.NumberFormat(locale, options)))
  return formatter
}

function dateFormat(locale: AppLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = dateFormats.get(key)
  if (!formatter) dateFormats.set(key, (formatter = new Intl.DateTimeFormat(locale, options)))
  return formatter
}

function relativeFormat(locale: AppLocale): Intl.RelativeTimeFormat {
  let formatter = relativeFormats.get(locale)
  if (!formatter)
    relativeFormats.set(locale, (formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })))
  return formatter
}

export function formatNumber(value: number, locale: AppLocale): string {
  return numberFormat(locale).format(value)
}

export function formatPercent(ratio: number, locale: AppLocale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(ratio)
}

/** A ratio to one decimal ("1.4" in English, "1,4" in Indonesian): how a cell of the heat map compares. */
export function formatRatio(value: number, locale: AppLocale): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
}

/** A day's key (YYYY-MM-DD) as "2 Dec": the day itself, whatever the page's zone. */
export function formatDayKey(day: string, locale: AppLocale): string {
  return dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    Date.parse(`${day}T12:00:00Z`),
  )
}

/** "1 hr 5 min", "42 sec": the two largest units are enough for an ETA. */
export function formatDuration(totalSeconds: number, locale: AppLocale): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)
  if (h > 0) return m > 0 ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour')
  if (m > 0) return s > 0 && m < 10 ? `${unit(m, 'minute')} ${unit(s, 'second')}` : unit(m, 'minute')
  return unit(s, 'second')
}

/** An instant as the service sends it (ISO text) or as the calendar holds it (a Date). */
export type Instant = string | number | Date

function toDate(instant: Instant): Date | null {
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) ? null : date
}

// One date format across the app, in the app's language (not the browser's): the medium date ("Nov 26, 2026",
// "26 Nov 2026") and a 24-hour time ("14:05", "14.05"), the clock the calendar's hour rows and chips use. A
// post's times are shown on the planner's zone clock, so the zone is passed where it matters.
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short', hourCycle: 'h23' }
const zoned = (options: Intl.DateTimeFormatOptions, timeZone?: string) =>
  timeZone ? { ...options, timeZone } : options

function formatWith(instant: Instant, locale: AppLocale, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(instant)
  return date ? dateFormat(locale, options).format(date) : String(instant)
}

export function formatDate(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned(DATE, timeZone))
}

export function formatTime(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned(TIME, timeZone))
}

/** "Nov 26, 2026, 14:05" / "26 Nov 2026, 14.05": the date and the time of the two formats above. */
export function formatDateTime(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned({ ...DATE, ...TIME }, timeZone))
}

/** "Thursday, November 26, 2026": a day named in full, for headings and what a screen reader says. */
export function formatLongDate(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned({ dateStyle: 'full' }, timeZone))
}

/** "Thursday, November 26, 2026 at 14:05": a moment named in full, for announcements. */
export function formatLongDateTime(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned({ dateStyle: 'full', ...TIME }, timeZone))
}

/** "Thu": a weekday's short name, for column headers. */
export function formatWeekday(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned({ weekday: 'short' }, timeZone))
}

/** "November 2026": a month's heading. */
export function formatMonth(instant: Instant, locale: AppLocale, timeZone?: string): string {
  return formatWith(instant, locale, zoned({ month: 'long', year: 'numeric' }, timeZone))
}

/** "Nov 22 – 28, 2026": a span of days, the parts they share said once. */
export function formatDateRange(first: Instant, last: Instant, locale: AppLocale, timeZone?: string): string {
  const from = toDate(first)
  const to = toDate(last)
  if (!from || !to) return `${String(first)} – ${String(last)}`
  return dateFormat(locale, zoned(DATE, timeZone)).formatRange(from, to)
}

/** "14:00" / "14.00": an hour row's label, in the same clock as every other time. */
export function formatHour(hour: number, locale: AppLocale): string {
  return dateFormat(locale, { ...TIME, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour))
}

/** A time of day on a 24-hour clock, the value a time field holds as `HH:mm`. */
export interface ClockTime {
  hour: number
  minute: number
}

/** `HH:mm`, the form the native time input used, so the models around it keep their shape. */
export function isoTimeOf({ hour, minute }: ClockTime): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

export function clockTimeOf(iso: string): ClockTime | null {
  const match = /^(\d{2}):(\d{2})$/.exec(iso)
  if (!match) return null
  const time = { hour: Number(match[1]), minute: Number(match[2]) }
  return time.hour < 24 && time.minute < 60 ? time : null
}

/** "23:02" / "23.02": a time of day in the app's one time format. */
export function formatClockTime({ hour, minute }: ClockTime, locale: AppLocale): string {
  return dateFormat(locale, { ...TIME, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour, minute))
}

/**
 * Reads a time typed on a 24-hour clock: "23:02", "23.02" (either separator in either language), "2302" or a
 * bare hour "9". Answers null for anything else or a time that does not exist (24:00, 9:75), so nothing is
 * guessed; 12-hour "pm" text is not read, the app's clock being 24-hour.
 */
export function parseClockTime(text: string): ClockTime | null {
  const trimmed = text.trim()
  const match =
    /^(\d{1,2})\s*[:.]\s*(\d{2})$/.exec(trimmed) ??
    /^(\d{1,2})(\d{2})$/.exec(trimmed) ??
    /^(\d{1,2})()$/.exec(trimmed)
  if (!match) return null
  const time = { hour: Number(match[1]), minute: Number(match[2] || 0) }
  return time.hour < 24 && time.minute < 60 ? time : null
}

export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** A calendar date as `yyyy-MM-dd`, the value a date field holds (the form the native date input used). */
export function isoDateOf({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function calendarDateOf(iso: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  return isRealDate(date) ? date : null
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A calendar date shown in the app's one date format ("Nov 26, 2026" / "26 Nov 2026"). */
export function formatCalendarDate(date: CalendarDate, locale: AppLocale): string {
  return formatDate(Date.UTC(date.year, date.month - 1, date.day), locale, 'UTC')
}

const monthNames = new Map<AppLocale, string[][]>()

/** Each month's names in the locale (long and short, lower case): "agustus", "agu". */
function monthNamesOf(locale: AppLocale): string[][] {
  let names = monthNames.get(locale)
  if (!names) {
    const long = dateFormat(locale, { month: 'long', timeZone: 'UTC' })
    const short = dateFormat(locale, { month: 'short', timeZone: 'UTC' })
    names = Array.from({ length: 12 }, (_, m) => {
      const at = Date.UTC(2000, m, 15)
      return [long.format(at), short.format(at)].map((n) => n.toLocaleLowerCase(locale).replace(/\.$/, ''))
    })
    monthNames.set(locale, names)
  }
  return names
}

/**
 * Reads a date typed in the app's language: its own format ("Nov 26, 2026", "26 Agu 2026"), a month named in
 * full, the locale's numeric order ("11/26/2026" in English, "26/11/2026" in Indonesian) or ISO "2026-11-26".
 * Answers null for anything else or a day that does not exist (31 April), so nothing is guessed.
 */
export function parseCalendarDate(text: string, locale: AppLocale): CalendarDate | null {
  const trimmed = text.trim()
  const iso = calendarDateOf(trimmed)
  if (iso) return iso
  const tokens = trimmed.toLocaleLowerCase(locale).match(/\p{L}+|\d+/gu) ?? []
  const words = tokens.filter((token) => !/^\d+$/.test(token))
  const numbers = tokens.filter((token) => /^\d+$/.test(token)).map(Number)
  let date: CalendarDate | null = null
  if (words.length === 1 && numbers.length === 2) {
    const word = words[0]!
    const month = monthNamesOf(locale).findIndex((names) => names.includes(word))
    const [a, b] = numbers as [number, number]
    // The year is the number written with four digits; the other is the day, whichever order the locale uses.
    if (month >= 0 && a > 999 !== b > 999)
      date = { year: a > 999 ? a : b, month: month + 1, day: a > 999 ? b : a }
  } else if (words.length === 0 && numbers.length === 3) {
    const order = dateFormat(locale, { timeZone: 'UTC' })
      .formatToParts(Date.UTC(2000, 0, 1))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day')
    const value = (type: 'year' | 'month' | 'day') => numbers[order.indexOf(type)] ?? 0
    if (order.length === 3) date = { year: value('year'), month: value('month'), day: value('day') }
  }
  return date && date.year > 999 && isRealDate(date) ? date : null
}

/**
 * How long ago a past stamp ("updated 5 minutes ago", "last checked just now"). The stamps come from main's
 * clock, read after the page's ticking clock last moved: one a moment ahead is now, never "in 1 second".
 */
export function formatSince(iso: string, locale: AppLocale, now = Date.now()): string {
  const at = Date.parse(iso)
  return formatRelative(iso, locale, Number.isNaN(at) ? now : Math.max(now, at))
}

/** "in 5 minutes" or "5 minutes ago": a time either side of now. */
export function formatRelative(iso: string, locale: AppLocale, now = Date.now()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const diffSeconds = Math.round((date.getTime() - now) / 1000)
  const rtf = relativeFormat(locale)
  const abs = Math.abs(diffSeconds)
  if (abs < 60) return rtf.format(diffSeconds, 'second')
  if (abs < 3600) return rtf.format(Math.round(diffSeconds / 60), 'minute')
  if (abs < 86400) return rtf.format(Math.round(diffSeconds / 3600), 'hour')
  return rtf.format(Math.round(diffSeconds / 86400), 'day')
}
