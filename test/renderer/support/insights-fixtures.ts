// An insights:view answer and its posts as main gives them, for the store and view tests: one account's
// period of `days` days with a post each day, the heat map of its whole history (the same whatever the period).
import type { HeatMap, PostRow } from '../../../common/insights'
import type { InsightsView } from '../../../common/insights-calls'

const DAY_MS = 86_400_000
export const INSIGHTS_NOW = Date.parse('2026-11-29T05:00:00.000Z')

export function heatOf(timeZone: string): HeatMap {
  return {
    timeZone,
    median: 10,
    posts: 60,
    cells: Array.from({ length: 7 * 24 }, (_, i) => ({
      weekday: Math.floor(i / 24),
      hour: i % 24,
      posts: i % 5,
      score: i % 5 === 0 ? null : (i % 7) / 3,
      thin: i % 5 < 3,
    })),
  }
}

export function insightsPosts(accountId: string, count: number): PostRow[] {
  return Array.from({ length: count }, (_, i) => ({
    contentId: `post-${i}`,
    accountId,
    network: 'instagram',
    type: 'image',
    publishedAt: INSIGHTS_NOW - i * DAY_MS,
    title: `Post ${i}`,
    figures: { like: 10 + i, comment: 2 },
    engagement: 12 + i,
    asOf: INSIGHTS_NOW,
  }))
}

export function insightsView(o: { accountId: string; since?: number; timeZone: string }): InsightsView {
  const days = Math.round((INSIGHTS_NOW - (o.since ?? INSIGHTS_NOW - 30 * DAY_MS)) / DAY_MS)
  return {
    accountId: o.accountId,
    network: 'instagram',
    timeZone: o.timeZone,
    since: o.since ?? null,
    until: null,
    totals: {
      posts: days,
      withFigures: days,
      engagement: days * 12,
      figures: { like: days * 10, comment: days * 2 },
      byType: { image: { posts: days, engagement: days * 12 } },
      followers: null,
    },
    asOf: INSIGHTS_NOW,
    accountAsOf: INSIGHTS_NOW,
    days: Array.from({ length: days }, (_, i) => ({
      day: new Date(INSIGHTS_NOW - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      posts: 1,
      engagement: 12,
    })),
    followers: [],
    columns: ['like', 'comment'],
    engagementMembers: ['like', 'comment'],
    heat: heatOf(o.timeZone),
    best: [{ weekday: 3, hour: 19, score: 2.1, posts: 4, at: INSIGHTS_NOW + DAY_MS }],
    freshness: { state: 'fresh', confirmedAt: new Date(INSIGHTS_NOW).toISOString() },
  }
}
