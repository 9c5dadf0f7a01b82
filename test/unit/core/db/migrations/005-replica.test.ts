// Migration 5 takes over the offline cache: every cached answer a person had is in the replica afterwards
// (a list as a list under its canonical request, a cached month of posts as posts of that range), and the
// old table is gone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from '../../../../../main/core/db/database'
import { MIGRATIONS } from '../../../../../main/core/db/migrations/index'
import { createReplica } from '../../../../../main/core/replica/replica'
import { sqlOf } from '../../../../../main/core/db/handle'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('imports the offline cache into the replica, then drops it', () => {
  dir = mkdtempSync(join(tmpdir(), 'mig-5-'))
  const file = join(dir, 'a.db')
  const early = openDatabase({ file, migrations: MIGRATIONS.slice(0, 4) })
  const put = sqlOf(early).prepare(
    'INSERT INTO offline_cache (profile_id, key, value, fetched_at) VALUES (?, ?, ?, ?)',
  )
  const november = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T23:59:59.999Z' }
  const post = {
    id: 's1',
    _id: 's1',
    accountId: 'a1',
    status: 'pending',
    scheduleAt: '2026-11-03T09:00:00.000Z',
  }
  put.run(
    'p1',
    'accounts:list {}',
    JSON.stringify({ docs: [{ id: 'a1' }], skipped: 0 }),
    '2026-11-20T00:00:00.000Z',
  )
  put.run(
    'p1',
    'automations:list {"page":1,"limit":20}',
    JSON.stringify({ docs: [], page: 1 }),
    '2026-11-21T00:00:00.000Z',
  )
  put.run(
    'p1',
    `schedules:list ${JSON.stringify(november)}`,
    JSON.stringify({ docs: [post], skipped: 0 }),
    '2026-11-22T00:00:00.000Z',
  )
  put.run(
    'p1',
    'reports:list {"page":1,"limit":10}',
    JSON.stringify({ docs: [] }),
    '2026-11-23T00:00:00.000Z',
  )
  early.close()

  const database = openDatabase({ file })
  const tables = sqlOf(database).prepare("SELECT name FROM sqlite_master WHERE name = 'offline_cache'").all()
  expect(tables).toEqual([])
  const replica = createReplica({
    database,
    profileId: 'p1',
    identity: 'x',
    now: () => new Date('2026-11-26T00:00:00Z'),
  })
  expect(replica.peek({ what: 'accounts' })).toEqual({
    value: [{ id: 'a1' }],
    stale: false,
    fetchedAt: '2026-11-20T00:00:00.000Z',
    freshness: { state: 'checking', confirmedAt: '2026-11-20T00:00:00.000Z' },
  })
  // The members in another order are the same request.
  expect(replica.peek({ what: 'automations', request: { limit: 20, page: 1 } })?.fetchedAt).toBe(
    '2026-11-21T00:00:00.000Z',
  )
  expect(replica.peek({ what: 'schedules', request: november })).toEqual({
    value: [post],
    stale: false,
    fetchedAt: '2026-11-22T00:00:00.000Z',
    freshness: { state: 'checking', confirmedAt: '2026-11-22T00:00:00.000Z' },
  })
  expect(
    sqlOf(database).prepare("SELECT count(*) AS n FROM replica_lists WHERE what = 'reports'").get(),
  ).toEqual({ n: 1 })
  database.close()
})
