// A period's figures for an account. The service gives an account's totals only as they stand now, so a
// period's are the sum of the figures of the posts published in it (each as last read), and its follower
// change comes from the daily snapshots the app keeps (insights-store.ts): the count on the period's last
// known day minus the count on the day before it began, or its first known day.
import { engagementOf, type PeriodTotals, type PostFigures } from '../../../common/insights'

export type { PeriodTotals }

export interface PeriodPost {
  publishedAt: number
  type: string
  network: string
  /** Null when the service has none yet (404) or they were never read. */
  figures: PostFigures | null
}

export interface FollowerSnapshot {
  /** YYYY-MM-DD (UTC). */
  day: string
  followers: number
}

/** Whether `at` falls in [since, until): until is exclusive, so consecutive periods never count a post twice. */
export function inPeriod(at: number, since: number | undefined, until: number | undefined): boolean {
  return (since === undefined || at >= since) && (until === undefined || at < until)
}

export function followerChange(
  snapshots: readonly FollowerSnapshot[],
  since: number | undefined,
  until: number | undefined,
): PeriodTotals['followers'] {
  const sorted = [...snapshots].sort((a, b) => a.day.localeCompare(b.day))
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`)
  // The count at the end of the day before the period began, else the first count inside it.
  const before = since === undefined ? [] : sorted.filter((s) => dayStart(s.day) < since)
  const inside = sorted.filter((s) => inPeriod(dayStart(s.day), since, until))
  const start = before.at(-1) ?? inside[0]
  const end = inside.at(-1)
  if (!start || !end) return null
  return { start: start.followers, end: end.followers, change: end.followers - start.followers }
}

export function periodTotals(
  posts: readonly PeriodPost[],
  snapshots: readonly FollowerSnapshot[],
  since: number | undefined,
  until: number | undefined,
): PeriodTotals {
  const totals: PeriodTotals = {
    posts: 0,
    withFigures: 0,
    engagement: 0,
    figures: {},
    byType: {},
    followers: followerChange(snapshots, since, until),
  }
  for (const post of posts) {
    if (!inPeriod(post.publishedAt, since, until)) continue
    totals.posts += 1
    const type = (totals.byType[post.type] ??= { posts: 0, engagement: 0 })
    type.posts += 1
    if (!post.figures) continue
    totals.withFigures += 1
    const engagement = engagementOf(post.network, post.figures)
    totals.engagement += engagement
    type.engagement += engagement
    for (const [key, value] of Object.entries(post.figures)) {
      totals.figures[key] = (totals.figures[key] ?? 0) + value
    }
  }
  return totals
}
