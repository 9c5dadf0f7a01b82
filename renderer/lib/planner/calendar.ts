// Calendar arithmetic in the person's time zone, DST included. Every day boundary and wall-clock time is
// computed with @date-fns/tz (a TZDate does date-fns maths in its zone), never with the machine's offset, so
// a month view stays right on the day the clocks change and for a zone other than the system's.
import { TZDate, tz } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns'
import type { PlannerViewSetting } from '../../../common/app-state'
import type { DraftStatus } from '../../../common/drafts'
import type { ScheduleStatus } from '../../../common/service'

/** The month and week grids, and the list of the days ahead (LIST_DAYS from the anchor's day). */
export type PlannerView = PlannerViewSetting

/** How many days the list view shows at once: four weeks ahead, as far as a manager usually plans. */
export const LIST_DAYS = 28
export type EntryStatus = DraftStatus | ScheduleStatus

/** Monday first, as in Indonesia and ISO 8601. */
export const WEEK_STARTS_ON = 1

/** What the month and week grids both draw from. */
export interface CalendarGridProps {
  days: CalendarDay[]
  byDay: Map<string, CalendarEntry[]>
  timeZone: string
  accountNames: Map<string, string>
}

export interface CalendarDay {
  /** yyyy-MM-dd in the zone: the day's identity in maps and test ids. */
  key: string
  /** The day's first instant in the zone. */
  start: Date
  dayOfMonth: number
  inPeriod: boolean
  isToday: boolean
}

/** What a campaign's card shows beside a post's: its accounts and its posts' statuses summed. */
export interface CampaignCard {
  /** The card's accounts (those going out at its time), in the campaign's order. */
  accountIds: string[]
  /** The entries of the card's posts, each as a single post would show. */
  posts: CalendarEntry[]
  /** Every post of the campaign found in the period, at any of its times: what opening the card edits. */
  all: CalendarEntry[]
  /** Set when the campaign's posts go out at several times: which of them this card is, from 1. */
  part?: { index: number; of: number }
}

export interface CalendarEntry {
  /** Unique across sources: `post:<scheduleId>`, `draft:<draftId>` or `campaign:<campaignId>`. */
  key: string
  source: 'service' | 'local' | 'campaign'
  id: string
  status: EntryStatus
  /** UTC ISO instant. */
  at: string
  title: string
  /** The post's text, for the list view's search. */
  text: string
  accountId: string
  /** Drafts, queued posts and the service's pending posts can be dragged to another day or time. */
  movable: boolean
  /** A queued post whose time passed before it could be sent (offline): it goes out late, when the service is back. */
  late?: boolean
  /** A post of the service put back in its queue by a retry, with its old time: when it was retried. */
  retriedAt?: string
  /** Set on a campaign's card (source `campaign`). */
  campaign?: CampaignCard
}

const ENTRY_FIELDS = [
  'key',
  'source',
  'id',
  'status',
  'at',
  'title',
  'text',
  'accountId',
  'movable',
  'retriedAt',
  'late',
] as const satisfies ReadonlyArray<keyof CalendarEntry>

/** Whether two entries show the same: a chip given an equal entry need not be drawn again. */
export function sameEntry(a: CalendarEntry, b: CalendarEntry): boolean {
  if (ENTRY_FIELDS.some((field) => a[field] !== b[field])) return false
  if (!a.campaign || !b.campaign) return a.campaign === b.campaign
  const [x, y] = [a.campaign, b.campaign]
  return (
    x.accountIds.length === y.accountIds.length &&
    x.accountIds.every((id, i) => id === y.accountIds[i]) &&
    x.part?.index === y.part?.index &&
    x.part?.of === y.part?.of &&
    x.all.length === y.all.length &&
    x.all.every((post, i) => sameEntry(post, y.all[i]!))
  )
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

// One Intl formatter per zone, reused: building a formatter is the expensive part, and a month of 500 posts
// asks for 500 day keys on every render. Parts, not the formatted string, so no locale's order can leak in.
const dayFormatters = new Map<string, Intl.DateTimeFormat>()
const hourFormatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  zone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let formatter = cache.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })
    cache.set(zone, formatter)
  }
  return formatter
}

export function dayKey(instant: Date | string | number, zone: string): string {
  const parts = formatterFor(dayFormatters, zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`
}

/** The days a view shows: six whole weeks for a month (a stable grid), seven days for a week. */
export function periodDays(
  view: PlannerView,
  anchor: Date,
  zone: string,
  now: Date = new Date(),
): CalendarDay[] {
  const ctx = { in: tz(zone) }
  const today = dayKey(now, zone)
  const anchorMonth = format(new TZDate(anchor.getTime(), zone), 'yyyy-MM')
  const first =
    view === 'month'
      ? startOfWeek(startOfMonth(anchor, ctx), { ...ctx, weekStartsOn: WEEK_STARTS_ON })
      : view === 'week'
        ? startOfWeek(anchor, { ...ctx, weekStartsOn: WEEK_STARTS_ON })
        : startOfDay(anchor, ctx)
  const count = view === 'month' ? 42 : view === 'week' ? 7 : LIST_DAYS
  const days: CalendarDay[] = []
  for (let i = 0; i < count; i++) {
    // addDays on a TZDate keeps local midnight across a DST change (a day may last 23 or 25 hours).
    const start = addDays(first, i, ctx)
    const key = format(start, 'yyyy-MM-dd')
    days.push({
      key,
      start: new Date(start.getTime()),
      dayOfMonth: start.getDate(),
      inPeriod: view !== 'month' || key.startsWith(anchorMonth),
      isToday: key === today,
    })
  }
  return days
}

/** The UTC range a view covers, for `schedules:list`: from the first day's start to the day after the last. */
export function periodRange(view: PlannerView, anchor: Date, zone: string): { from: string; to: string } {
  const days = periodDays(view, anchor, zone)
  const last = days[days.length - 1]!
  const end = addDays(new TZDate(last.start.getTime(), zone), 1, { in: tz(zone) })
  return { from: days[0]!.start.toISOString(), to: new Date(end.getTime() - 1).toISOString() }
}

/**
 * Where the next view starts when the person switches views: at the first day of the period shown (a week's
 * Monday, a month's 1st, the list's first day), or today when today is in it. Week -> List lists that week,
 * and a month ahead stays ahead, instead of every switch leaving the anchor where the month's step put it.
 */
export function switchedAnchor(view: PlannerView, anchor: Date, zone: string, now: Date = new Date()): Date {
  const shown = periodDays(view, anchor, zone, now).filter((day) => day.inPeriod)
  return shown.some((day) => day.isToday) ? now : shown[0]!.start
}

export function shiftAnchor(view: PlannerView, anchor: Date, step: number, zone: string): Date {
  const ctx = { in: tz(zone) }
  const next =
    view === 'month'
      ? addMonths(anchor, step, ctx)
      : view === 'week'
        ? addWeeks(anchor, step, ctx)
        : addDays(anchor, step * LIST_DAYS, ctx)
  return new Date(next.getTime())
}

/** Groups entries by the zone's day, each day sorted by time: one pass, so 500 posts cost 500 formats. */
export function bucketByDay(entries: readonly CalendarEntry[], zone: string): Map<string, CalendarEntry[]> {
  const buckets = new Map<string, CalendarEntry[]>()
  for (const entry of [...entries].sort((a, b) => a.at.localeCompare(b.at))) {
    const key = dayKey(entry.at, zone)
    const list = buckets.get(key)
    if (list) list.push(entry)
    else buckets.set(key, [entry])
  }
  return buckets
}

/** The hour (0–23) of an instant on the zone's clock. */
export function hourOf(instant: string, zone: string): number {
  const formatter = formatterFor(hourFormatters, zone, { hour: '2-digit', hourCycle: 'h23' })
  return Number(formatter.formatToParts(new Date(instant)).find((p) => p.type === 'hour')?.value ?? 0)
}

export interface LocalTime {
  /** yyyy-MM-dd */
  date: string
  /** HH:mm */
  time: string
}

export function toLocalTime(instant: string, zone: string): LocalTime {
  const d = new TZDate(Date.parse(instant), zone)
  return { date: format(d, 'yyyy-MM-dd'), time: format(d, 'HH:mm') }
}

export interface ResolvedLocalTime {
  /** The UTC instant to send. */
  iso: string
  /** Set when the wall-clock time does not exist that day (the hour skipped when clocks go forward). */
  shiftedTo?: LocalTime
}

/**
 * A wall-clock date and time in the zone as a UTC instant. A time inside the spring-forward gap (02:30 on a
 * day the clocks jump from 02:00 to 03:00) does not exist; it resolves to the same moment an hour later on the
 * wall clock (03:30), and `shiftedTo` says so, so the composer can tell the person instead of guessing quietly.
 * A time that happens twice (the autumn fall-back hour) resolves to its first occurrence.
 */
export function fromLocalTime({ date, time }: LocalTime, zone: string): ResolvedLocalTime | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return null
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const [hour, minute] = [Number(t[1]), Number(t[2])]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  const resolved = new TZDate(year, month - 1, day, hour, minute, zone)
  if (Number.isNaN(resolved.getTime())) return null
  const back = toLocalTime(resolved.toISOString(), zone)
  const iso = new Date(resolved.getTime()).toISOString()
  if (back.date === date && back.time === time) return { iso }
  // The clock reads the same but on another day: the date itself was impossible (30 February).
  if (back.time === time) return null
  return { iso, shiftedTo: back }
}

/** The same wall-clock time on another day (a drag in the month view), DST-safe. */
export function moveToDay(instant: string, targetDay: string, zone: string): ResolvedLocalTime | null {
  return fromLocalTime({ date: targetDay, time: toLocalTime(instant, zone).time }, zone)
}

/**
 * Another day and hour. A drop on the week's 14:00 row means 14:00, so the minutes start at 00; the keyboard's
 * hour-by-hour nudge keeps them (`keepMinutes`), as each press moves the same post by exactly an hour.
 */
export function moveToSlot(
  instant: string,
  targetDay: string,
  hour: number,
  zone: string,
  keepMinutes = false,
): ResolvedLocalTime | null {
  const minutes = keepMinutes ? toLocalTime(instant, zone).time.slice(3) : '00'
  return fromLocalTime({ date: targetDay, time: `${String(hour).padStart(2, '0')}:${minutes}` }, zone)
}

/** The calendar day `days` after a yyyy-MM-dd key (before, when negative): date arithmetic, no zone. */
export function addDaysToKey(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number]
  const next = new Date(0)
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
  next.setUTCFullYear(year, month - 1, day + days)
  return next.toISOString().slice(0, 10)
}

export type NudgeKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'
export const NUDGE_KEYS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']

/**
 * Where Alt+arrow takes a post, the keyboard's drag: left/right a day in both views; up/down a week in the
 * month view (the row above or below) and an hour in the week view (the slot above or below, into the
 * previous or next day past midnight). The hour is that of the zone's clock, as the week view shows it.
 */
export function nudgeTarget(
  view: PlannerView,
  instant: string,
  key: NudgeKey,
  zone: string,
): { day: string; hour?: number } {
  const day = dayKey(instant, zone)
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowLeft' ? -1 : 1
    return view === 'month'
      ? { day: addDaysToKey(day, step) }
      : { day: addDaysToKey(day, step), hour: hourOf(instant, zone) }
  }
  const step = key === 'ArrowUp' ? -1 : 1
  if (view === 'month') return { day: addDaysToKey(day, 7 * step) }
  const hour = hourOf(instant, zone) + step
  if (hour < 0) return { day: addDaysToKey(day, -1), hour: 23 }
  if (hour > 23) return { day: addDaysToKey(day, 1), hour: 0 }
  return { day, hour }
}

/** "GMT+07:00"-style offset of the zone at an instant (it changes with DST). */
export function zoneOffsetLabel(zone: string, at: Date = new Date()): string {
  return format(new TZDate(at.getTime(), zone), "'GMT'xxx")
}

/**
 * The hour the week view opens at: the earliest hour of day any of its posts goes out, so no post of the week
 * sits above the fold; in the current week the current hour too, when it is earlier, so "now" is in sight.
 * A week with neither opens at the start of a working day.
 */
export function openingHour(
  days: readonly CalendarDay[],
  byDay: ReadonlyMap<string, readonly CalendarEntry[]>,
  zone: string,
  now: Date = new Date(),
): number {
  const hours = days.flatMap((day) => (byDay.get(day.key) ?? []).map((entry) => hourOf(entry.at, zone)))
  if (days.some((day) => day.isToday)) hours.push(hourOf(now.toISOString(), zone))
  return hours.length ? Math.min(...hours) : WORKDAY_START_HOUR
}

/** Where the week view opens when the week has no post and is not the current one. */
export const WORKDAY_START_HOUR = 8
