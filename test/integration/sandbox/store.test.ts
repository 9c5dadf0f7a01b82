// The sandbox store's journal, on real files: a commit that names its records appends one line to
// store.journal instead of rewriting store.json, and an open replays the lines after the snapshot's sequence.
// A crash is simulated by copying the data dir as it stands once commits resolved (what a kill would leave),
// by writing the files as a crash would leave them, and by a real kill -9 of a child process.
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { emptyScheduleRequest } from '../../../common/service'
import type { ScheduleRecord } from '../../../sandbox/model'
import { JOURNAL_FILE, openStore, STORE_FILE, type Store, type StoreOptions } from '../../../sandbox/store'
import { call, startTestSandbox, uploadFile } from './helpers'

const dirs: string[] = []
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-store-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

const open: Store[] = []
async function openAt(dir: string, options?: StoreOptions): Promise<Store> {
  const store = await openStore(dir, options)
  open.push(store)
  return store
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
})

function post(id: string, n = 0): ScheduleRecord {
  return {
    _id: id,
    title: `post ${id}`,
    description: `n=${n}`,
    topic: '',
    type: 'text',
    medias: [],
    meta: { title: '', description: '', url: '' },
    additionalInfo: { n },
    replies: [],
    status: 'pending',
    scheduleAt: '2026-08-01T00:00:00.000Z',
    accountId: 'a1',
    userId: 'u1',
    createdAt: '2026-07-15T03:00:00.000Z',
    updatedAt: '2026-07-15T03:00:00.000Z',
  }
}

const upsert = (record: ScheduleRecord) => ({ upsert: { collection: 'schedules' as const, record } })
const remove = (id: string) => ({ remove: { collection: 'schedules' as const, id } })
/** The journal's text; it is made at the first line. */
const journalOf = (dir: string) =>
  readFile(path.join(dir, JOURNAL_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
const snapshotOf = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, STORE_FILE), 'utf8')) as {
    journalSeq: number
    schedules: ScheduleRecord[]
  }
const ids = (store: Store) => store.data.schedules.map((s) => s._id)

/** The data dir as a kill at this moment would leave it: the files as they are, the store never closed. */
async function crashCopy(dir: string): Promise<string> {
  const copy = await tempDir()
  await cp(dir, copy, { recursive: true })
  return copy
}

describe('the journal', () => {
  it('holds named commits, one line each, and a reopen after a crash replays them', async () => {
    const dir = await tempDir()
    const store = await openAt(dir)
    const snapshotBefore = await readFile(path.join(dir, STORE_FILE), 'utf8')
    const a = post('a')
    store.data.schedules.push(a)
    await store.commit(upsert(a))
    const b = post('b')
    store.data.schedules.push(b)
    await store.commit(upsert(b))
    a.description = 'edited'
    await store.commit(upsert(a))
    store.data.schedules = store.data.schedules.filter((s) => s !== b)
    await store.commit(remove('b'))

    // The snapshot was not rewritten; the journal has one line per commit.
    expect(await readFile(path.join(dir, STORE_FILE), 'utf8')).toBe(snapshotBefore)
    const lines = (await journalOf(dir)).trimEnd().split('\n')
    expect(lines.map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([1, 2, 3, 4])

    const reopened = await openAt(await crashCopy(dir))
    expect(ids(reopened)).toEqual(['a'])
    expect(reopened.data.schedules[0]!.description).toBe('edited')
  })

  it('a commit that names no records still writes a whole snapshot, which empties the journal', async () => {
    const dir = await tempDir()
    const store = await openAt(dir)
    const a = post('a')
    store.data.schedules.push(a)
    await store.commit(upsert(a))
    store.data.users.push({ userId: 'u1', accessKey: 'k', createdAt: '2026-07-15T03:00:00.000Z' })
    await store.commit()
    expect(await journalOf(dir)).toBe('')
    const snapshot = await snapshotOf(dir)
    expect(snapshot.journalSeq).toBe(1)
    expect(snapshot.schedules.map((s) => s._id)).toEqual(['a'])
    expect(ids(await openAt(await crashCopy(dir)))).toEqual(['a'])
  })

  it('commits made together share one line', async () => {
    const dir = await tempDir()
    const store = await openAt(dir)
    const records = Array.from({ length: 50 }, (_, i) => post(`p${i}`))
    store.data.schedules.push(...records)
    await Promise.all(records.map((r) => store.commit(upsert(r))))
    const lines = (await journalOf(dir)).trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect((JSON.parse(lines[0]!) as { ops: unknown[] }).ops).toHaveLength(50)
  })

  it('writes a record as it is when the line is written: one removed meanwhile is written removed', async () => {
    const dir = await tempDir()
    const store = await openAt(dir)
    const a = post('a')
    store.data.schedules.push(a)
    const committed = store.commit(upsert(a))
    // Before the write runs (it waits for the event loop), a delete takes the record away without committing.
    store.data.schedules = []
    await committed
    expect(JSON.parse((await journalOf(dir)).trim())).toEqual({
      seq: 1,
      ops: [{ del: 'schedules', id: 'a' }],
    })
    expect(ids(await openAt(await crashCopy(dir)))).toEqual([])
  })

  it('is compacted into the snapshot past its limit, and the lines after the compaction replay', async () => {
    const dir = await tempDir()
    const store = await openAt(dir, { maxJournalLines: 3 })
    for (let i = 0; i < 5; i++) {
      const record = post(`p${i}`)
      store.data.schedules.push(record)
      await store.commit(upsert(record))
    }
    // Three lines, then the fourth commit became a snapshot, then the fifth a line again.
    const snapshot = await snapshotOf(dir)
    expect(snapshot.journalSeq).toBe(4)
    expect(snapshot.schedules.map((s) => s._id)).toEqual(['p0', 'p1', 'p2', 'p3'])
    expect(
      (await journalOf(dir))
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { seq: number }).seq),
    ).toEqual([5])
    const reopened = await openAt(await crashCopy(dir))
    expect(ids(reopened)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'])
  })

  it('is compacted once it outgrows the snapshot, so the bytes written stay linear in the changes', async () => {
    const dir = await tempDir()
    const store = await openAt(dir, { minJournalBytes: 0 })
    const snapshotBytes = (await readFile(path.join(dir, STORE_FILE))).length
    let compactions = 0
    let journalBytes = 0
    for (let i = 0; i < 40; i++) {
      const record = post(`p${i}`)
      store.data.schedules.push(record)
      await store.commit(upsert(record))
      const now = (await journalOf(dir)).length
      if (now < journalBytes) compactions++
      journalBytes = now
      // Never more than the last snapshot and one line.
      expect(journalBytes).toBeLessThanOrEqual((await readFile(path.join(dir, STORE_FILE))).length + 1000)
    }
    expect(snapshotBytes).toBeGreaterThan(0)
    expect(compactions).toBeGreaterThan(0)
    // Each compaction at least doubles the snapshot it compacts into: few of them.
    expect(compactions).toBeLessThan(8)
    expect(ids(await openAt(await crashCopy(dir)))).toHaveLength(40)
  })

  it('a failed append rejects its commit, and the next commit writes a snapshot that holds it', async () => {
    const dir = await tempDir()
    const store = await openAt(dir)
    // A directory where the journal goes: it cannot be opened for appending.
    await mkdir(path.join(dir, JOURNAL_FILE))
    const a = post('a')
    store.data.schedules.push(a)
    await expect(store.commit(upsert(a))).rejects.toThrow(/EISDIR/)
    await rm(path.join(dir, JOURNAL_FILE), { recursive: true })
    const b = post('b')
    store.data.schedules.push(b)
    await store.commit(upsert(b))
    expect((await snapshotOf(dir)).schedules.map((s) => s._id)).toEqual(['a', 'b'])
    expect(await journalOf(dir)).toBe('')
  })

  it('a clean close leaves the whole store in store.json and an empty journal', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    const a = post('a')
    store.data.schedules.push(a)
    void store.commit(upsert(a))
    await store.close()
    expect(await journalOf(dir)).toBe('')
    expect((await snapshotOf(dir)).schedules.map((s) => s._id)).toEqual(['a'])
  })
})

describe('opening after a crash', () => {
  /** A snapshot of `records` that includes the journal up to `seq`. */
  async function writeSnapshot(dir: string, seq: number, records: ScheduleRecord[]): Promise<void> {
    const store = await openStore(dir)
    store.data.schedules.push(...records)
    await store.commit()
    await store.close()
    const snapshot = await snapshotOf(dir)
    await writeFile(path.join(dir, STORE_FILE), JSON.stringify({ ...snapshot, journalSeq: seq }))
  }
  const line = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`
  const put = (record: ScheduleRecord) => ({ put: 'schedules', record })

  it('ignores a torn last line, and the next write does not land after it', async () => {
    const dir = await tempDir()
    await writeSnapshot(dir, 0, [])
    await writeFile(
      path.join(dir, JOURNAL_FILE),
      line(1, [put(post('a'))]) + line(2, [put(post('b'))]).slice(0, 40),
    )
    const store = await openAt(dir)
    expect(ids(store)).toEqual(['a'])
    expect(await journalOf(dir)).toBe('')
    const c = post('c')
    store.data.schedules.push(c)
    await store.commit(upsert(c))
    expect(ids(await openAt(await crashCopy(dir)))).toEqual(['a', 'c'])
  })

  it('a crash between a snapshot and the journal truncation re-applies no older value', async () => {
    const dir = await tempDir()
    // The snapshot includes lines up to 2, where `a` was edited to n=2; the journal still holds 1 and 2
    // (older values), and 3 was written after the snapshot.
    await writeSnapshot(dir, 2, [post('a', 5)])
    await writeFile(
      path.join(dir, JOURNAL_FILE),
      line(1, [put(post('a', 1))]) +
        line(2, [put(post('a', 2)), put(post('gone'))]) +
        line(3, [put(post('b', 3))]),
    )
    const store = await openAt(dir)
    expect(store.data.schedules.map((s) => [s._id, s.additionalInfo.n])).toEqual([
      ['a', 5],
      ['b', 3],
    ])
    // The open compacted: the sequence goes on from the last line, not from the snapshot's.
    expect((await snapshotOf(dir)).journalSeq).toBe(3)
    const c = post('c')
    store.data.schedules.push(c)
    await store.commit(upsert(c))
    expect((JSON.parse(await journalOf(dir)) as { seq: number }).seq).toBe(4)
  })

  it('applies removals and later values in order', async () => {
    const dir = await tempDir()
    await writeSnapshot(dir, 0, [post('a'), post('b')])
    await writeFile(
      path.join(dir, JOURNAL_FILE),
      line(1, [{ del: 'schedules', id: 'a' }]) + line(2, [put(post('b', 2))]) + line(3, [put(post('b', 3))]),
    )
    expect((await openAt(dir)).data.schedules.map((s) => [s._id, s.additionalInfo.n])).toEqual([['b', 3]])
  })

  it.each([
    [
      'a line that is not JSON',
      (l: typeof line) => l(1, []) + '{"seq":2,"ops":[\n' + l(3, []),
      /line 2 is not valid JSON/,
    ],
    [
      'a sequence that goes back',
      (l: typeof line) => l(2, []) + l(1, []),
      /line 2 has no sequence number after 2/,
    ],
    [
      'an unknown collection',
      (l: typeof line) => l(1, [{ put: 'users', record: { _id: 'x' } }]),
      /line 1 has a change/,
    ],
    ['a line with no changes list', () => '{"seq":1}\n', /line 1 has no list of changes/],
  ])('%s before the last line is a clear error naming the journal', async (_, text, message) => {
    const dir = await tempDir()
    await writeSnapshot(dir, 0, [])
    await writeFile(path.join(dir, JOURNAL_FILE), text(line))
    const opened = openStore(dir)
    await expect(opened).rejects.toThrow(message)
    await expect(opened).rejects.toThrow(path.join(dir, JOURNAL_FILE))
  })

  it('a store written before the journal opens as it was', async () => {
    const dir = await tempDir()
    await writeSnapshot(dir, 0, [post('a')])
    const snapshot = await snapshotOf(dir)
    delete (snapshot as Partial<typeof snapshot>).journalSeq
    await writeFile(path.join(dir, STORE_FILE), JSON.stringify(snapshot))
    expect(ids(await openAt(dir))).toEqual(['a'])
  })
})

describe('the sandbox over HTTP', () => {
  it('journals schedule and file changes, and a sandbox started on the crashed data dir has them', async () => {
    const dataDir = await tempDir()
    const first = await startTestSandbox({ dataDir })
    try {
      const base = first.sandbox.url
      const accountId = (await call(base, 'GET', '/public/account?page=1&limit=100')).json.docs.find(
        (a: { isConnected: boolean; type: string }) => a.isConnected && a.type === 'facebook',
      ).id as string
      const body = (title: string) => ({
        ...emptyScheduleRequest(),
        title,
        description: 'Halo dari sandbox',
        type: 'image',
        medias: [{ alt: '', type: 'image', thumbnail: '', url: 'http://localhost/x.png' }],
        accountId,
        scheduleAt: '2026-08-01T00:00:00.000Z',
      })
      const created = (await call(base, 'POST', '/public/schedule', { body: body('kept') })).json.scheduleId
      const deleted = (await call(base, 'POST', '/public/schedule', { body: body('deleted') })).json
        .scheduleId
      expect((await call(base, 'PUT', `/public/schedule/${created}`, { body: body('edited') })).status).toBe(
        204,
      )
      expect((await call(base, 'DELETE', `/public/schedule/${deleted}`)).status).toBe(204)
      const file = await uploadFile(base, Buffer.from('journaled'), { filename: 'j.txt' })
      expect((await journalOf(dataDir)).trimEnd().split('\n').length).toBeGreaterThanOrEqual(6)

      const second = await startTestSandbox({ dataDir: await crashCopy(dataDir) })
      try {
        const again = second.sandbox.url
        expect((await call(again, 'GET', `/public/schedule/${created}`)).json.title).toBe('edited')
        expect((await call(again, 'GET', `/public/schedule/${deleted}`)).status).toBe(404)
        expect((await call(again, 'GET', `/public/storage/file/${file.id}`)).json.status).toBe('success')
      } finally {
        await second.stop()
      }
    } finally {
      await first.stop()
    }
  })
})

describe('kill -9', () => {
  const module = (relative: string) =>
    JSON.stringify(new URL(`../../../${relative}`, import.meta.url).pathname)

  it('in the middle of a stream of creates and edits loses no commit that resolved', async () => {
    const dir = await tempDir()
    // Each step creates p<i>, raises p<i/2>'s n to i, and now and then writes a whole snapshot; it prints i
    // once all of the step's commits resolved. Small limits make compactions happen within the stream.
    const script = `
      import { writeSync } from 'node:fs'
      const { openStore } = await import(${module('sandbox/store.ts')})
      const store = await openStore(${JSON.stringify(dir)}, { minJournalBytes: 4096, maxJournalLines: 25 })
      const post = (id, n) => ({ _id: id, title: id, description: '', topic: '', type: 'text', medias: [],
        meta: { title: '', description: '', url: '' }, additionalInfo: { n }, replies: [], status: 'pending',
        scheduleAt: '2026-08-01T00:00:00.000Z', accountId: 'a', userId: 'u', createdAt: '', updatedAt: '' })
      const upsert = (record) => ({ upsert: { collection: 'schedules', record } })
      for (let i = 0; ; i++) {
        const created = post('p' + i, 0)
        store.data.schedules.push(created)
        const edited = store.data.schedules.find((s) => s._id === 'p' + Math.floor(i / 2))
        edited.additionalInfo = { n: i }
        await Promise.all([store.commit(upsert(created)), store.commit(upsert(edited))])
        if (i % 37 === 0) await store.commit()
        writeSync(1, i + '\\n')
      }`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    let printed = ''
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString()
        if (printed.split('\n').length > 300) resolve()
      })
      void exited.then(() => resolve())
    })
    child.kill('SIGKILL')
    await exited
    const resolved = printed.split('\n').slice(0, -1).map(Number)
    expect(resolved.length).toBeGreaterThanOrEqual(300)

    const store = await openAt(dir)
    const byId = new Map(store.data.schedules.map((s) => [s._id, s.additionalInfo.n as number]))
    for (const i of resolved) {
      expect(byId.has(`p${i}`)).toBe(true)
      // Never an older value over a newer one: n only grows, and step i's value was resolved.
      expect(byId.get(`p${Math.floor(i / 2)}`)).toBeGreaterThanOrEqual(i)
    }
  }, 60_000)
})
