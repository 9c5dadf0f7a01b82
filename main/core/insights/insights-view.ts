// What the insights view draws for one account (common/insights-calls.ts InsightsFigures), from the copy alone:
// the period's totals, its days on the person's clock (the growth chart), the follower counts kept, its posts'
// figure columns (their rows are a page of their own, posts-page.ts), and the heat map with the best slots
// from the account's whole history.
import { engagementMembers, type PostRow } from '../../../common/insights'
import type {
  AccountBestSlots,
  AccountComparison,
  InsightsDay,
  InsightsFigures,
} from '../../../common/insights-calls'
import {
  accountReport,
  bestOf,
  bestTimes,
  inRange,
  reportOf,
  rowColumns,
  rowsOf,
  type Range,
} from './insights-report'
import type { InsightsStore } from './insights-store'

const HOUR_MS = 3_600_000
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** YYYY-MM-DD of an instant on the clock of `timeZone`. */
export function localDay(at: number, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(at)
}

/**
 * Every day of [since, until) on the zone's clock, each with what its posts did. Without a start the days
 * begin at the first post; without an end, at the last post or now, whichever is later.
 */
export function periodDays(
  rows: readonly PostRow[],
  timeZone: string,
  range: Range,
  now: number,
): InsightsDay[] {
  const times = rows.map((r) => r.publishedAt)
  const since = range.since ?? (times.length ? Math.min(...times) : now)
  const until = range.until ?? Math.max(now, ...times) + 1
  const byDay = new Map<string, InsightsDay>()
  // Stepping by half days, not days: every day has at least 23 hours (a daylight-saving change), so none is
  // skipped, and one met twice is counted once.
  for (let t = since; t < until; t += 12 * HOUR_MS) {
    const day = localDay(t, timeZone)
    if (!byDay.has(day)) byDay.set(day, { day, posts: 0, engagement: 0 })
  }
  const last = localDay(until - 1, timeZone)
  if (!byDay.has(last)) byDay.set(last, { day: last, posts: 0, engagement: 0 })
  for (const row of rows) {
    const entry = byDay.get(localDay(row.publishedAt, timeZone))
    if (!entry) continue
    entry.posts += 1
    entry.engagement += row.engagement ?? 0
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day))
}

export interface ViewOptions extends Range {
  timeZone: string
  now: number
  /** Times the account already posts at: a best slot within `gapMs` of one is passed over. */
  taken?: readonly number[]
  gapMs?: number
}

export function insightsView(
  store: InsightsStore,
  scope: string,
  accountId: string,
  o: ViewOptions,
): InsightsFigures {
  const range: Range = {
    ...(o.since === undefined ? {} : { since: o.since }),
    ...(o.until === undefined ? {} : { until: o.until }),
  }
  // The account's history read once: the heat map wants all of it, the period its part.
  const history = store.posts(scope, accountId)
  const inPeriod = inRange(history, range)
  const snapshots = store.followers(scope, accountId)
  const report = reportOf(accountId, store.account(scope, accountId), inPeriod, snapshots, range)
  const posts = rowsOf(inPeriod)
  const { map, slots } = bestOf(history, o)
  const sinceDay = o.since === undefined ? '' : localDay(o.since, o.timeZone)
  const untilDay = o.until === undefined ? '\uffff' : localDay(o.until - 1, o.timeZone)
  const { posts: postCount, withFigures, engagement, figures, byType, followers } = report
  return {
    accountId,
    network: report.network,
    timeZone: o.timeZone,
    since: o.since ?? null,
    until: o.until ?? null,
    totals: { posts: postCount, withFigures, engagement, figures, byType, followers },
    asOf: report.asOf,
    accountAsOf: report.account?.fetchedAt ?? null,
    days: periodDays(posts, o.timeZone, range, o.now),
    followers: snapshots
      .filter((f) => f.day >= sinceDay && f.day <= untilDay)
      .map((f) => ({ day: f.day, followers: f.followers })),
    columns: rowColumns(posts),
    engagementMembers: [...engagementMembers(report.network)],
    heat: map,
    best: slots,
  }
}

/** Each account's best slots of the coming week, for the composer. */
export function accountsBestSlots(
  store: InsightsStore,
  scope: string,
  accountIds: readonly string[],
  o: { timeZone: string; now: number; taken?: readonly number[]; gapMs?: number },
): AccountBestSlots[] {
  return accountIds.map((accountId) => {
    const { map, slots } = bestTimes(store, scope, accountId, o)
    return { accountId, posts: map.posts, slots }
  })
}

/**
 * Accounts side by side over one period, on the one engagement figure (docs/insights.md): each account's
 * posts, their engagement in all and per post, its follower change, and what engagement counts on its network.
 * An account never read shows no posts rather than being left out, so the person sees it has no figures yet.
 */
export function compareAccounts(
  store: InsightsStore,
  scope: string,
  accounts: ReadonlyArray<{ id: string; network: string }>,
  range: Range,
): AccountComparison[] {
  return accounts.map(({ id, network }) => {
    const r = accountReport(store, scope, id, range)
    const on = r.network || network
    return {
      accountId: id,
      network: on,
      posts: r.posts,
      withFigures: r.withFigures,
      engagement: r.engagement,
      perPost: r.withFigures ? r.engagement / r.withFigures : null,
      followers: r.followers,
      engagementMembers: [...engagementMembers(on)],
      asOf: r.asOf,
    }
  })
}
