// The insights' refresh as a task of the profile's background scheduler, against the real sandbox over HTTP
// and a real SQLite copy, on a clock the test steps: a first refresh of ten weeks reads within the profile's
// budget a minute at a time, announcing each run, until nothing is left; then a run every quarter of an hour
// reads only what may have changed. Nothing is read before Insights asks for an account; once asked, the account
// is followed across a restart, per profile copy.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import {
  createInsightsFollow,
  FOLLOW_EVERY_MS,
  FOLLOW_RESUME_MS,
  RUN_BUDGET,
} from '../../../../main/core/insights/insights-follow'
import { openInsightsStore } from '../../../../main/core/insights/insights-store'
import { createServiceClient, type ServiceClient } from '../../../../main/core/service-client'
import { createBackground } from '../../../../main/host/background'
import { silentLogger } from '../../../../main/host/logging'
import type { RunningSandbox } from '../../../../sandbox'
import { publishedHistory, startHistorySandbox } from '../../../support/insights-history'
import { manualClock } from '../../../support/manual-clock'

const MIN = 60_000
const IG = '6f00000000000000000000d1'
const KEYS = { accessKey: 'follow', secretKey: 'follow-secret' }
const START = Date.now()

let sandbox: RunningSandbox
let database: AppDatabase
let client: ServiceClient
let requests = 0

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-insights-follow-'))
  sandbox = await startHistorySandbox({
    dir: join(dir, 'sandbox'),
    keys: KEYS,
    accountId: IG,
    schedules: publishedHistory({ accountId: IG, now: START, prefix: 'follow' }),
  })
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  const real = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { maxRetries: 0 } })
  // Every request the profile's client makes, counted where it leaves.
  client = new Proxy(real, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function' || key === 'close') return value
      return (...args: unknown[]) => {
        requests += 1
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args) as unknown
      }
    },
  })
})
afterAll(async () => {
  await client?.close()
  database?.close()
  await sandbox?.close()
})

describe('insights follow', () => {
  it('reads a first history within the budget a minute at a time, then only what changed every quarter hour', async () => {
    const time = manualClock(0)
    const background = createBackground({ clock: time.clock, log: silentLogger, limit: RUN_BUDGET })
    await background.attach({ profileId: 'p', client })
    const changes: Array<{ accountIds: string[]; more: boolean }> = []
    let heard: (() => void) | undefined
    const follow = createInsightsFollow({
      store: openInsightsStore(database),
      scope: () => 'scope',
      now: () => START + time.now(),
      background,
      direct: () => client,
      onChanged: (change) => {
        changes.push(change)
        heard?.()
      },
    })
    const nextChange = () => new Promise<void>((resolve) => (heard = resolve))

    // Registered, but nothing is followed yet: no request.
    await time.advance(FOLLOW_EVERY_MS)
    expect(requests).toBe(0)

    const [first] = await follow.refresh('p', [{ id: IG, network: 'instagram' }])
    expect(first).toMatchObject({ accountId: IG, requests: RUN_BUDGET, budgetSpent: true })
    expect(changes).toEqual([{ accountIds: [IG], more: true }])

    // The next runs come at once, each waiting for the minute's budget: never more than RUN_BUDGET a minute.
    const perMinute: number[] = [requests]
    while (changes.at(-1)!.more) {
      const before = requests
      const heardNext = nextChange()
      await time.advance(MIN)
      await heardNext
      perMinute.push(requests - before)
    }
    expect(Math.max(...perMinute)).toBeLessThanOrEqual(RUN_BUDGET)
    // 280 posts listed 10 a page, each post's figures and the account's own, every one read once; each later
    // run looks at the list's first page for new posts.
    expect(requests).toBe(28 + 280 + 1 + (perMinute.length - 1))
    const store = openInsightsStore(database)
    expect(store.posts('scope', IG).every((p) => p.status === 'ok')).toBe(true)

    // A quarter of an hour on: the first page of the list (every post known) and nothing else is due.
    const before = requests
    const quarter = nextChange()
    await time.advance(FOLLOW_EVERY_MS)
    await quarter
    expect(requests - before).toBe(1)
    expect(changes.at(-1)).toEqual({ accountIds: [IG], more: false })

    follow.stop()
    await background.close()
    expect(time.pending()).toBe(0)
  })

  it('reads a history of more list pages than one run may make, walking on from where the last run stopped', async () => {
    // 280 posts are 28 pages; a run of 20 requests could never walk them to the end if each began again.
    const follow = createInsightsFollow({
      store: openInsightsStore(database),
      scope: () => 'scope-w',
      now: () => START,
      direct: () => client,
      onChanged: () => undefined,
      runBudget: 20,
    })
    const before = requests
    let runs = 0
    for (let more = true; more && runs < 60; runs++) {
      const [outcome] = await follow.refresh('w', [{ id: IG, network: 'instagram' }])
      expect(outcome!.error).toBeUndefined()
      expect(outcome!.requests).toBeLessThanOrEqual(20)
      more = outcome!.budgetSpent
    }
    const posts = openInsightsStore(database).posts('scope-w', IG)
    expect(posts).toHaveLength(280)
    expect(posts.every((p) => p.status === 'ok')).toBe(true)
    // Each page listed once and each post read once, the account once, and one look at the first page for new
    // posts in each run after the walk.
    expect(requests - before).toBeLessThanOrEqual(28 + 280 + 1 + runs)
    follow.stop()
  })

  it("walks on from where the last run stopped even when a post's figures keep failing", async () => {
    // One post whose figures always answer 500 (a post removed from its network): its run reports the failure,
    // and the list is still walked to its end over the runs, not from its first page again each time.
    let failing: string | undefined
    const flaky = new Proxy(client, {
      get(target, key, receiver) {
        if (key !== 'contentStatistic') return Reflect.get(target, key, receiver) as unknown
        return async (contentId: string, accountId: string) => {
          failing ??= contentId
          if (contentId === failing)
            throw new AppError({ kind: 'server', status: 500, message: 'statistic unavailable' })
          return target.contentStatistic(contentId, accountId)
        }
      },
    })
    const follow = createInsightsFollow({
      store: openInsightsStore(database),
      scope: () => 'scope-f',
      now: () => START,
      direct: () => flaky,
      onChanged: () => undefined,
      runBudget: 20,
    })
    for (let runs = 0; runs < 40; runs++) await follow.refresh('f', [{ id: IG, network: 'instagram' }])
    const posts = openInsightsStore(database).posts('scope-f', IG)
    expect(posts).toHaveLength(280)
    expect(posts.filter((p) => p.status !== 'ok').map((p) => p.contentId)).toEqual([failing])
    follow.stop()
  })

  it('answers every followed account as unreachable when the service is, not with an older outcome', async () => {
    const time = manualClock(0)
    const background = createBackground({ clock: time.clock, log: silentLogger, limit: 10_000 })
    let dead = false
    const flaky = new Proxy(client, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver)
        if (typeof value !== 'function' || key === 'close') return value
        return (...args: unknown[]) =>
          dead
            ? Promise.reject(new AppError({ kind: 'network', message: 'connect ECONNREFUSED' }))
            : (Reflect.apply(value as (...a: unknown[]) => unknown, target, args) as unknown)
      },
    })
    await background.attach({ profileId: 'q', client: flaky })
    const follow = createInsightsFollow({
      store: openInsightsStore(database),
      scope: () => 'scope-q',
      now: () => START + time.now(),
      background,
      direct: () => flaky,
      onChanged: () => undefined,
      runBudget: 1_000,
    })
    // An account the service does not know is followed first: its 404 does not stop the others.
    const [unknown] = await follow.refresh('q', [{ id: '6f00000000000000000000ff', network: 'instagram' }])
    expect(unknown!.error?.kind).toBe('not-found')
    const [read] = await follow.refresh('q', [{ id: IG, network: 'instagram' }])
    expect(read!.error).toBeUndefined()

    dead = true
    const [gone] = await follow.refresh('q', [{ id: IG, network: 'instagram' }])
    expect(gone).toMatchObject({ accountId: IG, requests: 0, error: { kind: 'network' } })
    follow.stop()
    await background.close()
  })

  it('follows the accounts asked for across a restart, without Insights being opened again, per profile copy', async () => {
    const store = openInsightsStore(database)
    const start = async (scope: string) => {
      const time = manualClock(0)
      const background = createBackground({ clock: time.clock, log: silentLogger, limit: 10_000 })
      await background.attach({ profileId: scope, client })
      const changes: string[][] = []
      const follow = createInsightsFollow({
        store,
        scope: () => scope,
        now: () => START + time.now(),
        background,
        direct: () => client,
        onChanged: (change) => void changes.push(change.accountIds),
        runBudget: 1_000,
      })
      return { time, background, follow, changes }
    }
    // The first run of the app: the account is opened in Insights, then the app quits.
    const before = await start('scope-r')
    await before.follow.refresh('scope-r', [{ id: IG, network: 'instagram' }])
    before.follow.stop()
    await before.background.close()

    // The next start: nobody opens Insights, and the account is read again once the start's reads are done.
    const after = await start('scope-r')
    const counted = requests
    await after.time.advance(FOLLOW_RESUME_MS)
    await expect.poll(() => after.changes.length).toBe(1)
    expect(after.changes[0]).toEqual([IG])
    expect(requests).toBeGreaterThan(counted)
    after.follow.stop()
    await after.background.close()

    // Another profile's copy follows nothing of it.
    expect(store.followed('scope-r')).toEqual([{ id: IG, network: 'instagram' }])
    expect(store.followed('scope-other')).toEqual([])
  })
})
