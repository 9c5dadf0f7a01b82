// The queue of a comment's status changes on a real database file, replayed against the real sandbox over HTTP
// behind a proxy that refuses connections (offline) or carries a request out and loses its answer: changes made
// offline wait and are replayed in the order they were made; a replay twice sets nothing twice; a comment the
// service moved on meanwhile is kept as a conflict, not overridden, unless our own reply resolved it; a change
// whose answer was lost is found on the comment instead of being sent again, and after the last look the
// person decides; a change taken by another process keeps the later ones of its comment waiting behind it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createLeases } from '../../../../main/core/db/leases'
import { createStatusOutbox, statusLease } from '../../../../main/core/inbox/status-outbox'
import { startSandbox, type RunningSandbox } from '../../../../sandbox'
import { clientFor } from '../../../integration/drafts/helpers'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../../support/answer-dropping-proxy'

const USER = { accessKey: 'st', secretKey: 'st-secret' }
let sandbox: RunningSandbox
let proxy: AnswerDroppingProxy
let dir: string
const opened: AppDatabase[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-status-outbox-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: { users: [{ ...USER, tier: 'gold', storageLimit: 50_000_000, seed: 'demo' }] },
  })
  proxy = await startAnswerDroppingProxy(sandbox.url)
})
afterAll(async () => {
  await proxy.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  proxy.setRule(() => 'pass')
  for (const database of opened.splice(0)) database.close()
})

let files = 0
function setUp(o: { repliedTo?: (id: string) => boolean } = {}) {
  const database = openDatabase({ file: join(dir, `db-${++files}.db`) })
  opened.push(database)
  const time = { ms: Date.parse('2026-12-01T10:00:00Z') }
  const client = clientFor(proxy.url, USER)
  const box = createStatusOutbox({
    database,
    leases: createLeases(database, { owner: 'this-process', now: () => time.ms }),
    profileId: 'p1',
    client: () => client,
    now: () => new Date(time.ms),
    ...(o.repliedTo ? { repliedTo: o.repliedTo } : {}),
  })
  return { database, box, time }
}

/** The service's own view, not through the proxy. */
const direct = () => clientFor(sandbox.url, USER)
const statusOf = async (id: string) => (await direct().getComment(id)).status
async function newComments(n: number): Promise<string[]> {
  const added = await sandbox.addIncoming(USER.accessKey, {
    comments: Array.from({ length: n }, (_, i) => ({ text: `Masih ada ${i}?`, from: `Dian ${i}` })),
  })
  return added.comments.map((c) => c.id)
}
const puts = () => proxy.seen.filter((s) => s.startsWith('PUT '))

describe('status changes made offline', () => {
  it('wait while the service cannot be reached, then are replayed in the order they were made, once', async () => {
    const [a, b] = await newComments(2)
    const { box } = setUp()
    proxy.setRule(() => 'refuse')
    box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    box.queue({ commentId: b!, status: 'ignored', base: 'pending' })
    // The person changes their mind on the first: it goes after the first, from what they saw then.
    box.queue({ commentId: a!, status: 'ignored', base: 'resolved' })

    const offline = await box.replay()
    expect(offline.stoppedBy?.kind).toBe('network')
    expect(box.list().map((c) => [c.commentId, c.status, c.state])).toEqual([
      [a, 'resolved', 'queued'],
      [b, 'ignored', 'queued'],
      [a, 'ignored', 'queued'],
    ])

    proxy.setRule(() => 'pass')
    proxy.seen.length = 0
    const online = await box.replay()
    expect(online.stoppedBy).toBeUndefined()
    expect(online.done).toHaveLength(3)
    expect(puts()).toEqual([
      `PUT /public/comment/${a}/status`,
      `PUT /public/comment/${b}/status`,
      `PUT /public/comment/${a}/status`,
    ])
    expect(await statusOf(a!)).toBe('ignored')
    expect(await statusOf(b!)).toBe('ignored')
    expect(box.list()).toEqual([])
    // What the copy should show, as the service now has it.
    expect(online.read.map((c) => [c.id, c.status])).toEqual([
      [a, 'resolved'],
      [b, 'ignored'],
      [a, 'ignored'],
    ])

    proxy.seen.length = 0
    expect((await box.replay()).done).toEqual([])
    expect(puts()).toEqual([])
  })

  it('a change the service already holds is carried out without setting it again', async () => {
    const [a] = await newComments(1)
    const { box } = setUp()
    box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    await direct().setCommentStatus(a!, 'resolved')
    proxy.seen.length = 0
    expect((await box.replay()).done).toHaveLength(1)
    expect(puts()).toEqual([])
  })

  it('a comment the service moved on meanwhile is kept as a conflict for the person, never overridden', async () => {
    const [a, b] = await newComments(2)
    const { box } = setUp()
    box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    box.queue({ commentId: b!, status: 'resolved', base: 'pending' })
    // Someone else ignored the first meanwhile.
    await direct().setCommentStatus(a!, 'ignored')

    const result = await box.replay()
    expect(result.conflicts).toHaveLength(1)
    expect(result.done).toHaveLength(1)
    expect(await statusOf(a!)).toBe('ignored')
    expect(await statusOf(b!)).toBe('resolved')
    expect(box.list()).toMatchObject([
      { commentId: a, status: 'resolved', state: 'conflict', seen: 'ignored' },
    ])

    // Setting it again is the person's answer: the conflict goes, and the new change is replayed from there.
    box.queue({ commentId: a!, status: 'resolved', base: 'ignored' })
    expect(box.list()).toMatchObject([{ commentId: a, state: 'queued', base: 'ignored' }])
    expect((await box.replay()).done).toHaveLength(1)
    expect(await statusOf(a!)).toBe('resolved')
    expect(box.list()).toEqual([])
  })

  it('a pending comment our own reply resolved is not someone else’s move', async () => {
    const [a, b] = await newComments(2)
    const replied = new Set([a!])
    const { box } = setUp({ repliedTo: (id) => replied.has(id) })
    box.queue({ commentId: a!, status: 'ignored', base: 'pending' })
    box.queue({ commentId: b!, status: 'ignored', base: 'pending' })
    await direct().replyComment(a!, 'Masih kak')
    await direct().replyComment(b!, 'Masih kak') // not ours, as far as this queue knows
    expect(await statusOf(a!)).toBe('resolved')

    const result = await box.replay()
    expect(await statusOf(a!)).toBe('ignored')
    expect(await statusOf(b!)).toBe('resolved')
    expect(result.conflicts).toHaveLength(1)
    expect(box.list()).toMatchObject([{ commentId: b, state: 'conflict', seen: 'resolved' }])
  })
})

describe('a change whose answer was lost', () => {
  it('is found on the comment at the next replay and not set again', async () => {
    const [a] = await newComments(1)
    const { box } = setUp()
    box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    proxy.setRule((method) => (method === 'PUT' ? 'drop-answer' : 'pass'))
    const lost = await box.replay()
    expect(lost.done).toEqual([])
    expect(box.list()).toMatchObject([{ state: 'sending' }])
    expect(await statusOf(a!)).toBe('resolved')

    proxy.setRule(() => 'pass')
    proxy.seen.length = 0
    expect((await box.replay()).done).toHaveLength(1)
    expect(puts()).toEqual([])
    expect(box.list()).toEqual([])
  })

  it('is looked for on the unknown-outcome rhythm, then left to the person, never sent again on its own', async () => {
    const [a] = await newComments(1)
    const { box, time } = setUp()
    box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    proxy.setRule((method) => (method === 'PUT' ? 'drop-answer' : 'pass'))
    await box.replay()
    // The service took it, then someone put it back: the look finds the comment without the change.
    await direct().setCommentStatus(a!, 'pending')
    proxy.setRule(() => 'pass')
    proxy.seen.length = 0

    await box.replay()
    expect(box.list()).toMatchObject([{ state: 'sending' }])
    const looked = box.list()[0]!.lookedAt
    expect(looked).not.toBeNull()
    // A minute on: no look is due yet.
    time.ms += 60_000
    const gets = proxy.seen.length
    await box.replay()
    expect(proxy.seen.length).toBe(gets)
    // Past the last look: the person decides.
    time.ms += 10 * 60_000
    const result = await box.replay()
    expect(result.attention).toHaveLength(1)
    expect(box.list()).toMatchObject([{ state: 'attention', seen: 'pending' }])
    expect(puts()).toEqual([])
    expect(await statusOf(a!)).toBe('pending')
  })
})

describe('two processes on one data folder', () => {
  it('a change another process holds keeps the later ones of its comment behind it', async () => {
    const [a, b] = await newComments(2)
    const { box, database, time } = setUp()
    const first = box.queue({ commentId: a!, status: 'resolved', base: 'pending' })
    box.queue({ commentId: a!, status: 'ignored', base: 'resolved' })
    box.queue({ commentId: b!, status: 'resolved', base: 'pending' })
    const other = createLeases(database, { owner: 'other-process', now: () => time.ms, isDead: () => false })
    expect(other.acquire(statusLease(first.id))).toBe(true)

    const result = await box.replay()
    expect(result.done).toHaveLength(1)
    expect(await statusOf(a!)).toBe('pending')
    expect(await statusOf(b!)).toBe('resolved')
    expect(box.list().map((c) => [c.commentId, c.status])).toEqual([
      [a, 'resolved'],
      [a, 'ignored'],
    ])
  })
})
