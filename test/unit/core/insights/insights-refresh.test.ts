// The refresh reads only what may have changed: a year of 2,000 posts on a real SQLite copy, a source that
// answers from a list and counts every request, and a clock stepped by hand.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountFigures, PostFigures } from '../../../../common/insights'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import {
  figuresDue,
  OLD_EVERY_MS,
  refreshAccountInsights,
  type InsightsSource,
} from '../../../../main/core/insights/insights-refresh'
import { openInsightsStore, type InsightsStore } from '../../../../main/core/insights/insights-store'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = Date.parse('2026-07-15T03:00:00Z')
const PAGE = 25

const open: AppDatabase[] = []
afterEach(() => {
  for (const database of open.splice(0)) database.close()
})

function openStore(): InsightsStore {
  const database = openDatabase({
    file: join(mkdtempSync(join(tmpdir(), 'mediadeck-refresh-')), 'mediadeck.db'),
  })
  open.push(database)
  return openInsightsStore(database)
}

/** A service holding `count` posts, one every `spacing` ms back from T0, newest first in pages of 25. */
function service(count: number, spacing: number) {
  const posts = Array.from({ length: count }, (_, i) => ({
    contentId: `c${i}`,
    publishedAt: T0 - 2 * HOUR - i * spacing,
  }))
  const calls = { list: 0, post: [] as string[], account: 0 }
  let failOn: string | null = null
  const source: InsightsSource = {
    async listContent(_accountId, nextToken) {
      calls.list += 1
      const from = nextToken === undefined ? 0 : Number(nextToken)
      const docs = posts.slice(from, from + PAGE).map((p) => ({ ...p, type: 'image', title: p.contentId }))
      return from + PAGE < posts.length ? { docs, nextToken: String(from + PAGE) } : { docs }
    },
    async contentStatistic(contentId): Promise<PostFigures | null> {
      calls.post.push(contentId)
      if (contentId === failOn) throw new Error('the network went away')
      return { like: Number(contentId.slice(1)) }
    },
    async accountStatistic(): Promise<AccountFigures | null> {
      calls.account += 1
      return { totals: {}, followers: 500 + calls.account, dailyViews: [], dailyFollowers: [] }
    },
  }
  return { posts, calls, source, failOn: (id: string | null) => void (failOn = id) }
}

const reset = (calls: ReturnType<typeof service>['calls']) => {
  calls.list = 0
  calls.post = []
  calls.account = 0
}

describe('refreshAccountInsights', () => {
  it('reads a year once, then only the last week hourly and the rest once a day, list pages counted', async () => {
    const store = openStore()
    // 2,000 posts over a year: about 38 in the last 7 days.
    const svc = service(2000, (365 * DAY) / 2000)
    let now = T0
    const run = () =>
      refreshAccountInsights({
        store,
        source: svc.source,
        scope: 'p1',
        account: { id: 'a1', network: 'instagram' },
        now: () => now,
      })

    const first = await run()
    expect(first.requests).toEqual({ listPages: 80, posts: 2000, account: 1 })
    expect(store.posts('p1', 'a1')).toHaveLength(2000)
    expect(store.posts('p1', 'a1').every((p) => p.status === 'ok')).toBe(true)
    const recent = svc.posts.filter((p) => T0 - p.publishedAt < 7 * DAY).length

    // An hour later: one list page (it holds known posts), the last week's posts, the account.
    now = T0 + HOUR
    reset(svc.calls)
    const hourly = await run()
    expect(hourly.requests).toEqual({ listPages: 1, posts: recent, account: 1 })
    expect(svc.calls.post.every((id) => T0 - svc.posts[Number(id.slice(1))]!.publishedAt < 7 * DAY)).toBe(
      true,
    )

    // Half an hour later: nothing is due but the first list page.
    now = T0 + 90 * 60_000
    reset(svc.calls)
    expect((await run()).requests).toEqual({ listPages: 1, posts: 0, account: 0 })

    // A day later: the whole list again, and every post whose time is up: the last week's, and the old ones
    // last read a day ago; not the ones that turned 7 days old since they were read an hour after T0.
    now = T0 + DAY
    reset(svc.calls)
    const turnedOld = svc.posts.filter((p) => T0 - p.publishedAt < 7 * DAY && now - p.publishedAt >= 7 * DAY)
    expect(turnedOld.length).toBeGreaterThan(0)
    expect((await run()).requests).toEqual({ listPages: 80, posts: 2000 - turnedOld.length, account: 1 })
    expect(svc.calls.post).not.toContain(turnedOld[0]!.contentId)

    // Over a whole day, hour by hour: no post older than 7 days is read more than once.
    reset(svc.calls)
    const reads = new Map<string, number>()
    for (let h = 1; h <= 24; h++) {
      now = T0 + DAY + h * HOUR
      await run()
    }
    for (const id of svc.calls.post) reads.set(id, (reads.get(id) ?? 0) + 1)
    for (const [id, n] of reads) {
      const age = now - svc.posts[Number(id.slice(1))]!.publishedAt
      if (age > 8 * DAY) expect(n, id).toBeLessThanOrEqual(1)
    }
    // 23 hourly runs of one page each, and the daily walk of 80 pages at hour 24.
    expect(svc.calls.list).toBe(23 + 80)
  })

  it('keeps a daily follower count from the account figures', async () => {
    const store = openStore()
    const svc = service(3, DAY)
    let now = T0
    const run = () =>
      refreshAccountInsights({
        store,
        source: svc.source,
        scope: 'p1',
        account: { id: 'a1', network: 'threads' },
        now: () => now,
      })
    await run()
    now = T0 + DAY
    await run()
    expect(store.followers('p1', 'a1')).toEqual([
      { day: '2026-07-15', followers: 501 },
      { day: '2026-07-16', followers: 502 },
    ])
  })

  it('stops at its request budget, and the next refresh carries on where it stopped', async () => {
    const store = openStore()
    const svc = service(100, HOUR)
    const run = (maxRequests: number) =>
      refreshAccountInsights({
        store,
        source: svc.source,
        scope: 'p1',
        account: { id: 'a1', network: 'instagram' },
        now: () => T0,
        maxRequests,
      })
    const first = await run(10)
    expect(first.budgetSpent).toBe(true)
    expect(first.requests.listPages + first.requests.posts + first.requests.account).toBeLessThanOrEqual(10)
    // The list was not walked to its end: it is walked again, and the posts not read yet are read.
    const second = await run(1000)
    expect(second.budgetSpent).toBe(false)
    expect(store.posts('p1', 'a1').filter((p) => p.status === 'unread')).toEqual([])
    expect(new Set(svc.calls.post).size).toBe(100)
  })

  it('walks a list longer than its budget on from where the last refresh stopped, reading figures as it goes', async () => {
    const store = openStore()
    // 2,000 posts are 80 pages: more than a whole budget of 60.
    const svc = service(2000, 4 * HOUR)
    let walkFrom: string | undefined
    let runs = 0
    for (let more = true; more && runs < 100; runs++) {
      const result = await refreshAccountInsights({
        store,
        source: svc.source,
        scope: 'p1',
        account: { id: 'a1', network: 'instagram' },
        now: () => T0,
        maxRequests: 60,
        ...(walkFrom === undefined ? {} : { walkFrom }),
      })
      // The first run already reads the newest posts' figures, not only pages of the list.
      if (runs === 0) expect(result.requests.posts).toBeGreaterThan(0)
      walkFrom = result.walkFrom
      more = result.budgetSpent
    }
    expect(svc.calls.list).toBeLessThanOrEqual(80 + runs)
    expect(store.posts('p1', 'a1')).toHaveLength(2000)
    expect(store.posts('p1', 'a1').filter((p) => p.status !== 'ok')).toEqual([])
    expect(new Set(svc.calls.post).size).toBe(2000)
  })

  it("keeps what it read when one post's read fails, and says what failed", async () => {
    const store = openStore()
    const svc = service(30, HOUR)
    svc.failOn('c3')
    const result = await refreshAccountInsights({
      store,
      source: svc.source,
      scope: 'p1',
      account: { id: 'a1', network: 'instagram' },
      now: () => T0,
    })
    expect(String(result.error)).toContain('the network went away')
    const posts = store.posts('p1', 'a1')
    expect(posts.filter((p) => p.status === 'ok')).toHaveLength(29)
    expect(posts.find((p) => p.contentId === 'c3')!.status).toBe('unread')
  })
})

describe('figuresDue', () => {
  it('reads a post with none yet again after an hour, whatever its age', () => {
    const old = T0 - 30 * DAY
    expect(figuresDue({ publishedAt: old, status: 'none', fetchedAt: T0 }, T0 + HOUR)).toBe(true)
    expect(figuresDue({ publishedAt: old, status: 'ok', fetchedAt: T0 }, T0 + HOUR)).toBe(false)
    expect(figuresDue({ publishedAt: old, status: 'ok', fetchedAt: T0 }, T0 + OLD_EVERY_MS)).toBe(true)
  })
})
