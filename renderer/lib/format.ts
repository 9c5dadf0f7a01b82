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

export function formatDate(iso: string, locale: AppLocale): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return dateFormat(locale, { dateStyle: 'medium' }).format(date)
}

export function formatDateTime(iso: string, locale: AppLocale): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** "5 minutes ago" style, for "last updated" stamps. */
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
