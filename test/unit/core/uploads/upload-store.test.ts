// The upload queue in a real database on disk, shared by two "processes" (two lease owners on two
// connections): who may resume and write what, what a lost lease does, the history's retention, the import
// of an old journal, and a full disk.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createLeases, LEASE_TTL_MS, type Leases } from '../../../../main/core/db/leases'
import { deadOwner } from '../../../../main/core/db/leases'
import type { NewUpload, PersistedItem } from '../../../../main/core/uploads/upload-queue-types'
import {
  HISTORY_IN_MEMORY,
  openUploadStore,
  UploadLeaseLost,
  type OpenUploadStoreOptions,
} from '../../../../main/core/uploads/upload-store'
import { sqlOf } from '../../../../main/core/db/handle'

let dir: string
const opened: AppDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'upload-store-'))
})
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
  rmSync(dir, { recursive: true, force: true })
})

/** One process: its own connection and its own lease owner, on a clock the test moves. */
function processOn(clock: { ms: number }, owner: string): { database: AppDatabase; leases: Leases } {
  const database = openDatabase({ file: join(dir, 'mediadeck.db') })
  opened.push(database)
  return { database, leases: createLeases(database, { owner, now: () => clock.ms }) }
}

function store(p: { database: AppDatabase; leases: Leases }, extra: Partial<OpenUploadStoreOptions> = {}) {
  return openUploadStore({ ...p, scope: 'q', identity: 'account-a', warn: () => undefined, ...extra })
}

const item = (id: string, extra: Partial<PersistedItem> = {}): PersistedItem => ({
  id,
  path: `/files/${id}.bin`,
  name: `${id}.bin`,
  size: 10,
  mtimeMs: 1,
  mimetype: 'application/octet-stream',
  batchId: 'b',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
})
const add = (id: string): NewUpload => ({ item: item(id) })
const now = () => new Date().toISOString()
const intent = { id: 'x', nonce: 'n1', name: 'x.bin', size: 10, at: 'now' }
/** A line of a journal file from before the database. */
const line = (record: object) => JSON.stringify(record)

describe('upload store', () => {
  it('a finished or removed upload gives its lease back through Leases: the renewal finds nothing lost', async () => {
    const clock = { ms: Date.now() }
    const p = processOn(clock, 'host/1/a')
    const queue = store(p)
    await queue.writes.add([add('x'), add('y'), add('z')])
    await queue.writes.finish('x', 'done', undefined, now())
    await queue.writes.remove('y')
    expect(p.leases.renew()).toEqual([])
    expect(p.leases.holds('upload:z')).toBe(true)
  })

  it('another process leaves a live process’s unfinished items and intents alone, and takes them once expired', async () => {
    const clock = { ms: Date.now() }
    const a = store(processOn(clock, 'host/1/a'))
    await a.writes.add([add('x'), add('y')])
    await a.writes.intend(intent)
    await a.writes.finish('y', 'done', undefined, now())

    const b = store(processOn(clock, 'host/2/b'))
    // y is finished history, which any process shows; x is A's, in flight.
    expect([...b.items.keys()]).toEqual(['y'])
    expect([...b.intents.keys()]).toEqual([])
    await expect(b.writes.finish('x', 'done', undefined, now())).rejects.toBeInstanceOf(UploadLeaseLost)

    // A sleeps past its lease: the next process takes x over, with the intent to settle.
    clock.ms += LEASE_TTL_MS + 1
    const c = store(processOn(clock, 'host/3/c'))
    // In the order they were added, as the queue view lists them.
    expect([...c.items.keys()]).toEqual(['x', 'y'])
    expect([...c.intents.keys()]).toEqual(['n1'])
    // A wakes up: its write about x is refused, and nothing of it is written.
    await expect(a.writes.finish('x', 'failed', undefined, 'now')).rejects.toEqual(new UploadLeaseLost('x'))
    const row = sqlOf(opened[0]!).prepare("SELECT state FROM upload_items WHERE id = 'x'").get()
    expect(row).toEqual({ state: 'queued' })
    await c.writes.finish('x', 'done', undefined, now())
  })

  it('another account’s unfinished item, intent and history are not this queue’s, even once its run is gone', async () => {
    const clock = { ms: Date.now() }
    const a = store(processOn(clock, 'host/1/a'), { identity: 'account-a' })
    await a.writes.add([add('x'), add('y')])
    await a.writes.intend(intent)
    await a.writes.finish('y', 'done', undefined, now())
    // A's run is gone (killed: its leases ran out); a run of account B opens the same queue.
    clock.ms += LEASE_TTL_MS + 1
    const b = store(processOn(clock, 'host/2/b'), { identity: 'account-b' })
    expect([...b.items.keys()]).toEqual([])
    expect([...b.intents.keys()]).toEqual([])
    expect(b.adopt(new Set())).toEqual([])
    expect(b.findByKey('x')).toBeUndefined()
    // Nor may B write about them: a retry or a removal of another account's item is refused.
    await expect(b.writes.remove('y')).rejects.toBeInstanceOf(UploadLeaseLost)
    const held = sqlOf(opened[1]!).prepare("SELECT count(*) AS n FROM leases WHERE owner = 'host/2/b'").get()
    expect(held).toEqual({ n: 0 })
    // A's next run resumes it, with its intent to settle.
    const again = store(processOn(clock, 'host/3/a'), { identity: 'account-a' })
    expect([...again.items.keys()]).toEqual(['x', 'y'])
    expect([...again.intents.keys()]).toEqual(['n1'])
  })

  it('an item from before identities were recorded becomes the identity’s of the queue that takes it', async () => {
    const clock = { ms: Date.now() }
    const p = processOn(clock, 'host/1/a')
    sqlOf(p.database)
      .exec(`INSERT INTO upload_items (id, scope, path, name, size, mtime_ms, mimetype, batch_id,
      created_at, state) VALUES ('old', 'q', '/f/old.bin', 'old.bin', 10, 1, 'image/png', 'b', 'now', 'queued')`)
    const a = store(p, { identity: 'account-a' })
    expect([...a.items.keys()]).toEqual(['old'])
    expect(sqlOf(p.database).prepare("SELECT identity FROM upload_items WHERE id = 'old'").get()).toEqual({
      identity: 'account-a',
    })
    a.releaseAll()
    expect([...store(processOn(clock, 'host/2/b'), { identity: 'account-b' }).items.keys()]).toEqual([])
  })

  it('a clean close releases through Leases: its renewal then reports no upload lease as lost', async () => {
    const clock = { ms: Date.now() }
    const p = processOn(clock, 'host/1/a')
    const queue = store(p)
    await queue.writes.add([add('x'), add('y')])
    queue.releaseAll()
    expect(p.leases.renew()).toEqual([])
    expect(sqlOf(p.database).prepare('SELECT resource FROM leases').all()).toEqual([])
  })

  it('a clean close hands back every unfinished item at once, those added since the open too', async () => {
    const clock = { ms: Date.now() }
    const a = store(processOn(clock, 'host/1/a'))
    await a.writes.add([add('early')])
    a.releaseAll()
    const again = store(processOn(clock, 'host/1/a2'))
    await again.writes.add([add('late')])
    again.releaseAll()
    // No lease ran out (the clock did not move): the next process takes both at once.
    const next = store(processOn(clock, 'host/2/b'))
    expect([...next.items.keys()]).toEqual(['early', 'late'])
  })

  it('a batch is one transaction: an item refused leaves none of the batch written', async () => {
    const clock = { ms: Date.now() }
    const a = processOn(clock, 'host/1/a')
    // Another live process holds x's lease.
    expect(a.leases.acquire('upload:x')).toBe(true)
    const b = store(processOn(clock, 'host/2/b'))
    await expect(b.writes.add([add('z'), add('x')])).rejects.toBeInstanceOf(UploadLeaseLost)
    expect(sqlOf(opened[1]!).prepare("SELECT count(*) AS n FROM upload_items WHERE id = 'z'").get()).toEqual({
      n: 0,
    })
  })

  it('deletes finished history past its days on open, and holds only the newest in memory', async () => {
    const clock = { ms: Date.parse('2026-11-26T00:00:00Z') }
    const p = processOn(clock, 'host/1/a')
    const first = store(p, { now: () => clock.ms })
    const old = new Date(clock.ms - 31 * 86_400_000).toISOString()
    await first.writes.add([add('old')])
    await first.writes.finish('old', 'done', undefined, old)
    const n = HISTORY_IN_MEMORY + 5
    await first.writes.add(
      Array.from({ length: n }, (_, i) => ({ item: item(`h${i}`, { idempotencyKey: `key-${i}` }) })),
    )
    for (let i = 0; i < n; i++)
      await first.writes.finish(`h${i}`, 'done', undefined, new Date(clock.ms - (n - i) * 1000).toISOString())
    const again = store(p, { now: () => clock.ms, historyDays: 30 })
    expect(again.items.has('old')).toBe(false)
    expect(again.items.size).toBe(HISTORY_IN_MEMORY)
    // The oldest five are on disk only, and read back by key when asked for.
    expect(again.items.has('h0')).toBe(false)
    expect(again.findByKey('key-0')).toMatchObject({ id: 'h0', state: 'done' })
    expect(sqlOf(p.database).prepare('SELECT count(*) AS n FROM upload_items').get()).toEqual({ n })
  })

  it('reopened, lists its items in the order they were added, finished or not', async () => {
    const clock = { ms: Date.parse('2026-11-26T00:00:00Z') }
    const p = processOn(clock, 'host/1/a')
    const first = store(p, { now: () => clock.ms })
    // "a" is still queued and "c", added after it, finished: a replay lists a, c, and so must a reopen.
    await first.writes.add([add('a'), add('c')])
    await first.writes.finish('c', 'done', undefined, new Date(clock.ms).toISOString())
    first.releaseAll()
    const again = store(p, { now: () => clock.ms })
    expect([...again.items.keys()]).toEqual(['a', 'c'])
  })

  it('imports an old journal once, keeps its unusable lines aside, and renames it *.pre-db', () => {
    const clock = { ms: Date.now() }
    const legacyPath = join(dir, 'q.jsonl')
    const lines = [
      line({ t: 'add', item: item('a') }),
      'null',
      line({ t: 'init', id: 'a', fileId: 'f1', key: 'k1', url: 'u1' }),
      line({ t: 'state', id: 'a', state: 'done', at: now() }),
      line({ t: 'add', item: item('b') }),
      line({
        t: 'intent',
        id: 'b',
        nonce: 'n1',
        name: 'b.bin',
        size: 10,
        at: '2026-11-01T00:00:00.000Z',
      }),
      '{"t":"state","id":"b","sta',
    ]
    writeFileSync(legacyPath, lines.join('\n'))
    const warnings: string[] = []
    const p = processOn(clock, 'host/1/a')
    const first = store(p, { legacyPath, warn: (m) => warnings.push(m) })
    expect([...first.items.values()].map((i) => [i.id, i.state, i.fileId])).toEqual([
      ['a', 'done', 'f1'],
      ['b', 'queued', undefined],
    ])
    expect([...first.intents.keys()]).toEqual(['n1'])
    expect(warnings).toEqual([expect.stringContaining('skipped 2 unusable line(s)')])
    expect(readFileSync(`${legacyPath}.rejected`, 'utf8')).toBe(`null\n${lines[6]}\n`)
    expect(existsSync(legacyPath)).toBe(false)
    expect(existsSync(`${legacyPath}.pre-db`)).toBe(true)
    first.releaseAll()
    // Opened again (the *.pre-db copy still there): nothing imported twice.
    const again = store(p, { legacyPath })
    expect(again.items.size).toBe(2)
    expect(sqlOf(p.database).prepare('SELECT count(*) AS n FROM upload_items').get()).toEqual({ n: 2 })
  })

  it('a full disk fails the write with a clear error and keeps nothing of it', async () => {
    const clock = { ms: Date.now() }
    const p = processOn(clock, 'host/1/a')
    const s = store(p)
    const { page_count: pages } = sqlOf(p.database).prepare('PRAGMA page_count').get() as {
      page_count: number
    }
    sqlOf(p.database).exec(`PRAGMA max_page_count = ${pages}`)
    const many = Array.from({ length: 200 }, (_, i) => ({
      item: item(`big-${i}`, { path: `/files/${'x'.repeat(200)}-${i}` }),
    }))
    await expect(s.writes.add(many)).rejects.toMatchObject({
      kind: 'file',
      message: expect.stringMatching(/Could not save the upload queue/),
    })
    expect(sqlOf(p.database).prepare('SELECT count(*) AS n FROM upload_items').get()).toEqual({ n: 0 })
    expect(sqlOf(p.database).prepare('SELECT count(*) AS n FROM leases').get()).toEqual({ n: 0 })
  })

  it('knows a lease holder of this machine whose process ended', () => {
    expect(deadOwner(`${hostname()}/${process.pid}/x`)).toBe(false)
    expect(deadOwner(`${hostname()}/999999999/x`)).toBe(true)
    expect(deadOwner('another-machine/999999999/x')).toBe(false)
  })
})
