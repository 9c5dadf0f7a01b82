// A period's account figures: the sum of the figures of the posts published in it, and the follower change
// from the daily snapshots.
import { describe, expect, it } from 'vitest'
import {
  followerChange,
  inPeriod,
  periodTotals,
  type PeriodPost,
} from '../../../../main/core/insights/period'

const at = (iso: string) => Date.parse(iso)

const posts: PeriodPost[] = [
  {
    publishedAt: at('2026-06-30T23:59:59Z'),
    type: 'image',
    network: 'instagram',
    figures: { like: 100, saved: 1 },
  },
  {
    publishedAt: at('2026-07-01T00:00:00Z'),
    type: 'image',
    network: 'instagram',
    figures: { like: 10, saved: 2, views: 50 },
  },
  {
    publishedAt: at('2026-07-10T12:00:00Z'),
    type: 'video',
    network: 'instagram',
    figures: { like: 20, comment: 4, views: 300 },
  },
  { publishedAt: at('2026-07-20T12:00:00Z'), type: 'video', network: 'instagram', figures: null },
  { publishedAt: at('2026-08-01T00:00:00Z'), type: 'text', network: 'instagram', figures: { like: 1000 } },
]

describe('periodTotals', () => {
  it('sums the figures of the posts published in [since, until), with the posts that have none counted apart', () => {
    const july = periodTotals(posts, [], at('2026-07-01T00:00:00Z'), at('2026-08-01T00:00:00Z'))
    expect(july.posts).toBe(3)
    expect(july.withFigures).toBe(2)
    expect(july.figures).toEqual({ like: 30, saved: 2, views: 350, comment: 4 })
    // Instagram's engagement: like + comment + share + saved.
    expect(july.engagement).toBe(36)
    expect(july.byType).toEqual({ image: { posts: 1, engagement: 12 }, video: { posts: 2, engagement: 24 } })
    expect(july.followers).toBeNull()
  })

  it('takes everything when the period is open at either end', () => {
    expect(periodTotals(posts, [], undefined, undefined).posts).toBe(5)
    expect(inPeriod(5, undefined, 5)).toBe(false)
    expect(inPeriod(5, 5, undefined)).toBe(true)
  })
})

describe('followerChange', () => {
  const snapshots = [
    { day: '2026-06-28', followers: 900 },
    { day: '2026-06-30', followers: 1000 },
    { day: '2026-07-05', followers: 1040 },
    { day: '2026-07-31', followers: 1100 },
    { day: '2026-08-02', followers: 1200 },
  ]

  it('counts from the day before the period to its last known day', () => {
    expect(followerChange(snapshots, at('2026-07-01T00:00:00Z'), at('2026-08-01T00:00:00Z'))).toEqual({
      start: 1000,
      end: 1100,
      change: 100,
    })
  })

  it('starts at the first known day when nothing is known before, and is null when nothing is inside', () => {
    expect(
      followerChange(snapshots.slice(2), at('2026-07-01T00:00:00Z'), at('2026-08-01T00:00:00Z')),
    ).toEqual({
      start: 1040,
      end: 1100,
      change: 60,
    })
    expect(followerChange(snapshots, at('2026-07-10T00:00:00Z'), at('2026-07-20T00:00:00Z'))).toBeNull()
  })
})
