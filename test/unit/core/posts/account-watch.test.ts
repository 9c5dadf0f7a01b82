// The account watch against the real database store and a clock the test moves: it tells the person once per
// post of a disconnected account (not again at the next check, nor after a restart), forgets that once the
// account is back, looks again 15 minutes before each post's time, and keeps what it knew when a read fails.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AccountAlert, AccountWatchState } from '../../../../common/account-watch'
import type { Account, Schedule } from '../../../../common/service'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createAccountWatch, type AccountWatch } from '../../../../main/core/posts/account-watch'
import { openAccountWatchStore } from '../../../../main/core/posts/account-watch-store'
import { manualClock, type ManualClock } from '../../../support/manual-clock'

const MIN = 60_000
const HOUR = 60 * MIN
const T0 = Date.parse('2026-12-01T06:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()

function account(id: string, isConnected: boolean): Account {
  return {
    _id: id,
    name: `Account ${id}`,
    username: id,
    picture: '',
    isConnected,
    type: 'instagram',
  } as Account
}
function post(id: string, accountId: string, at: number, status: Schedule['status'] = 'pending'): Schedule {
  return {
    _id: id,
    id,
    title: `Post ${id}`,
    description: '',
    topic: '',
    type: 'text',
    medias: [],
    status,
    scheduleAt: iso(at),
    replies: [],
    accountId,
  } as Schedule
}

/** A service stand-in the test changes between checks; `reads` counts the times it was asked. */
function service() {
  const s = {
    accounts: [account('ig', false), account('fb', true)],
    posts: [] as Schedule[],
    fail: false,
    reads: 0,
    read: async (from: Date, to: Date) => {
      s.reads++
      if (s.fail) throw new Error('connect ECONNREFUSED')
      const posts = s.posts.filter(
        (p) => p.scheduleAt >= from.toISOString() && p.scheduleAt <= to.toISOString(),
      )
      return { accounts: structuredClone(s.accounts), posts: structuredClone(posts) }
    },
  }
  return s
}

const open: Array<{ watch: AccountWatch; database: AppDatabase }> = []
afterEach(() => {
  for (const { watch, database } of open.splice(0)) {
    watch.stop()
    database.close()
  }
})

function start(file: string, svc: ReturnType<typeof service>, clock: ManualClock, scope = 'p1') {
  const database = openDatabase({ file })
  const told: AccountAlert[] = []
  const errors: unknown[] = []
  const watch = createAccountWatch({
    scope: () => scope,
    read: svc.read,
    store: openAccountWatchStore(database),
    notify: (alert) => told.push(structuredClone(alert)),
    onChange: () => undefined,
    clock: clock.clock,
    onError: (error) => errors.push(error),
  })
  open.push({ watch, database })
  return { watch, told, errors, database }
}

const dbFile = () => join(mkdtempSync(join(tmpdir(), 'mediadeck-watch-')), 'mediadeck.db')

describe('account watch', () => {
  it('tells once per post of a disconnected account due in 24 hours, naming the account and its posts', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.posts = [
      post('a', 'ig', T0 + 3 * HOUR),
      post('b', 'ig', T0 + 2 * HOUR),
      post('c', 'fb', T0 + 2 * HOUR),
      post('late', 'ig', T0 + 26 * HOUR),
      post('failed', 'ig', T0 + 2 * HOUR, 'error'),
    ]
    const { watch, told } = start(dbFile(), svc, clock)
    await watch.check()
    expect(told).toEqual([
      {
        accountId: 'ig',
        accountName: 'Account ig',
        accountType: 'instagram',
        posts: [
          { id: 'b', title: 'Post b', description: '', scheduleAt: iso(T0 + 2 * HOUR) },
          { id: 'a', title: 'Post a', description: '', scheduleAt: iso(T0 + 3 * HOUR) },
        ],
      },
    ])
    expect(watch.state()).toMatchObject({ checkedAt: iso(T0), alerts: [{ accountId: 'ig' }] })
    // The next hourly check finds the same: nothing new to tell.
    await clock.advance(HOUR)
    expect(svc.reads).toBeGreaterThanOrEqual(2)
    expect(told).toHaveLength(1)
  })

  it("says every account's connection at each look, with or without posts due, for the planner's flags", async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.accounts.push(account('tt', false))
    svc.posts = [post('far', 'tt', T0 + 5 * 24 * HOUR)]
    const { watch, told } = start(dbFile(), svc, clock)
    await watch.check()
    // No post of 'tt' is due within 24 hours: no alert, no notification, but the planner learns it dropped.
    expect(told).toEqual([])
    expect(watch.state()).toMatchObject({
      alerts: [],
      checkedAt: iso(T0),
      connected: { ig: false, fb: true, tt: false },
    })
    svc.accounts[2]!.isConnected = true
    await clock.advance(HOUR)
    expect(watch.state().connected).toEqual({ ig: false, fb: true, tt: true })
  })

  it('does not tell again after a restart, but tells of a post added since', async () => {
    const clock = manualClock(T0)
    const svc = service()
    const file = dbFile()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const first = start(file, svc, clock)
    await first.watch.check()
    expect(first.told).toHaveLength(1)
    first.watch.stop()

    svc.posts.push(post('new', 'ig', T0 + 5 * HOUR))
    const second = start(file, svc, clock)
    await second.watch.check()
    await second.watch.check()
    expect(second.told.map((alert) => alert.posts.map((p) => p.id))).toEqual([['a', 'new']])
  })

  it('clears the alert once the account is connected again, and tells anew if it drops again', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const { watch, told } = start(dbFile(), svc, clock)
    await watch.check()
    svc.accounts[0]!.isConnected = true
    await watch.check()
    expect(watch.state().alerts).toEqual([])
    svc.accounts[0]!.isConnected = false
    await watch.check()
    expect(told).toHaveLength(2)
  })

  it('looks again 15 minutes before each post, and catches an account that dropped since', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.accounts[0]!.isConnected = true
    const due = T0 + 40 * MIN
    svc.posts = [post('a', 'ig', due)]
    const { watch, told } = start(dbFile(), svc, clock)
    await watch.check()
    expect(told).toEqual([])
    expect(watch.nextCheckAt()).toBe(due - 15 * MIN)

    svc.accounts[0]!.isConnected = false
    await clock.advanceTo(due - 15 * MIN - 1)
    expect(told).toEqual([])
    await clock.advanceTo(due - 15 * MIN)
    await until(() => told.length === 1)
    expect(told[0]!.posts.map((p) => p.id)).toEqual(['a'])
    // That look was the last before the post: the next is the hourly one.
    expect(watch.nextCheckAt()).toBe(due - 15 * MIN + HOUR)
  })

  it('looks again before a post moved to a later time, though it had its last look at the old one', async () => {
    const clock = manualClock(T0)
    const svc = service()
    const file = dbFile()
    svc.posts = [post('a', 'fb', T0 + 10 * MIN)]
    const first = start(file, svc, clock)
    await first.watch.check()
    first.watch.stop()
    // Moved 40 minutes on, and the app restarted: the memory says "looked", but not at this time.
    svc.posts = [post('a', 'fb', T0 + 50 * MIN)]
    const second = start(file, svc, clock)
    await second.watch.check()
    expect(second.watch.nextCheckAt()).toBe(T0 + 35 * MIN)
  })

  it('keeps the last alerts and says the service could not be read, then tries again in 5 minutes', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const { watch, errors } = start(dbFile(), svc, clock)
    await watch.check()
    svc.fail = true
    await watch.check()
    expect(errors).toHaveLength(1)
    expect(watch.state()).toMatchObject({ alerts: [{ accountId: 'ig' }], error: { kind: 'internal' } })
    expect(watch.nextCheckAt()).toBe(T0 + 5 * MIN)
    svc.fail = false
    await clock.advanceTo(T0 + 5 * MIN)
    await until(() => watch.state().error === undefined)
  })

  it("keeps each profile's memory apart", async () => {
    const clock = manualClock(T0)
    const svc = service()
    const file = dbFile()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const one = start(file, svc, clock, 'p1')
    await one.watch.check()
    const two = start(file, svc, clock, 'p2')
    await two.watch.check()
    expect([one.told.length, two.told.length]).toEqual([1, 1])
  })

  it('never shows the previous profile’s alerts after a switch, not even when the new one cannot be read', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const database = openDatabase({ file: dbFile() })
    let scope = 'p1'
    const changes: AccountWatchState[] = []
    const watch = createAccountWatch({
      scope: () => scope,
      read: svc.read,
      store: openAccountWatchStore(database),
      notify: () => undefined,
      onChange: (state) => changes.push(state),
      clock: clock.clock,
    })
    open.push({ watch, database })
    await watch.check()
    expect(watch.state().alerts).toHaveLength(1)
    // Switched to a profile whose service does not answer (offline): before its check, and after it.
    scope = 'p2'
    expect(watch.state()).toEqual({ alerts: [], checkedAt: null })
    svc.fail = true
    await watch.check()
    expect(watch.state()).toMatchObject({ alerts: [], checkedAt: null, error: { kind: 'internal' } })
    expect(changes.at(-1)).toEqual(watch.state())
    expect(changes.at(-2)).toEqual({ alerts: [], checkedAt: null })
  })

  it('drops an answer read for the profile switched away from while it was on its way', async () => {
    const clock = manualClock(T0)
    const svc = service()
    svc.posts = [post('a', 'ig', T0 + 3 * HOUR)]
    const database = openDatabase({ file: dbFile() })
    let scope = 'p1'
    let reads = 0
    const changes: AccountWatchState[] = []
    const watch = createAccountWatch({
      scope: () => scope,
      read: async (from, to) => {
        // The first read (p1's) lands after the switch; the second is p2's, which has no posts.
        if (++reads === 1) {
          scope = 'p2'
          return svc.read(from, to)
        }
        return { accounts: [], posts: [] }
      },
      store: openAccountWatchStore(database),
      notify: () => undefined,
      onChange: (state) => changes.push(state),
      clock: clock.clock,
    })
    open.push({ watch, database })
    await watch.check()
    expect(reads).toBe(2)
    expect(changes.flatMap((state) => state.alerts)).toEqual([])
  })

  it('checks soon after a poke, at most once a minute', async () => {
    const clock = manualClock(T0)
    const svc = service()
    const { watch } = start(dbFile(), svc, clock)
    await watch.check()
    watch.poke()
    expect(watch.nextCheckAt()).toBe(T0 + MIN)
  })
})

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  expect(condition()).toBe(true)
}
