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
    duration: (seconds: number) => format.formatDuration(seconds, current.value),
    date: (iso: string) => format.formatDate(iso, current.value),
    dateTime: (iso: string) => format.formatDateTime(iso, current.value),
    relative: (iso: string) => format.formatRelative(iso, current.value),
  }
}
