// The insights:* calls as a transport runs them (main/host/dispatch.ts: the contract's schema, then the
// handler) against the real sandbox over HTTP and a real database file: a refresh reads the account's published
// posts and their figures within its budget, the view draws them with the sandbox's best slot, and both the
// view and the composer's slots answer from the copy once the service is gone; a swap, even a failed one, has
// every view read the posts again.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PostRow } from '../../../common/insights'
import {
  GRID_PUBLISHED,
  MAX_POSTS_PAGE,
  type AccountBestSlots,
  type PostsPage,
  type AccountComparison,
  type PostAgainDraft,
  type InsightsRefreshOutcome,
  type InsightsView,
} from '../../../common/insights-calls'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { createInsightsHandlers, type InsightsHandlerDeps } from '../../../main/handlers/insights-handlers'
import type { Handlers } from '../../../main/handlers/types'
import { dispatchCall } from '../../../main/host/dispatch'
import type { RunningSandbox } from '../../../sandbox'
import { BEST_SLOT } from '../../../sandbox/figures'
import { publishedHistory, publishedPost, startHistorySandbox } from '../../support/insights-history'

const IG = '6f00000000000000000000c1'
const KEYS = { accessKey: 'calls', secretKey: 'calls-secret' }
const ZONE = 'Asia/Jakarta'
const NEWEST = { key: 'publishedAt', descending: true }

let sandbox: RunningSandbox
let database: AppDatabase
let client: ServiceClient
const now = Date.now()
let posts = 0
let stopped = false

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-insights-calls-'))
  const schedules = publishedHistory({ accountId: IG, now, prefix: 'calls' })
  posts = schedules.length
  sandbox = await startHistorySandbox({ dir: join(dir, 'sandbox'), keys: KEYS, accountId: IG, schedules })
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  client = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { maxRetries: 0 } })
})
afterAll(async () => {
  await client?.close()
  database?.close()
  if (!stopped) await sandbox?.close()
})

function calls(options: { budget?: number; identity?: string } = {}) {
  const deps = {
    active: () => ({ client }),
    database,
    replica: () => ({ identity: options.identity ?? 'profile-a' }),
    emit: () => undefined,
  } as unknown as InsightsHandlerDeps
  const handlers = createInsightsHandlers(deps, { now: () => now, runBudget: options.budget })
  return async <T>(name: string, request: unknown): Promise<T> => {
    const result = await dispatchCall(handlers as unknown as Handlers, name, request)
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`)
    return result.value as T
  }
}

describe('insights calls', () => {
  it('refuses a period that ends before it starts and a zone that does not exist, before any handler', async () => {
    const handlers = createInsightsHandlers({
      active: () => ({ client }),
      database,
      replica: () => ({ identity: 'x' }),
      emit: () => undefined,
    } as unknown as InsightsHandlerDeps)
    const bad = await dispatchCall(handlers as unknown as Handlers, 'insights:view', {
      accountId: IG,
      since: 10,
      until: 5,
      timeZone: ZONE,
    })
    expect(bad.ok).toBe(false)
    const zone = await dispatchCall(handlers as unknown as Handlers, 'insights:best-slots', {
      accountIds: [IG],
      timeZone: 'Mars/Olympus',
    })
    expect(zone.ok).toBe(false)
    if (!zone.ok) expect(zone.error.message).toMatch(/time zone/)
    const seen = { id: 'a1', scheduleAt: '2026-12-01T12:00:00.000Z' }
    const itself = await dispatchCall(handlers as unknown as Handlers, 'insights:swap', { a: seen, b: seen })
    expect(itself.ok).toBe(false)
    const noTime = await dispatchCall(handlers as unknown as Handlers, 'insights:swap', {
      a: seen,
      b: { id: 'b1', scheduleAt: 'soon' },
    })
    expect(noTime.ok).toBe(false)
  })

  it('refreshes within its budget round after round, then draws the sandbox figures and its best slot', async () => {
    const call = calls({ budget: 120 })
    const rounds: InsightsRefreshOutcome[] = []
    for (let i = 0; i < 10; i++) {
      const [outcome] = await call<InsightsRefreshOutcome[]>('insights:refresh', {
        accounts: [{ id: IG, network: 'instagram' }],
      })
      rounds.push(outcome!)
      if (!outcome!.budgetSpent) break
    }
    // 280 posts in pages of 10, each post's figures, the account's: more than two budgets of 120.
    expect(rounds.length).toBeGreaterThanOrEqual(3)
    expect(rounds.every((r) => r.requests <= 120 && r.error === undefined)).toBe(true)
    expect(rounds.at(-1)!.budgetSpent).toBe(false)

    const view = await call<InsightsView>('insights:view', { accountId: IG, timeZone: ZONE })
    expect(view.network).toBe('instagram')
    expect(view.totals.posts).toBe(posts)
    expect(view.totals.withFigures).toBe(posts)
    expect(view.totals.engagement).toBeGreaterThan(0)
    expect(view.asOf).toBe(now)
    expect(view.best[0]).toMatchObject({ weekday: BEST_SLOT.weekday, hour: BEST_SLOT.hour })

    const [slots] = await call<AccountBestSlots[]>('insights:best-slots', {
      accountIds: [IG],
      timeZone: ZONE,
    })
    expect(slots!.slots[0]).toMatchObject({ weekday: BEST_SLOT.weekday, hour: BEST_SLOT.hour })
    // Taken: the same slot is passed over, as the collision warning would flag it.
    const [busy] = await call<AccountBestSlots[]>('insights:best-slots', {
      accountIds: [IG],
      timeZone: ZONE,
      taken: [slots!.slots[0]!.at + 5 * 60_000],
    })
    expect(busy!.slots.map((s) => s.at)).not.toContain(slots!.slots[0]!.at)

    // The period as CSV: a row a post of the view, the header first.
    const csv = await call<{ filename: string; content: string }>('insights:export', { accountId: IG })
    expect(csv.filename).toMatch(/^insights-6f00000000000000000000c1-all-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.content.trim().split('\r\n')).toHaveLength(view.totals.posts + 1)

    // The grid's published posts: the latest GRID_PUBLISHED, newest first, from the same copy.
    const grid = await call<PostRow[]>('insights:grid', { accountId: IG })
    expect(grid).toHaveLength(GRID_PUBLISHED)
    const all = await call<PostsPage>('insights:posts', {
      accountId: IG,
      sort: NEWEST,
      limit: MAX_POSTS_PAGE,
    })
    expect(grid[0]!.publishedAt).toBe(Math.max(...all.rows.map((p) => p.publishedAt)))
    expect(grid.every((row, i) => i === 0 || row.publishedAt <= grid[i - 1]!.publishedAt)).toBe(true)

    // The account beside one never read, on one figure, each with its definition.
    const compared = await call<AccountComparison[]>('insights:compare', {
      accounts: [
        { id: IG, network: 'instagram' },
        { id: 'fb-never', network: 'facebook' },
      ],
    })
    expect(compared[0]).toMatchObject({ accountId: IG, posts, engagement: view.totals.engagement })
    expect(compared[1]).toMatchObject({ accountId: 'fb-never', posts: 0, perPost: null })
    expect(compared[1]!.engagementMembers).toEqual(['like', 'comment', 'share'])

    // Post again: the newest post's content, from the service.
    const again = await call<PostAgainDraft>('insights:post-again', {
      accountId: IG,
      contentId: grid[0]!.contentId,
    })
    expect(again).toMatchObject({ accountId: IG, partial: false })
    expect(again.description).toBe(grid[0]!.title)

    // Another service or key (another replica identity) sees none of it.
    const other = await calls({ identity: 'profile-b' })<InsightsView>('insights:view', {
      accountId: IG,
      timeZone: ZONE,
    })
    expect(other.totals.posts).toBe(0)
  })

  it('answers a period without its rows, and the table a page of them in the order asked with how many there are', async () => {
    const call = calls()
    const view = await call<InsightsView>('insights:view', { accountId: IG, timeZone: ZONE })
    // A year is 2,000 rows: the figures the chart draws travel without them.
    expect(view).not.toHaveProperty('posts')
    expect(view.totals.posts).toBe(posts)
    expect(view.columns.length).toBeGreaterThan(0)

    const all = await call<PostsPage>('insights:posts', {
      accountId: IG,
      sort: NEWEST,
      limit: MAX_POSTS_PAGE,
    })
    expect(all.total).toBe(posts)
    expect(all.rows).toHaveLength(posts)
    const byEngagement = { key: 'engagement', descending: true }
    const top = await call<PostsPage>('insights:posts', { accountId: IG, sort: byEngagement, limit: 10 })
    expect(top).toMatchObject({ total: posts, sort: byEngagement })
    expect(top.rows.map((r) => r.engagement)).toEqual(
      all.rows
        .map((r) => r.engagement!)
        .sort((a, b) => b - a)
        .slice(0, 10),
    )
    const oldest = await call<PostsPage>('insights:posts', {
      accountId: IG,
      sort: { key: 'publishedAt', descending: false },
      limit: 1,
    })
    expect(oldest.rows[0]!.publishedAt).toBe(Math.min(...all.rows.map((r) => r.publishedAt)))
    // Within a period: its posts only, counted.
    const since = now - 30 * 86_400_000
    const month = await call<PostsPage>('insights:posts', { accountId: IG, since, sort: NEWEST, limit: 5 })
    expect(month.total).toBe(all.rows.filter((r) => r.publishedAt >= since).length)
    expect(month.rows.every((r) => r.publishedAt >= since)).toBe(true)
    // A key that names no figure (an object's own property included) sorts nothing away and throws nothing.
    const odd = await call<PostsPage>('insights:posts', {
      accountId: IG,
      sort: { key: '__proto__', descending: true },
      limit: 3,
    })
    expect(odd.rows.map((r) => r.contentId)).toEqual(all.rows.slice(0, 3).map((r) => r.contentId))

    const raw = (request: unknown) =>
      dispatchCall(
        createInsightsHandlers({
          active: () => ({ client }),
          database,
          replica: () => ({ identity: 'profile-a' }),
          emit: () => undefined,
        } as unknown as InsightsHandlerDeps) as unknown as Handlers,
        'insights:posts',
        request,
      )
    for (const bad of [
      { accountId: IG, sort: NEWEST, limit: 0 },
      { accountId: IG, sort: NEWEST, limit: MAX_POSTS_PAGE + 1 },
      { accountId: IG, sort: { key: '', descending: true }, limit: 5 },
      { accountId: IG, sort: NEWEST, limit: 5, since: 10, until: 5 },
    ])
      expect((await raw(bad)).ok).toBe(false)
  })

  it('has every view read the posts again after a swap that failed, not only after one that worked', async () => {
    const at = (days: number) => now + days * 86_400_000
    const ids = ['swapfail1a'.padEnd(24, '0'), 'swapfail1b'.padEnd(24, '0')] as const
    await sandbox.insertRecords(KEYS.accessKey, {
      schedules: ids.map((id, i) => ({ ...publishedPost(id, IG, at(i + 1)), status: 'pending' })),
    })
    const [a, b] = await Promise.all(ids.map((id) => client.getSchedule(id)))
    const emitted: unknown[][] = []
    const handlers = createInsightsHandlers({
      active: () => ({ client }),
      database,
      replica: () => ({ identity: 'profile-a' }),
      emit: (...args: unknown[]) => void emitted.push(args),
    } as unknown as InsightsHandlerDeps)
    sandbox.setFaults({ scheduleUpdateFailIds: [b!._id] })
    const seen = (s: typeof a) => ({ id: s!._id, scheduleAt: s!.scheduleAt, updatedAt: s!.updatedAt })
    const failed = await dispatchCall(handlers as unknown as Handlers, 'insights:swap', {
      a: seen(a),
      b: seen(b),
    })
    sandbox.setFaults({})
    expect(failed.ok).toBe(false)
    expect(emitted).toContainEqual(['schedules:changed', { posts: [], removed: [], reload: true }])
  })

  it('says the figures are checking while a run reads them, fresh as of that read after it, stale once the service could not be reached', async () => {
    const events: unknown[] = []
    // The service held until the test lets it answer: the run is under way meanwhile.
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    let reachable: ServiceClient = client
    const held = new Proxy({} as ServiceClient, {
      get(_target, key) {
        const value: unknown = Reflect.get(reachable, key)
        if (typeof value !== 'function') return value
        return async (...args: unknown[]) => {
          await gate
          return (value as (...a: unknown[]) => unknown).apply(reachable, args)
        }
      },
    })
    const deps = {
      active: () => ({ client: held }),
      database,
      // The copy the test above read whole.
      replica: () => ({ identity: 'profile-a' }),
      emit: (name: string, payload: unknown) => events.push([name, payload]),
    } as unknown as InsightsHandlerDeps
    const handlers = createInsightsHandlers(deps, { now: () => now, runBudget: 5 })
    const call = async <T>(name: string, request: unknown): Promise<T> => {
      const result = await dispatchCall(handlers as unknown as Handlers, name, request)
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`)
      return result.value as T
    }
    const view = () => call<InsightsView>('insights:view', { accountId: IG, timeZone: ZONE })
    const asOfOf = (v: InsightsView) => new Date(v.asOf ?? v.accountAsOf!).toISOString()
    const first = await view()
    expect(first.freshness).toEqual({ state: 'fresh', confirmedAt: asOfOf(first) })

    const refreshing = call('insights:refresh', { accounts: [{ id: IG, network: 'instagram' }] })
    await vi.waitFor(() => expect(events).toContainEqual(['insights:changed', { checking: [IG] }]))
    expect((await view()).freshness).toEqual({ state: 'checking', confirmedAt: asOfOf(first) })
    open()
    await refreshing
    const read = await view()
    const asOf = asOfOf(read)
    expect(read.freshness).toEqual({ state: 'fresh', confirmedAt: asOf })
    // The run's end is said too, whatever it read: the page leaves "checking".
    expect(events.at(-1)).toEqual(['insights:changed', { checking: [IG] }])

    const gone = createServiceClient({ baseUrl: 'http://127.0.0.1:9', ...KEYS, retry: { maxRetries: 0 } })
    reachable = gone
    try {
      await call('insights:refresh', { accounts: [{ id: IG, network: 'instagram' }] })
      expect((await view()).freshness).toEqual({ state: 'stale', confirmedAt: asOf })
    } finally {
      await gone.close()
    }
  })

  it('says the service is unreachable and still answers the view from the copy', async () => {
    const call = calls()
    await sandbox.close()
    stopped = true
    const [outcome] = await call<InsightsRefreshOutcome[]>('insights:refresh', {
      accounts: [{ id: IG, network: 'instagram' }],
    })
    expect(outcome!.error?.kind).toMatch(/network|offline|timeout/)
    const view = await call<InsightsView>('insights:view', { accountId: IG, timeZone: ZONE })
    expect(view.totals.posts).toBe(posts)
    expect(view.best[0]).toMatchObject({ weekday: BEST_SLOT.weekday, hour: BEST_SLOT.hour })
  })
})
