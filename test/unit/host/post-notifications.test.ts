// Notifications about the posts this app sent: the outbox sending a queued draft, then the service publishing
// it or failing to; each once, even across a restart, and each leading to the post in the planner.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { t } from '../../../common/messages/index'
import type { AppRoute } from '../../../common/routes'
import type { Schedule } from '../../../common/service'
import type { ServiceClient } from '../../../main/core/service-client'
import { createEventHub } from '../../../main/host/event-hub'
import { silentLogger } from '../../../main/host/logging'
import { followSentPosts } from '../../../main/host/post-notifications'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'

let dir: string
let database: AppDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'post-notes-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const T0 = Date.parse('2026-12-01T10:00:00Z')
const draft = (status: Draft['status'], scheduleId?: string): Draft =>
  ({
    id: 'd1',
    profileId: 'sandbox',
    status,
    post: { scheduleAt: new Date(T0 + 60_000).toISOString() },
    localMedia: [],
    ...(scheduleId ? { scheduleId } : {}),
  }) as unknown as Draft

function clock() {
  let now = T0
  const timers = new Map<number, { at: number; run: () => void }>()
  let id = 0
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => (timers.set(++id, { at: now + ms, run }), id),
    clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    async advance(ms: number) {
      const to = now + ms
      for (;;) {
        const due = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0]
        if (!due || due[1].at > to) break
        timers.delete(due[0])
        now = due[1].at
        due[1].run()
        for (let i = 0; i < 10; i++) await Promise.resolve()
      }
      now = to
    },
  }
}

function start(status: Schedule['status']) {
  const events = createEventHub()
  const notes: Array<{ title: string; body: string; route: AppRoute }> = []
  const c = clock()
  const reads: unknown[] = []
  const client = {
    listSchedules: async (q: unknown) => {
      reads.push(q)
      return { docs: [{ _id: 's1', status, account: { name: 'Toko Budi' } }] }
    },
  } as unknown as ServiceClient
  const follower = followSentPosts({
    events,
    drafts: async () => [draft('queued')],
    client: () => client,
    notify: (title, body, route) => notes.push({ title, body, route }),
    tr: () => (key, params) => t('id', key, params),
    database,
    settledFile: join(dir, 'announced.json'),
    log: silentLogger,
    clock: c,
  })
  return { events, notes, clock: c, reads, follower }
}

it('says when a queued draft is sent, then when its post is published, once', async () => {
  const s = start('success')
  await new Promise((resolve) => setImmediate(resolve))
  s.events.emit('drafts:changed', { seq: 1, changed: [draft('scheduled', 's1')], removed: [] })
  expect(s.notes).toEqual([
    {
      title: 'Draf terkirim',
      body: expect.stringContaining('dijadwalkan') as string,
      route: { view: 'planner', date: '2026-12-01', postId: 's1' },
    },
  ])
  await s.clock.advance(10 * 60_000)
  expect(s.notes.map((n) => n.title)).toEqual(['Draf terkirim', 'Postingan terbit'])
  expect(s.notes[1]!.body).toContain('Toko Budi')
  expect(s.reads).toHaveLength(1)
  s.follower.stop()

  // A restart with the same drafts announces nothing again.
  const again = start('success')
  await new Promise((resolve) => setImmediate(resolve))
  again.events.emit('drafts:changed', { seq: 1, changed: [draft('scheduled', 's1')], removed: [] })
  await again.clock.advance(10 * 60_000)
  expect(again.notes.map((n) => n.title)).toEqual(['Draf terkirim'])
  expect(again.reads).toHaveLength(0)
  again.follower.stop()
})

it('says when a post failed to publish', async () => {
  const s = start('error')
  await new Promise((resolve) => setImmediate(resolve))
  s.events.emit('drafts:changed', { seq: 1, changed: [draft('scheduled', 's1')], removed: [] })
  await s.clock.advance(10 * 60_000)
  expect(s.notes.map((n) => n.title)).toEqual(['Draf terkirim', 'Postingan gagal terbit'])
  s.follower.stop()
})
