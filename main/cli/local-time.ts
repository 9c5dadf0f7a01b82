// Times as the CLI's human output shows them: in the person's zone (TZ, else the system's), with the zone named,
// so "09:00" is never read as another zone's. `--json` keeps the service's ISO 8601 instead.
import { TZDate } from '@date-fns/tz'

/** The person's time zone: TZ when the runtime knows it, else the system's (as Node itself falls back). */
export function localTimeZone(env: NodeJS.ProcessEnv): string {
  const zone = env.TZ?.trim()
  if (zone) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
    } catch {
      // An unknown TZ: the system's zone.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** `2026-12-05 09:00 GMT+7`: the wall-clock time in `zone` and the zone's short name; the text when unreadable. */
export function localTimeWithZone(iso: string, zone: string): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return iso
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`
}

/**
 * A day given as YYYY-MM-DD as the instants that bound it in `zone`: its first millisecond and its last, so
 * `--to 2026-12-05` includes the whole 5th as the person's calendar has it. Any other text is left as it came.
 */
export function dayBounds(text: string, zone: string): { start: string; end: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const start = new TZDate(year, month, day, zone)
  const next = new TZDate(year, month, day + 1, zone)
  return { start: new Date(start.getTime()).toISOString(), end: new Date(next.getTime() - 1).toISOString() }
}
