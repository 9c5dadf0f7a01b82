// When an account's posts do best: a day × hour map from its own history, and the best slots of the coming
// week. Each post's engagement is divided by the account's median, so a cell reads "posts here do 1.4× as well
// as this account's usual post" whatever the account's size, and one viral post cannot hide in a sum. A cell
// shows how many posts stand behind it; with fewer than MIN_POSTS_PER_SLOT it is marked thin and never offered
// as a best slot: two lucky posts are not a pattern.
//
// Days and hours are the person's (an IANA time zone, injected), since that is the clock they plan by.

import { MIN_POSTS_PER_SLOT, type BestSlot, type HeatCell, type HeatMap } from '../../../common/insights'

export { MIN_POSTS_PER_SLOT, type BestSlot, type HeatCell, type HeatMap }

const HOUR_MS = 3_600_000
const WEEK_HOURS = 7 * 24

export interface ScoredPost {
  /** Milliseconds since the epoch. */
  publishedAt: number
  engagement: number
}

export interface LocalSlot {
  weekday: number
  hour: number
  minute: number
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }
const formatters = new Map<string, Intl.DateTimeFormat>()

/** The weekday, hour and minute of an instant on the clock of `timeZone`. */
export function localSlot(at: number, timeZone: string): LocalSlot {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, format)
  }
  let weekday = 0
  let hour = 0
  let minute = 0
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 0
    else if (part.type === 'hour') hour = Number(part.value) % 24
    else if (part.type === 'minute') minute = Number(part.value)
  }
  return { weekday, hour, minute }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function heatMap(posts: readonly ScoredPost[], timeZone: string): HeatMap {
  const mid = median(posts.map((p) => p.engagement))
  // An account whose usual post gets nothing still has posts that got something: score those against 1.
  const unit = mid > 0 ? mid : 1
  const sums = new Array<number>(WEEK_HOURS).fill(0)
  const counts = new Array<number>(WEEK_HOURS).fill(0)
  for (const post of posts) {
    const slot = localSlot(post.publishedAt, timeZone)
    const i = slot.weekday * 24 + slot.hour
    sums[i]! += post.engagement / unit
    counts[i]! += 1
  }
  const cells: HeatCell[] = counts.map((n, i) => ({
    weekday: Math.floor(i / 24),
    hour: i % 24,
    posts: n,
    score: n === 0 ? null : sums[i]! / n,
    thin: n < MIN_POSTS_PER_SLOT,
  }))
  return { timeZone, median: mid, posts: posts.length, cells }
}

export interface BestSlotOptions {
  now: number
  /** How many to offer (3). */
  count?: number
  /** Times the account already posts at (its scheduled posts): a slot within `gapMs` of one is skipped. */
  taken?: readonly number[]
  gapMs?: number
}

/**
 * The best slots of the coming seven days: trusted cells (enough posts) that did better than the account's
 * usual post, best first, each at its next start after `now` that does not land on a post already there.
 */
export function bestSlots(map: HeatMap, o: BestSlotOptions): BestSlot[] {
  const count = o.count ?? 3
  const gap = o.gapMs ?? 0
  const trusted = map.cells
    .filter((c): c is HeatCell & { score: number } => !c.thin && c.score !== null && c.score > 1)
    .sort((a, b) => b.score - a.score || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)
  if (trusted.length === 0) return []
  // Each hour start of the coming week, on the person's clock (half-hour zones start at :30 UTC).
  const starts = new Map<number, number[]>()
  const first = Math.ceil(o.now / HOUR_MS) * HOUR_MS
  for (let h = 0; h <= WEEK_HOURS; h++) {
    const t = first + h * HOUR_MS
    const local = localSlot(t, map.timeZone)
    const start = t - local.minute * 60_000
    if (start <= o.now || start > o.now + WEEK_HOURS * HOUR_MS) continue
    const key = local.weekday * 24 + local.hour
    const list = starts.get(key) ?? []
    if (!list.includes(start)) list.push(start)
    starts.set(key, list)
  }
  const out: BestSlot[] = []
  for (const cell of trusted) {
    const at = (starts.get(cell.weekday * 24 + cell.hour) ?? []).find(
      (t) => !(o.taken ?? []).some((busy) => Math.abs(busy - t) < gap),
    )
    if (at === undefined) continue
    out.push({ weekday: cell.weekday, hour: cell.hour, score: cell.score, posts: cell.posts, at })
    if (out.length === count) break
  }
  return out
}
