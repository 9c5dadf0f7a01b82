// What the insights view is given, from a real SQLite copy: the period's days on the person's clock (each once,
// across a daylight-saving change), the follower counts within the period, the posts newest first, and the best
// slot of a seeded pattern in the person's zone; accounts side by side on one figure, each with its definition.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { openInsightsStore, type InsightsStore } from '../../../../main/core/insights/insights-store'
import { postRows } from '../../../../main/core/insights/insights-report'
import {
  accountsBestSlots,
  compareAccounts,
  insightsView,
  localDay,
  periodDays,
} from '../../../../main/core/insights/insights-view'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ACCOUNT = 'ig1'
/** A Saturday, 03:00 in Jakarta. */
const NOW = Date.parse('2026-07-18T03:00:00+07:00')

const open: AppDatabase[] = []
afterEach(() => {
  for (const database of open.splice(0)) database.close()
})

function openStore(): InsightsStore {
  const database = openDatabase({
    file: join(mkdtempSync(join(tmpdir(), 'mediadeck-view-')), 'mediadeck.db'),
  })
  open.push(database)
  return openInsightsStore(database)
}

/** Posts at Jakarta hours 12, 18, 19 and 20 of every day for ten weeks; Wednesday 19:00 does twice as well. */
function seed(store: InsightsStore) {
  const posts: Array<{ contentId: string; publishedAt: number; like: number }> = []
  const lastMidnight = Date.parse('2026-07-17T00:00:00+07:00')
  for (let d = 1; d <= 70; d++) {
    const midnight = lastMidnight - d * DAY
    const weekday = new Date(midnight + 7 * HOUR).getUTCDay()
    for (const hour of [12, 18, 19, 20]) {
      const best = weekday === 3 && hour === 19
      posts.push({ contentId: `p${d}-${hour}`, publishedAt: midnight + hour * HOUR, like: best ? 200 : 100 })
    }
  }
  store.savePosts(
    'scope',
    ACCOUNT,
    'instagram',
    posts.map((p) => ({
      contentId: p.contentId,
      type: 'image',
      publishedAt: p.publishedAt,
      title: p.contentId,
    })),
    NOW,
  )
  store.saveFigures(
    'scope',
    ACCOUNT,
    posts.map((p) => ({ contentId: p.contentId, figures: { like: p.like, comment: 1, reach: 900 } })),
    NOW,
  )
  store.saveFollowers(
    'scope',
    ACCOUNT,
    [
      { day: '2026-06-01', followers: 900 },
      { day: '2026-07-10', followers: 1000 },
      { day: '2026-07-17', followers: 1040 },
    ],
    NOW,
  )
  return posts
}

describe('periodDays', () => {
  it('counts each day of the person once across a daylight-saving change, with its posts', () => {
    // New York leaves daylight time on 1 November 2026: that Sunday has 25 hours.
    const zone = 'America/New_York'
    const since = Date.parse('2026-10-30T00:00:00-04:00')
    const until = Date.parse('2026-11-03T00:00:00-05:00')
    const rows = [
      { publishedAt: Date.parse('2026-11-01T23:30:00-05:00'), engagement: 5 },
      { publishedAt: Date.parse('2026-11-01T01:30:00-05:00'), engagement: 2 },
    ].map((r, i) => ({
      ...r,
      contentId: `c${i}`,
      accountId: 'a',
      network: 'x',
      type: 'text',
      title: '',
      figures: {},
      asOf: null,
    }))
    const days = periodDays(rows, zone, { since, until }, until)
    expect(days.map((d) => d.day)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'])
    expect(days[2]).toEqual({ day: '2026-11-01', posts: 2, engagement: 7 })
  })

  it('names a day by the clock of the zone, not of UTC', () => {
    expect(localDay(Date.parse('2026-07-15T20:00:00Z'), 'Asia/Jakarta')).toBe('2026-07-16')
    expect(localDay(Date.parse('2026-07-15T20:00:00Z'), 'UTC')).toBe('2026-07-15')
  })
})

describe('insightsView', () => {
  it("gives the period's totals, days, followers and columns (its rows are a page of their own), and the best slot from the whole history", () => {
    const store = openStore()
    const posts = seed(store)
    const since = NOW - 7 * DAY
    const view = insightsView(store, 'scope', ACCOUNT, { since, timeZone: 'Asia/Jakarta', now: NOW })

    const inPeriod = posts.filter((p) => p.publishedAt >= since)
    expect(view.totals.posts).toBe(inPeriod.length)
    expect(view.totals.engagement).toBe(inPeriod.reduce((n, p) => n + p.like + 1, 0))
    expect(view).not.toHaveProperty('posts')
    expect(postRows(store, 'scope', ACCOUNT, { since }).map((p) => p.publishedAt)).toEqual(
      inPeriod.map((p) => p.publishedAt).sort((a, b) => b - a),
    )
    expect(view.columns).toEqual(['like', 'comment', 'share', 'reach', 'saved', 'views', 'interaction'])
    expect(view.engagementMembers).toEqual(['like', 'comment', 'share', 'saved'])
    expect(view.days).toHaveLength(8)
    expect(view.days.reduce((n, d) => n + d.posts, 0)).toBe(inPeriod.length)
    // The follower counts kept within the period, and the change from the day before it.
    expect(view.followers).toEqual([{ day: '2026-07-17', followers: 1040 }])
    expect(view.totals.followers).toEqual({ start: 1000, end: 1040, change: 40 })
    expect(view.asOf).toBe(NOW)

    // The heat map is the whole history's: ten Wednesdays at 19:00 did twice as well.
    expect(view.heat.posts).toBe(posts.length)
    expect(view.best[0]).toMatchObject({ weekday: 3, hour: 19, posts: 10 })
    expect(new Date(view.best[0]!.at).toISOString()).toBe('2026-07-22T12:00:00.000Z')
  })

  it('offers each account its best slots, passing over a time already taken, and none for an unknown one', () => {
    const store = openStore()
    seed(store)
    const wednesday = Date.parse('2026-07-22T19:00:00+07:00')
    const [known, unknown] = accountsBestSlots(store, 'scope', [ACCOUNT, 'nobody'], {
      timeZone: 'Asia/Jakarta',
      now: NOW,
      taken: [wednesday + 10 * 60_000],
      gapMs: 30 * 60_000,
    })
    expect(known!.posts).toBe(280)
    // Wednesday 19:00 is taken this week and the week after is beyond the seven days offered.
    expect(known!.slots).toEqual([])
    const [free] = accountsBestSlots(store, 'scope', [ACCOUNT], { timeZone: 'Asia/Jakarta', now: NOW })
    expect(free!.slots.map((s) => s.at)).toEqual([wednesday])
    expect(unknown).toEqual({ accountId: 'nobody', posts: 0, slots: [] })
  })

  it("keeps another profile's copy apart: a scope sees only its own figures", () => {
    const store = openStore()
    seed(store)
    const view = insightsView(store, 'another', ACCOUNT, { timeZone: 'Asia/Jakarta', now: NOW })
    expect(view.totals.posts).toBe(0)
    expect(view.best).toEqual([])
  })
})

describe('compareAccounts', () => {
  it("puts accounts side by side over one period on engagement per post, each with its network's definition", () => {
    const store = openStore()
    const posts = seed(store)
    // A second account, a TikTok one, with two posts in the week: one with figures, one not read yet.
    store.savePosts(
      'scope',
      'tt1',
      'tiktok',
      [
        { contentId: 't1', type: 'video', publishedAt: NOW - 2 * DAY, title: 't1' },
        { contentId: 't2', type: 'video', publishedAt: NOW - DAY, title: 't2' },
      ],
      NOW,
    )
    store.saveFigures(
      'scope',
      'tt1',
      [{ contentId: 't1', figures: { like: 40, favourite: 10, views: 999 } }],
      NOW,
    )
    const week = { since: NOW - 7 * DAY, until: NOW }
    const [ig, tt, never] = compareAccounts(
      store,
      'scope',
      [
        { id: ACCOUNT, network: 'instagram' },
        { id: 'tt1', network: 'tiktok' },
        { id: 'fb1', network: 'facebook' },
      ],
      week,
    )
    const inWeek = posts.filter((p) => p.publishedAt >= week.since && p.publishedAt < week.until)
    const engagement = inWeek.reduce((sum, p) => sum + p.like + 1, 0)
    expect(ig).toMatchObject({ accountId: ACCOUNT, network: 'instagram', posts: inWeek.length })
    expect(ig!.engagement).toBe(engagement)
    expect(ig!.perPost).toBeCloseTo(engagement / inWeek.length)
    expect(ig!.engagementMembers).toEqual(['like', 'comment', 'share', 'saved'])
    // Views are not engagement; a post without figures counts as a post, not in the figure per post.
    expect(tt).toMatchObject({ posts: 2, withFigures: 1, engagement: 50, perPost: 50 })
    expect(tt!.engagementMembers).toEqual(['like', 'comment', 'share', 'favourite'])
    // An account never read is shown, with nothing to compare yet, on its own network's definition.
    expect(never).toMatchObject({ posts: 0, perPost: null, asOf: null, network: 'facebook' })
    expect(never!.engagementMembers).toEqual(['like', 'comment', 'share'])
  })
})
