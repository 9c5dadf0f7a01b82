// Every list renders from the replica at once, then refreshes: the accounts, the planner's period, the
// automations, the stored files and the storage figure, against the fake window.mediadeck with a replica copy
// (replica:peek) and the wall clock set by fake timers. A refresh that lands replaces the copy in place (the
// list is never emptied on the way); one that fails leaves the copy, marked stale as of when it was fetched.
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watch } from 'vue'
import type { Schedule } from '../../../common/service'
import { useAccountsStore } from '../../../renderer/stores/accounts'
import { useAutomationsStore, DEFAULT_AUTOMATIONS_QUERY } from '../../../renderer/stores/automations'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { useStorageStore } from '../../../renderer/stores/storage'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import {
  ACCOUNT_FIXTURES,
  NOW,
  makeAutomation,
  makeSchedule,
  makeStoredFile,
  paginate,
} from '../support/fixtures'

/** When the replica's copies were fetched: the morning before NOW. */
const SEEN = '2026-11-20T02:14:00.000Z'
const OFFLINE = { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:4010' } as const
const REFUSED = { kind: 'unauthorized', message: 'bad keys', status: 401 } as const

function post(id: string, at: string, title: string): Schedule {
  return makeSchedule(0, { _id: id, id, title, description: title, scheduleAt: at })
}

const copy = <T>(value: T) => ({
  value,
  stale: false,
  fetchedAt: SEEN,
  freshness: { state: 'checking' as const, confirmedAt: SEEN },
})

let fake: FakeMediadeck

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(NOW))
  const remembered = ACCOUNT_FIXTURES.slice(0, 2).map((account) => ({
    ...account,
    name: `${account.name} (seen)`,
  }))
  fake = installFakeMediadeck(
    createFakeMediadeck({
      replica: {
        accounts: copy(remembered),
        storage: copy({
          file: { total: 7, success: 7, pending: 0 },
          usage: { total: 5 * 1024 ** 3, used: 1024 ** 3, free: 4 * 1024 ** 3 },
        }),
        files: copy(paginate([makeStoredFile(90), makeStoredFile(91)], 1, 20)),
        automations: copy(paginate([makeAutomation(90, ACCOUNT_FIXTURES[0])], 1, 20)),
      },
    }),
  )
  setActivePinia(createPinia())
})

afterEach(() => vi.useRealTimers())

describe('accounts', () => {
  it('shows the replica at once, then the service’s list in its place', async () => {
    const store = useAccountsStore()
    const release = fake.hold('accounts:list')
    const loading = store.load()
    await flushPromises()
    expect(store.accounts.map((a) => a.name)).toEqual(
      ACCOUNT_FIXTURES.slice(0, 2).map((a) => `${a.name} (seen)`),
    )
    expect(store.stale).toBe(false)
    expect(store.loading).toBe(true)

    release()
    await loading
    expect(store.accounts).toHaveLength(ACCOUNT_FIXTURES.length)
    expect(store.accounts[0]!.name).toBe(ACCOUNT_FIXTURES[0]!.name)
    expect(store.stale).toBe(false)
    expect(store.fetchedAt).toBe(NOW)
  })

  it('offline from a cold start: the copy stays, stale as of when it was fetched, with no error to show', async () => {
    fake.fail('accounts:list', OFFLINE)
    const store = useAccountsStore()
    await store.load()
    expect(store.accounts).toHaveLength(2)
    expect(store.stale).toBe(true)
    expect(store.fetchedAt).toBe(SEEN)
    expect(store.error).toBeNull()
  })

  it('refused keys: the copy stays stale and the refusal is shown beside it', async () => {
    fake.fail('accounts:list', REFUSED)
    const store = useAccountsStore()
    await store.load()
    expect(store.accounts).toHaveLength(2)
    expect(store.stale).toBe(true)
    expect(store.error?.kind).toBe('unauthorized')
  })

  it('with no copy and no service: the error, nothing made up', async () => {
    fake.data.replica = {}
    fake.fail('accounts:list', OFFLINE)
    const store = useAccountsStore()
    await store.load()
    expect(store.accounts).toEqual([])
    expect(store.error?.kind).toBe('network')
  })

  it('a copy that arrives after the service’s answer is not shown over it', async () => {
    const releasePeek = fake.hold('replica:peek')
    const store = useAccountsStore()
    await store.load()
    expect(store.accounts).toHaveLength(ACCOUNT_FIXTURES.length)
    releasePeek()
    await flushPromises()
    expect(store.accounts).toHaveLength(ACCOUNT_FIXTURES.length)
    expect(store.accounts.every((a) => !a.name.endsWith('(seen)'))).toBe(true)
  })
})

describe('planner', () => {
  it('renders the period from the replica, then the service’s posts, never empty on the way', async () => {
    const planner = usePlannerStore()
    planner.anchor = new Date(NOW)
    const { from, to } = planner.range
    const inMonth = new Date(Date.parse(NOW) + 2 * 86_400_000).toISOString()
    fake.data.replica = { schedules: copy([post('seen-1', inMonth, 'Seen before')]) }
    fake.data.schedules = [post('live-1', inMonth, 'On the service'), post('live-2', inMonth, 'Also there')]
    const counts: number[] = []
    const stop = watch(
      () => planner.posts,
      (posts) => counts.push(posts.length),
    )
    const release = fake.hold('schedules:list')
    const loading = planner.load()
    await flushPromises()
    expect(planner.posts.map((p) => p.title)).toEqual(['Seen before'])
    expect(planner.stale).toBe(false)
    expect(fake.requests('replica:peek')).toEqual([{ what: 'schedules', request: { from, to } }])

    release()
    await loading
    stop()
    expect(planner.posts.map((p) => p.title)).toEqual(['On the service', 'Also there'])
    expect(planner.fetchedAt).toBe(NOW)
    expect(counts).toEqual([1, 2])
  })

  it('offline: the month seen stays, stale as of its fetch, without an error alert', async () => {
    const planner = usePlannerStore()
    planner.anchor = new Date(NOW)
    fake.data.replica = { schedules: copy([post('seen-1', NOW, 'Seen before')]) }
    fake.fail('schedules:list', OFFLINE)
    await planner.load()
    expect(planner.posts.map((p) => p.title)).toEqual(['Seen before'])
    expect(planner.stale).toBe(true)
    expect(planner.fetchedAt).toBe(SEEN)
    expect(planner.error).toBeNull()
  })

  it('switching to a month never seen keeps the posts shown until its answer lands', async () => {
    const planner = usePlannerStore()
    planner.anchor = new Date(NOW)
    fake.data.schedules = [post('live-1', NOW, 'This month')]
    fake.data.replica = {}
    await planner.load()
    const release = fake.hold('schedules:list')
    const going = planner.go(1)
    await flushPromises()
    expect(planner.posts.map((p) => p.title)).toEqual(['This month'])
    expect(planner.loading).toBe(true)
    release()
    await going
    expect(planner.posts).toEqual([])
  })
})

describe('failed posts', () => {
  const failedPost = (id: string, at: string, title: string) => ({
    ...post(id, at, title),
    status: 'error' as const,
  })

  it('renders the list from the replica before the service answers, then the service’s list', async () => {
    const planner = usePlannerStore()
    fake.data.replica = { schedules: copy([failedPost('seen-1', NOW, 'Failed before')]) }
    fake.data.schedules = [failedPost('live-1', NOW, 'Failed on the service')]
    const release = fake.hold('schedules:list')
    const loading = planner.loadFailed()
    await flushPromises()
    expect(planner.failed.map((p) => p.title)).toEqual(['Failed before'])
    expect(planner.failedStale).toBe(false)
    expect(planner.failedLoading).toBe(true)
    const [asked] = fake.requests('replica:peek')
    expect(asked).toMatchObject({ what: 'schedules', request: { status: 'error' } })
    // The same request as the live call's, so the replica answers the range that call keeps.
    expect(asked).toEqual({ what: 'schedules', request: fake.requests('schedules:list').at(-1) })

    release()
    await loading
    expect(planner.failed.map((p) => p.title)).toEqual(['Failed on the service'])
    expect(planner.failedFetchedAt).toBe(NOW)
    expect(planner.failedLoading).toBe(false)
  })

  it('offline: the copy stays, stale as of its fetch, with no error beside it', async () => {
    const planner = usePlannerStore()
    fake.data.replica = { schedules: copy([failedPost('seen-1', NOW, 'Failed before')]) }
    fake.fail('schedules:list', OFFLINE)
    await planner.loadFailed()
    expect(planner.failed.map((p) => p.title)).toEqual(['Failed before'])
    expect(planner.failedStale).toBe(true)
    expect(planner.failedFetchedAt).toBe(SEEN)
    expect(planner.failedError).toBeNull()
  })

  it('with no copy and no service: the error, an empty list', async () => {
    const planner = usePlannerStore()
    fake.data.replica = {}
    fake.fail('schedules:list', OFFLINE)
    await planner.loadFailed()
    expect(planner.failed).toEqual([])
    expect(planner.failedError?.kind).toBe('network')
  })

  it('asks for the same range all day, so the replica keeps one range a day for it', async () => {
    const planner = usePlannerStore()
    await planner.loadFailed()
    vi.setSystemTime(new Date(Date.parse(NOW) + 3_600_000))
    await planner.loadFailed()
    const [first, second] = fake.requests('schedules:list').slice(-2)
    expect(second).toEqual(first)
    expect(Date.parse(first!.to) - Date.parse(NOW)).toBeGreaterThan(366 * 86_400_000)
    expect(Date.parse(NOW) - Date.parse(first!.from)).toBeGreaterThanOrEqual(90 * 86_400_000)
  })
})

describe('automations', () => {
  it('shows the replica’s page at once; offline it stays, stale', async () => {
    const store = useAutomationsStore()
    fake.fail('automations:list', OFFLINE)
    const release = fake.hold('automations:list')
    const loading = store.load({ ...DEFAULT_AUTOMATIONS_QUERY })
    await flushPromises()
    expect(store.docs.map((a) => a.id)).toEqual([makeAutomation(90, ACCOUNT_FIXTURES[0]).id])
    expect(store.stale).toBe(false)
    release()
    await loading
    expect(store.docs).toHaveLength(1)
    expect(store.stale).toBe(true)
    expect(store.result?.fetchedAt).toBe(SEEN)
    expect(store.error).toBeNull()
  })

  it('online: the service’s page replaces the copy', async () => {
    const store = useAutomationsStore()
    await store.load({ ...DEFAULT_AUTOMATIONS_QUERY })
    expect(store.docs).toHaveLength(20)
    expect(store.stale).toBe(false)
    expect(store.result?.fetchedAt).toBe(NOW)
  })
})

describe('storage', () => {
  it('the figure and the files from the replica when the service cannot be reached', async () => {
    fake.fail('storage:stats', OFFLINE)
    fake.fail('storage:files', OFFLINE)
    const store = useStorageStore()
    await Promise.all([store.loadStats(), store.loadFiles()])
    expect(store.stats?.file.total).toBe(7)
    expect(store.statsStale).toBe(true)
    expect(store.statsUpdatedAt).toBe(SEEN)
    expect(store.statsError).toBeNull()
    expect(store.files?.docs.map((f) => f.id)).toEqual([makeStoredFile(90).id, makeStoredFile(91).id])
    expect(store.filesStale).toBe(true)
    expect(store.filesFetchedAt).toBe(SEEN)
    expect(store.filesError).toBeNull()
  })

  it('online, the service’s figure and page, fetched now', async () => {
    const store = useStorageStore()
    await Promise.all([store.loadStats(), store.loadFiles()])
    expect(store.stats?.file.total).toBe(25)
    expect(store.statsStale).toBe(false)
    expect(store.statsUpdatedAt).toBe(NOW)
    expect(store.files?.docs).toHaveLength(20)
    expect(store.filesStale).toBe(false)
    expect(store.filesFetchedAt).toBe(NOW)
  })

  it('an answer main took from the replica (marked stale) is shown as stale, as of its fetch', async () => {
    const store = useStorageStore()
    const stats = fake.data.stats
    fake.api.storage.stats = async () => ({ ...stats, stale: true, fetchedAt: SEEN })
    await store.loadStats()
    expect(store.stats).toEqual(stats)
    expect(store.statsStale).toBe(true)
    expect(store.statsUpdatedAt).toBe(SEEN)
  })

  it('a figure already shown stays when a refresh fails offline, stale, and no copy is read over it', async () => {
    const store = useStorageStore()
    await store.loadStats()
    fake.fail('storage:stats', OFFLINE)
    await store.loadStats()
    expect(store.stats?.file.total).toBe(25)
    expect(store.statsStale).toBe(true)
    expect(store.statsUpdatedAt).toBe(NOW)
    expect(fake.requests('replica:peek').filter((r) => r.what === 'storage')).toHaveLength(1)
  })
})
