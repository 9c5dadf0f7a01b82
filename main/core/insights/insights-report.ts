// What the insights show, drawn from the local copy alone (insights-store.ts), so the CLI and the views answer
// the same offline as online: an account's period, its posts with their figures, and its best times.
import { engagementOf, figureColumns, type PostRow } from '../../../common/insights'
import { bestSlots, heatMap, type BestSlot, type HeatMap } from './heat-map'
import type { InsightsStore, StoredAccount, StoredPost } from './insights-store'
import { periodTotals, type FollowerSnapshot, type PeriodTotals } from './period'

export type { PostRow }

export interface Range {
  /** Inclusive, milliseconds since the epoch. */
  since?: number
  /** Exclusive. */
  until?: number
}

export interface AccountReport extends PeriodTotals {
  accountId: string
  network: string
  /** The oldest read among the figures summed (the period is as of then), or null when none was read. */
  asOf: number | null
  /** The account's figures as the service last gave them (totals as they stood then). */
  account: StoredAccount | null
}

function oldestRead(posts: readonly StoredPost[]): number | null {
  let oldest: number | null = null
  for (const p of posts)
    if (p.fetchedAt !== null && (oldest === null || p.fetchedAt < oldest)) oldest = p.fetchedAt
  return oldest
}

export function accountReport(
  store: InsightsStore,
  scope: string,
  accountId: string,
  range: Range,
): AccountReport {
  return reportOf(
    accountId,
    store.account(scope, accountId),
    store.posts(scope, accountId, range),
    store.followers(scope, accountId),
    range,
  )
}

/** accountReport over posts already read (the range's, oldest first): the view reads an account once. */
export function reportOf(
  accountId: string,
  account: StoredAccount | null,
  posts: readonly StoredPost[],
  followers: readonly FollowerSnapshot[],
  range: Range,
): AccountReport {
  const totals = periodTotals(
    posts.map((p) => ({ publishedAt: p.publishedAt, type: p.type, network: p.network, figures: p.figures })),
    followers,
    range.since,
    range.until,
  )
  return {
    accountId,
    network: account?.network ?? posts[0]?.network ?? '',
    asOf: oldestRead(posts),
    account,
    ...totals,
  }
}

/** The posts of a whole history (oldest first) published in the range. */
export function inRange(posts: readonly StoredPost[], range: Range): StoredPost[] {
  const since = range.since ?? -Infinity
  const until = range.until ?? Infinity
  return posts.filter((p) => p.publishedAt >= since && p.publishedAt < until)
}

export function postRows(store: InsightsStore, scope: string, accountId: string, range: Range): PostRow[] {
  return rowsOf(store.posts(scope, accountId, range))
}

/** postRows over posts already read (oldest first): newest first, each with its engagement. */
export function rowsOf(posts: readonly StoredPost[]): PostRow[] {
  return [...posts].reverse().map((p) => ({
    contentId: p.contentId,
    accountId: p.accountId,
    network: p.network,
    type: p.type,
    publishedAt: p.publishedAt,
    title: p.title,
    ...(p.url === undefined ? {} : { url: p.url }),
    ...(p.thumbnail === undefined ? {} : { thumbnail: p.thumbnail }),
    figures: p.figures,
    engagement: p.figures ? engagementOf(p.network, p.figures) : null,
    asOf: p.fetchedAt,
  }))
}

/** The figure columns for these rows: their networks' members in the service's order, then any others. */
export function rowColumns(rows: readonly PostRow[]): string[] {
  const networks = [...new Set(rows.map((r) => r.network))]
  return figureColumns(
    networks,
    rows.flatMap((r) => (r.figures ? [r.figures] : [])),
  )
}

export interface BestTimes {
  map: HeatMap
  slots: BestSlot[]
}

export function bestTimes(
  store: InsightsStore,
  scope: string,
  accountId: string,
  o: BestTimesOptions,
): BestTimes {
  return bestOf(store.posts(scope, accountId), o)
}

export interface BestTimesOptions {
  now: number
  timeZone: string
  taken?: readonly number[]
  gapMs?: number
}

/** bestTimes over an account's whole history already read. */
export function bestOf(history: readonly StoredPost[], o: BestTimesOptions): BestTimes {
  const scored = history.flatMap((p) =>
    p.figures ? [{ publishedAt: p.publishedAt, engagement: engagementOf(p.network, p.figures) }] : [],
  )
  const map = heatMap(scored, o.timeZone)
  return { map, slots: bestSlots(map, { now: o.now, taken: o.taken, gapMs: o.gapMs }) }
}
