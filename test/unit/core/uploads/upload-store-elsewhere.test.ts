// Another process's upload of the same file to the same account, as a queue finds it in a real database on
// disk shared by two "processes" (two lease owners on two connections): the app's queue (a profile's scope)
// and a CLI run's (its identity), of one account.
import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createLeases, type Leases } from '../../../../main/core/db/leases'
import type { PersistedItem } from '../../../../main/core/uploads/upload-queue-types'
import { openUploadStore, uploadsElsewhere } from '../../../../main/core/uploads/upload-store'

let dir: string
const opened: AppDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'upload-elsewhere-'))
})
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
  rmSync(dir, { recursive: true, force: true })
})

const ACCOUNT = 'account-a'
const clock = { ms: Date.now() }

function processOn(owner: string, scope: string, identity = ACCOUNT) {
  const database = openDatabase({ file: join(dir, 'mediadeck.db') })
  opened.push(database)
  const leases: Leases = createLeases(database, { owner, now: () => clock.ms })
  const store = openUploadStore({ database, leases, scope, identity, warn: () => undefined })
  return { store, elsewhere: uploadsElsewhere(database, leases, identity) }
}

const file = { size: 10, mtimeMs: 1, ctimeMs: 2, ino: 3 }
const item = (id: string, extra: Partial<PersistedItem> = {}): PersistedItem => ({
  id,
  path: '/files/holiday.mp4',
  name: 'holiday.mp4',
  ...file,
  mimetype: 'video/mp4',
  batchId: 'b',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
})
const stored = { fileId: 'f1', key: 'uploads/u/f1.mp4', url: 'https://storage.test/f1.mp4' }

describe('uploads elsewhere', () => {
  it('finds an earlier item of the account in another queue once its bytes are on their way, then its stored file', async () => {
    const app = processOn('host/1/app', 'profile-1')
    const cli = processOn('host/2/cli', ACCOUNT)
    await app.store.writes.add([{ item: item('a') }])
    await cli.store.writes.add([{ item: item('c') }])
    // Only queued: it may wait long for its turn, so it is not waited for.
    expect(cli.elsewhere.underWay('c', '/files/holiday.mp4', file)).toBeUndefined()

    await app.store.writes.stored('a', stored)
    expect(cli.elsewhere.underWay('c', '/files/holiday.mp4', file)).toBe('a')
    expect(cli.elsewhere.outcome('a')).toBe('running')
    await app.store.writes.finish('a', 'done', undefined, new Date(clock.ms).toISOString())
    expect(cli.elsewhere.outcome('a')).toEqual(stored)
  })

  it('never names an item added later, nor one of another file, account, or process that ended', async () => {
    const cli = processOn('host/2/cli', ACCOUNT)
    const app = processOn('host/1/app', 'profile-1')
    const other = processOn('host/3/other', 'profile-2', 'account-b')
    const killed = processOn(`${hostname()}/999999999/gone`, 'profile-3')
    await cli.store.writes.add([{ item: item('c') }])
    // Added after c: c waiting for it while it waited for c would wait for ever.
    await app.store.writes.add([{ item: item('later') }])
    await app.store.writes.stored('later', stored)
    expect(cli.elsewhere.underWay('c', '/files/holiday.mp4', file)).toBeUndefined()
    expect(app.elsewhere.underWay('later', '/files/holiday.mp4', file)).toBeUndefined()

    const fresh = processOn('host/4/fresh', ACCOUNT)
    await fresh.store.writes.add([{ item: item('n') }])
    await other.store.writes.add([{ item: item('b') }])
    await other.store.writes.stored('b', stored)
    await killed.store.writes.add([{ item: item('k') }])
    await killed.store.writes.stored('k', stored)
    await app.store.writes.add([{ item: item('changed', { mtimeMs: 5 }) }])
    await app.store.writes.stored('changed', stored)
    // `later` is the one: another account's, a killed process's and a changed file's are not.
    expect(fresh.elsewhere.underWay('n', '/files/holiday.mp4', file)).toBe('later')
    await app.store.writes.finish('later', 'failed', { kind: 'network', message: 'reset' }, undefined)
    expect(fresh.elsewhere.outcome('later')).toBe('gone')
    expect(fresh.elsewhere.underWay('n', '/files/holiday.mp4', file)).toBeUndefined()
    expect(fresh.elsewhere.outcome('k')).toBe('gone')
  })
})
