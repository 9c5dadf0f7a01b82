// The replica over a real database file: what the service last answered, per profile, with when it was
// fetched; the rules of issue 22 (a partial refresh merges, a complete one replaces its range, months unviewed
// for 90 days go, another service or key clears it, a 401 makes it stale) each have a case here.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import type { Schedule } from '../../../../common/service'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import {
  createReplica,
  forgetReplica,
  replicaIdentity,
  type Collected,
  type ReplicaOptions,
} from '../../../../main/core/replica/replica'
import { sqlOf } from '../../../../main/core/db/handle'

let dir: string
let database: AppDatabase
let clock: Date
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'replica-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
  clock = new Date('2026-11-26T10:00:00Z')
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const identity = replicaIdentity('https://api.example', 'key-1')
const open = (options: Partial<ReplicaOptions> = {}) =>
  createReplica({ database, profileId: 'p1', identity, now: () => clock, ...options })

const offline = async (): Promise<never> => {
  throw new AppError({ kind: 'offline', message: 'offline' })
}
const unauthorized = async (): Promise<never> => {
  throw new AppError({ kind: 'unauthorized', status: 401, message: 'wrong keys' })
}

function post(id: string, scheduleAt: string, extra: Partial<Schedule> = {}): Schedule {
  return {
    id,
    _id: id,
    title: id,
    description: '',
    topic: '',
    type: 'image',
    medias: [],
    status: 'pending',
    scheduleAt,
    replies: [],
    accountId: 'a1',
    ...extra,
  } as Schedule
}

const NOVEMBER = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T23:59:59.999Z' }
const DECEMBER = { from: '2026-12-01T00:00:00.000Z', to: '2026-12-31T23:59:59.999Z' }

/** A refresh whose pages all arrive. */
const whole =
  (docs: Schedule[]) =>
  async (into: Collected<Schedule>): Promise<Collected<Schedule>> => {
    into.docs.push(...docs)
    into.complete = true
    return into
  }
/** A refresh whose first page arrives and whose second fails as `error` does. */
const brokenAfter =
  (docs: Schedule[], error: () => Promise<never>) =>
  async (into: Collected<Schedule>): Promise<Collected<Schedule>> => {
    into.docs.push(...docs)
    return error()
  }

const peekIds = (replica: ReturnType<typeof open>, range = NOVEMBER) =>
  (replica.peek({ what: 'schedules', request: range })?.value as Schedule[] | undefined)?.map((p) => p.id)

describe('replica', () => {
  it('answers the last list as stale while unreachable, and peeks it without a fetch, across a reopen', async () => {
    const replica = open()
    const accounts = [{ id: 'a1', _id: 'a1', name: 'A' }]
    expect(
      await replica.pagedList('accounts', {}, async (into) => {
        into.docs.push(...accounts)
        into.complete = true
        return into
      }),
    ).toEqual({
      value: accounts,
      stale: false,
      fetchedAt: clock.toISOString(),
      freshness: { state: 'fresh', confirmedAt: clock.toISOString() },
    })

    const reopened = open({ database: openDatabase({ file: join(dir, DATABASE_FILE) }) })
    expect(reopened.peek({ what: 'accounts' })).toEqual({
      value: accounts,
      stale: false,
      fetchedAt: clock.toISOString(),
      freshness: { state: 'checking', confirmedAt: clock.toISOString() },
    })
    expect(await reopened.pagedList('accounts', {}, offline)).toEqual({
      value: accounts,
      stale: true,
      fetchedAt: clock.toISOString(),
      freshness: { state: 'stale', confirmedAt: clock.toISOString() },
    })
    // Another profile's copy is not this one's.
    expect(open({ profileId: 'p2' }).peek({ what: 'accounts' })).toBeNull()
    await expect(open({ profileId: 'p2' }).list('storage', {}, offline)).rejects.toMatchObject({
      kind: 'offline',
    })
  })

  it('keeps the storage statistic and a page of files', async () => {
    const replica = open()
    const stat = { file: { total: 1, success: 1, pending: 0 }, usage: { free: 5, total: 10, used: 5 } }
    await replica.list('storage', {}, async () => stat)
    const files = { docs: [{ id: 'f1' }], page: 1 }
    await replica.list('files', { page: 1, limit: 50 }, async () => files)
    expect(replica.peek({ what: 'storage' })?.value).toEqual(stat)
    expect(replica.peek({ what: 'files', request: { limit: 50, page: 1 } })?.value).toEqual(files)
    expect(replica.peek({ what: 'files', request: { limit: 50, page: 2 } })).toBeNull()
  })

  it('replaces a range only when every page arrived; a partial refresh merges and deletes nothing', async () => {
    const replica = open()
    await replica.schedules(
      NOVEMBER,
      whole([post('p1', '2026-11-03T09:00:00Z'), post('p2', '2026-11-04T09:00:00Z')]),
    )
    // The service lost nothing, but only its first page arrived (p3 new, p1 changed): merged, p2 kept.
    const answer = await replica.schedules(
      NOVEMBER,
      brokenAfter(
        [post('p1', '2026-11-03T09:00:00Z', { title: 'edited' }), post('p3', '2026-11-05T09:00:00Z')],
        offline,
      ),
    )
    expect(answer.stale).toBe(true)
    expect(answer.value.map((p) => p.id)).toEqual(['p1', 'p2', 'p3'])
    expect(answer.value[0]!.title).toBe('edited')
    expect(peekIds(replica)).toEqual(['p1', 'p2', 'p3'])
  })

  it('drops a post deleted on the service at the next complete refresh of its range, and only of its range', async () => {
    const replica = open()
    await replica.schedules(
      NOVEMBER,
      whole([post('p1', '2026-11-03T09:00:00Z'), post('p2', '2026-11-04T09:00:00Z')]),
    )
    await replica.schedules(DECEMBER, whole([post('d1', '2026-12-03T09:00:00Z')]))
    await replica.schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    expect(peekIds(replica)).toEqual(['p1'])
    expect(peekIds(replica, DECEMBER)).toEqual(['d1'])
    // A refresh filtered by status replaces only the posts of that status.
    await replica.schedules(
      { ...DECEMBER, status: 'error' },
      whole([post('d2', '2026-12-05T09:00:00Z', { status: 'error' })]),
    )
    expect(peekIds(replica, DECEMBER)).toEqual(['d1', 'd2'])
  })

  it('answers the failed-posts list (a wide range filtered by status) from the copy, on the next day too', async () => {
    const replica = open()
    const day = (offset: number) => ({
      from: new Date(Date.UTC(2026, 10, 26 - 90 + offset)).toISOString(),
      to: new Date(Date.UTC(2026, 10, 26 + 367 + offset) - 1).toISOString(),
      status: 'error' as const,
    })
    await replica.schedules(
      NOVEMBER,
      whole([post('p1', '2026-11-03T09:00:00Z'), post('e1', '2026-11-04T09:00:00Z', { status: 'error' })]),
    )
    await replica.schedules(
      day(0),
      whole([
        post('e1', '2026-11-04T09:00:00Z', { status: 'error' }),
        post('e2', '2026-10-02T09:00:00Z', { status: 'error' }),
      ]),
    )
    clock = new Date(clock.getTime() + 86_400_000)
    // The next start asks for the range a day on: the copy of the day before answers it, failed posts only.
    const next = open().peek({ what: 'schedules', request: day(1) })
    expect((next?.value as Schedule[]).map((p) => p.id)).toEqual(['e2', 'e1'])
    expect(next).toMatchObject({ stale: false, fetchedAt: '2026-11-26T10:00:00.000Z' })
  })

  it('drops months not viewed for 90 days, keeps those looked at', async () => {
    const replica = open()
    await replica.schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    await replica.schedules(DECEMBER, whole([post('d1', '2026-12-03T09:00:00Z')]))
    clock = new Date(clock.getTime() + 60 * 86_400_000)
    expect(peekIds(replica, DECEMBER)).toEqual(['d1'])
    clock = new Date(clock.getTime() + 31 * 86_400_000)
    // November was last viewed 91 days ago, December 31 days ago.
    const reopened = open()
    expect(reopened.peek({ what: 'schedules', request: NOVEMBER })).toBeNull()
    expect(peekIds(reopened, DECEMBER)).toEqual(['d1'])
    expect(sqlOf(database).prepare("SELECT count(*) AS n FROM replica_posts WHERE id = 'p1'").get()).toEqual({
      n: 0,
    })
  })

  it('is cleared when the profile now points at another base URL or access key', async () => {
    await open().list('storage', {}, async () => ({ usage: { free: 1 } }))
    await open().schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    expect(open().peek({ what: 'storage' })).not.toBeNull()
    const otherKey = open({ identity: replicaIdentity('https://api.example', 'key-2') })
    expect(otherKey.peek({ what: 'storage' })).toBeNull()
    expect(otherKey.peek({ what: 'schedules', request: NOVEMBER })).toBeNull()
    await otherKey.list('storage', {}, async () => ({ usage: { free: 2 } }))
    const otherUrl = open({ identity: replicaIdentity('https://other.example', 'key-2') })
    expect(otherUrl.peek({ what: 'storage' })).toBeNull()
  })

  it('says stale after a 401 until a call succeeds again', async () => {
    const replica = open()
    await replica.list('storage', {}, async () => ({ usage: { free: 1 } }))
    await replica.schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    await expect(replica.list('storage', {}, unauthorized)).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(replica.peek({ what: 'storage' })?.stale).toBe(true)
    expect(replica.peek({ what: 'schedules', request: NOVEMBER })?.stale).toBe(true)
    await replica.list('storage', {}, async () => ({ usage: { free: 2 } }))
    expect(replica.peek({ what: 'storage' })).toMatchObject({ stale: false, value: { usage: { free: 2 } } })
  })

  it('imports the old offline cache file of the profile once', async () => {
    const legacyFile = join(dir, 'p1.json')
    writeFileSync(
      legacyFile,
      JSON.stringify({
        'accounts:list {}': {
          value: { docs: [{ id: 'a1' }], skipped: 0 },
          fetchedAt: '2026-11-01T00:00:00.000Z',
        },
        [`schedules:list ${JSON.stringify(NOVEMBER)}`]: {
          value: { docs: [post('p1', '2026-11-03T09:00:00Z')], skipped: 0 },
          fetchedAt: '2026-11-20T00:00:00.000Z',
        },
      }),
    )
    const replica = open({ legacyFile })
    expect(replica.peek({ what: 'accounts' })).toMatchObject({ value: [{ id: 'a1' }], stale: false })
    expect(peekIds(replica)).toEqual(['p1'])
    expect(existsSync(`${legacyFile}.pre-db`)).toBe(true)
  })

  it('goes with a deleted profile, and only that one', async () => {
    await open().list('storage', {}, async () => ({ usage: { free: 1 } }))
    await open().schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    await open({ profileId: 'p2' }).list('storage', {}, async () => ({ usage: { free: 2 } }))
    forgetReplica(database, 'p1')
    expect(open().peek({ what: 'storage' })).toBeNull()
    expect(open().peek({ what: 'schedules', request: NOVEMBER })).toBeNull()
    expect(open({ profileId: 'p2' }).peek({ what: 'storage' })?.value).toEqual({ usage: { free: 2 } })
  })

  it('merges the accounts of a partial refresh by id and keeps the rest; a complete one replaces them', async () => {
    const replica = open()
    const account = (id: string, name = id) => ({ id, _id: id, name })
    const pages =
      (docs: Array<ReturnType<typeof account>>, complete: boolean) =>
      async (into: Collected<ReturnType<typeof account>>) => {
        into.docs.push(...docs)
        if (!complete) return offline()
        into.complete = true
        return into
      }
    await replica.pagedList('accounts', {}, pages([account('a1'), account('a2')], true))
    const partial = await replica.pagedList(
      'accounts',
      {},
      pages([account('a1', 'renamed'), account('a3')], false),
    )
    expect(partial.stale).toBe(true)
    expect(partial.value).toEqual([account('a1', 'renamed'), account('a2'), account('a3')])
    await replica.pagedList('accounts', {}, pages([account('a3')], true))
    expect(replica.peek({ what: 'accounts' })?.value).toEqual([account('a3')])
  })

  it('says how far each copy can be trusted: fresh when answered, checking when peeked, stale when it cannot be refreshed', async () => {
    let offlineNow = false
    const replica = open({ isOffline: () => offlineNow })
    const fetchedAt = clock.toISOString()
    await replica.list('storage', {}, async () => ({ usage: { free: 1 } }))
    await replica.schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    clock = new Date('2026-11-26T10:05:00Z')
    // Peeked by a view that refreshes it at once: not confirmed yet, never fresh.
    expect(replica.peek({ what: 'storage' })?.freshness).toEqual({
      state: 'checking',
      confirmedAt: fetchedAt,
    })
    expect(replica.peek({ what: 'schedules', request: NOVEMBER })?.freshness).toEqual({
      state: 'checking',
      confirmedAt: fetchedAt,
    })
    // Offline nothing refreshes it: stale, as of its fetch five minutes ago.
    offlineNow = true
    expect(replica.peek({ what: 'storage' })?.freshness).toEqual({ state: 'stale', confirmedAt: fetchedAt })
    expect((await replica.list('storage', {}, offline)).freshness).toEqual({
      state: 'stale',
      confirmedAt: fetchedAt,
    })
    offlineNow = false
    expect((await replica.list('storage', {}, async () => ({ usage: { free: 2 } }))).freshness).toEqual({
      state: 'fresh',
      confirmedAt: clock.toISOString(),
    })
    // A 401: nothing can refresh it until the keys work again.
    await expect(replica.list('storage', {}, unauthorized)).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(replica.peek({ what: 'storage' })?.freshness.state).toBe('stale')
  })

  it("keeps a copy's real age through a partial refresh: what did not arrive is as old as before", async () => {
    const replica = open()
    const before = clock.toISOString()
    await replica.schedules(
      NOVEMBER,
      whole([post('p1', '2026-11-03T09:00:00Z'), post('p2', '2026-11-04T09:00:00Z')]),
    )
    const account = { id: 'a1', name: 'A' }
    await replica.pagedList('accounts', {}, async (into: Collected<typeof account>) => {
      into.docs.push(account, { id: 'a2', name: 'B' })
      into.complete = true
      return into
    })
    clock = new Date('2026-11-26T11:00:00Z')
    const posts = await replica.schedules(
      NOVEMBER,
      brokenAfter([post('p1', '2026-11-03T09:00:00Z')], offline),
    )
    expect(posts.freshness).toEqual({ state: 'stale', confirmedAt: before })
    expect(replica.peek({ what: 'schedules', request: NOVEMBER })?.fetchedAt).toBe(before)
    const accounts = await replica.pagedList('accounts', {}, async (into: Collected<typeof account>) => {
      into.docs.push(account)
      return offline()
    })
    expect(accounts.freshness).toEqual({ state: 'stale', confirmedAt: before })
    expect(replica.peek({ what: 'accounts' })?.fetchedAt).toBe(before)
    // A complete refresh confirms the whole range again.
    await replica.schedules(NOVEMBER, whole([post('p1', '2026-11-03T09:00:00Z')]))
    expect(replica.peek({ what: 'schedules', request: NOVEMBER })?.fetchedAt).toBe(clock.toISOString())
  })

  it('forgets the posts and files this app deleted, at once', async () => {
    const replica = open()
    await replica.schedules(
      NOVEMBER,
      whole([post('p1', '2026-11-03T09:00:00Z'), post('p2', '2026-11-04T09:00:00Z')]),
    )
    await replica.list('files', { page: 1, limit: 50 }, async () => ({
      docs: [{ id: 'f1' }, { id: 'f2' }],
      page: 1,
    }))
    replica.forget('posts', ['p1'])
    replica.forget('files', ['f2'])
    expect(peekIds(replica)).toEqual(['p2'])
    expect(replica.peek({ what: 'files', request: { page: 1, limit: 50 } })?.value).toEqual({
      docs: [{ id: 'f1' }],
      page: 1,
    })
  })
})
