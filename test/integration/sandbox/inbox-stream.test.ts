// The inbox over time and restarts: the incoming stream of the config (`incoming.everySeconds`) delivers the
// same comments and messages for the same clock, a restart keeps replies, statuses, messages and the stream's
// place, and a store seeded before the inbox existed gets the inbox's demo data once.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { call, createClock, startTestSandbox, TEST_CONFIG, type TestSandbox } from './helpers'

const STREAM = { ...TEST_CONFIG, incoming: { everySeconds: 60 } }
const started: TestSandbox[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const t of started.splice(0)) await t.stop()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function start(o: Parameters<typeof startTestSandbox>[0] = {}) {
  const t = await startTestSandbox(o)
  started.push(t)
  return t
}

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-inbox-'))
  dirs.push(dir)
  return dir
}

/** What people wrote, without the port-dependent addresses. */
async function inbox(base: string) {
  const comments = (await call(base, 'GET', '/public/comment?page=1&limit=100')).json.docs
  const chats = (await call(base, 'GET', '/public/chat?page=1&limit=100')).json.docs
  return {
    comments: comments.map((c: any) => [
      c.id,
      c.status,
      c.comment.id,
      c.comment.text,
      c.comment.replies.length,
    ]),
    chats: chats.map((c: any) => [c.id, c.senderName, c.unreadCount, c.lastMessage.text]),
  }
}

describe('the incoming stream', () => {
  it('delivers one item per interval of the clock, alternating comments and messages, the same every run', async () => {
    const a = await start({ config: STREAM })
    const before = await inbox(a.sandbox.url)
    a.clock.advance(5 * 60_000 + 30_000)
    await a.sandbox.tick()
    const after = await inbox(a.sandbox.url)
    const newComments = after.comments.length - before.comments.length
    const unread = (chats: unknown[][]) => chats.reduce((n, c) => n + (c[2] as number), 0)
    const newMessages = unread(after.chats) - unread(before.chats)
    expect(newComments).toBe(3) // items 0, 2 and 4
    expect(newMessages).toBe(2) // items 1 and 3
    // Nothing more until the next interval.
    await a.sandbox.tick()
    expect(await inbox(a.sandbox.url)).toEqual(after)

    const b = await start({ config: STREAM })
    b.clock.advance(5 * 60_000 + 30_000)
    await b.sandbox.tick()
    expect(await inbox(b.sandbox.url)).toEqual(after)
  })

  it('is off without the config', async () => {
    const t = await start()
    const before = await inbox(t.sandbox.url)
    t.clock.advance(3600_000)
    await t.sandbox.tick()
    expect(await inbox(t.sandbox.url)).toEqual(before)
  })
})

describe('a restart', () => {
  it('keeps replies, statuses, messages read and sent, and the place of the stream', async () => {
    const dataDir = await tempDir()
    const clock = createClock()
    const first = await startTestSandbox({ config: STREAM, dataDir, clock })
    const base = first.sandbox.url
    const pending = (await call(base, 'GET', '/public/comment?page=1&limit=100&status=pending')).json.docs
    await call(base, 'POST', `/public/comment/${pending[0].id}`, { body: { text: 'Siap kak' } })
    await call(base, 'PUT', `/public/comment/${pending[1].id}/status`, { body: { status: 'ignored' } })
    const chats = (await call(base, 'GET', '/public/chat?page=1&limit=100&status=unread')).json.docs
    await call(base, 'POST', `/public/chat/${chats[0].id}/read`)
    await call(base, 'POST', `/public/chat/${chats[1].id}/message`, { body: { type: 'text', text: 'Baik' } })
    clock.advance(2 * 60_000)
    await first.sandbox.tick()
    const kept = await inbox(base)
    await first.sandbox.close()

    const second = await start({ config: STREAM, dataDir, clock })
    expect(await inbox(second.sandbox.url)).toEqual(kept)
    // The items already delivered are not delivered again.
    await second.sandbox.tick()
    expect(await inbox(second.sandbox.url)).toEqual(kept)
  })

  it('gives a store seeded before the inbox existed the demo inbox once', async () => {
    const dataDir = await tempDir()
    const clock = createClock()
    const first = await startTestSandbox({ dataDir, clock })
    await first.sandbox.close()
    const file = path.join(dataDir, 'store.json')
    const store = JSON.parse(await readFile(file, 'utf8'))
    for (const kind of ['comments', 'chats', 'messages']) delete store[kind]
    for (const user of store.users) delete user.inboxSeeded
    await writeFile(file, JSON.stringify(store))

    const second = await start({ dataDir, clock })
    const seeded = await inbox(second.sandbox.url)
    expect(seeded.comments.length).toBeGreaterThan(10)
    expect(seeded.chats.length).toBeGreaterThan(3)
    await second.sandbox.close()
    started.pop()
    const third = await start({ dataDir, clock })
    expect(await inbox(third.sandbox.url)).toEqual(seeded)
  })
})
