import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { AppLocale } from '../i18n'
import { formatBytes, formatRate } from '../../common/format-bytes'
import * as format from '../lib/format'

/** The formatters of lib/format.ts and common/format-bytes.ts bound to the current UI language (re-render on a language switch). */
export function useFormat() {
  const { locale } = useI18n()
  const current = computed(() => locale.value as AppLocale)
  return {
    locale: current,
    bytes: (value: number) => formatBytes(value, current.value),
    rate: (value: number) => formatRate(value, current.value),
    number: (value: number) => format.formatNumber(value, current.value),
    percent: (value: number) => format.formatPercent(value, current.value),
    ratio: (value: number) => format.formatRatio(value, current.value),
    dayKey: (day: string) => format.formatDayKey(day, current.value),
    duration: (seconds: number) => format.formatDuration(seconds, current.value),
    date: (at: format.Instant, timeZone?: string) => format.formatDate(at, current.value, timeZone),
    time: (at: format.Instant, timeZone?: string) => format.formatTime(at, current.value, timeZone),
    dateTime: (at: format.Instant, timeZone?: string) => format.formatDateTime(at, current.value, timeZone),
    longDate: (at: format.Instant, timeZone?: string) => format.formatLongDate(at, current.value, timeZone),
    longDateTime: (at: format.Instant, timeZone?: string) =>
      format.formatLongDateTime(at, current.value, timeZone),
    weekday: (at: format.Instant, timeZone?: string) => format.formatWeekday(at, current.value, timeZone),
    month: (at: format.Instant, timeZone?: string) => format.formatMonth(at, current.value, timeZone),
    dateRange: (first: format.Instant, last: format.Instant, timeZone?: string) =>
      format.formatDateRange(first, last, current.value, timeZone),
    hour: (hour: number) => format.formatHour(hour, current.value),
    /** "5 minutes ago" for a past stamp; pass the ticking clock of use-now.ts so it moves on while shown. */
    since: (iso: string, now?: number) => format.formatSince(iso, current.value, now),
  }
}
