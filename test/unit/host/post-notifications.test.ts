// The due posts followed on the profile's background scheduler: the outbox sending a queued draft, then the
// service publishing it or failing to, and any due post failing; each said once, even across a restart, each
// leading to the post in the planner, and each change told to the views. A retried post is followed by its id
// until it fails again. The scheduler's clock is the test's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { t } from '../../../common/messages/index'
import type { AppRoute } from '../../../common/routes'
import type { Schedule } from '../../../common/service'
import { AppError } from '../../../common/errors'
import type { ServiceClient } from '../../../main/core/service-client'
import { createBackground } from '../../../main/host/background'
import { createEventHub } from '../../../main/host/event-hub'
import { silentLogger } from '../../../main/host/logging'
import { followPosts } from '../../../main/host/post-notifications'
import { manualClock } from '../../support/manual-clock'
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
const MIN = 60_000
const draft = (status: Draft['status'], scheduleId?: string): Draft =>
  ({
    id: 'd1',
    profileId: 'sandbox',
    status,
    post: { scheduleAt: new Date(T0 + MIN).toISOString() },
    localMedia: [],
    ...(scheduleId ? { scheduleId } : {}),
  }) as unknown as Draft

const schedule = (id: string, status: Schedule['status'], at = T0 + MIN): Schedule =>
  ({
    _id: id,
    status,
    scheduleAt: new Date(at).toISOString(),
    updatedAt: status,
    title: id,
    description: '',
    accountId: 'a1',
    account: { name: 'Toko Budi', type: 'instagram' },
  }) as unknown as Schedule

async function start(service: Map<string, Schedule>) {
  const time = manualClock(T0)
  const events = createEventHub()
  const notes: Array<{ title: string; body: string; route: AppRoute }> = []
  const changes: unknown[] = []
  events.subscribe((name, payload) => {
    if (name === 'schedules:changed') changes.push(payload)
  })
  const reads: string[] = []
  const client = {
    listSchedules: async (q: { fromDate: string; toDate: string }) => {
      reads.push('list')
      const docs = [...service.values()].filter((p) => p.scheduleAt >= q.fromDate && p.scheduleAt <= q.toDate)
      return { docs, hasNextPage: false }
    },
    getSchedule: async (id: string) => {
      reads.push(`get ${id}`)
      const found = service.get(id)
      if (!found) throw new AppError({ kind: 'not-found', message: 'gone' })
      return found
    },
  } as unknown as ServiceClient
  const background = createBackground({ clock: time.clock, log: silentLogger })
  await background.attach({ profileId: 'sandbox', client })
  const follow = followPosts({
    background,
    events,
    profileId: () => 'sandbox',
    drafts: async () => [draft('queued')],
    notifier: {
      notify: (title, body, route) => notes.push({ title, body, route }),
      tr: () => (key, params) => t('id', key, params),
    },
    database,
    settledFile: join(dir, 'announced.json'),
    log: silentLogger,
  })
  await time.advance(0)
  await background.scheduler()!.whenIdle()
  const settle = async (ms: number) => {
    await time.advance(ms)
    await background.scheduler()!.whenIdle()
  }
  return { events, notes, changes, reads, follow, background, settle, time }
}

it('says when a queued draft is sent, then when its post is published, once', async () => {
  const service = new Map([['s1', schedule('s1', 'pending')]])
  const s = await start(service)
  s.events.emit('drafts:changed', { seq: 1, changed: [draft('scheduled', 's1')], removed: [] })
  expect(s.notes).toEqual([
    {
      title: 'Draf terkirim',
      body: expect.stringContaining('dijadwalkan') as string,
      route: { view: 'planner', date: '2026-12-01', postId: 's1' },
    },
  ])
  service.set('s1', schedule('s1', 'success'))
  await s.settle(10 * MIN)
  expect(s.notes.map((n) => n.title)).toEqual(['Draf terkirim', 'Postingan terbit'])
  expect(s.notes[1]!.body).toContain('Toko Budi (instagram)')
  s.follow.stop()
  await s.background.close()

  // A restart with the same drafts announces nothing again, and reads nothing by id for it.
  const again = await start(service)
  again.events.emit('drafts:changed', { seq: 1, changed: [draft('scheduled', 's1')], removed: [] })
  await again.settle(10 * MIN)
  expect(again.notes.map((n) => n.title)).toEqual(['Draf terkirim'])
  expect(again.reads.filter((r) => r.startsWith('get'))).toEqual([])
  again.follow.stop()
  await again.background.close()
})

it('says within a minute when any due post failed, and tells the views what changed', async () => {
  const service = new Map([['other', schedule('other', 'pending', T0 + 2 * MIN)]])
  const s = await start(service)
  service.set('other', schedule('other', 'error', T0 + 2 * MIN))
  await s.settle(3 * MIN)
  expect(s.notes.map((n) => n.title)).toEqual(['Postingan gagal terbit'])
  expect(s.notes[0]!.route).toEqual({ view: 'planner', date: '2026-12-01', postId: 'other' })
  expect(s.changes).toEqual([
    // Numbered by the app's event hub, the first since the profile became active.
    { posts: [expect.objectContaining({ _id: 'other', status: 'error' })], removed: [], seq: 1 },
  ])
  s.follow.stop()
  await s.background.close()
})

it('follows a retried post until it fails again, and says so again', async () => {
  const old = T0 - 2 * 86_400_000
  const service = new Map([['ig', schedule('ig', 'error', old)]])
  const s = await start(service)
  service.set('ig', schedule('ig', 'pending', old))
  s.follow.watch(['ig'])
  await s.settle(0)
  expect(s.reads.at(-1)).toBe('get ig')
  service.set('ig', { ...schedule('ig', 'error', old), updatedAt: 'failed again' })
  await s.settle(MIN)
  expect(s.notes.map((n) => n.title)).toEqual(['Postingan gagal terbit'])
  // Retried once more: the second failure is news too.
  service.set('ig', schedule('ig', 'pending', old))
  s.follow.watch(['ig'])
  await s.settle(0)
  service.set('ig', { ...schedule('ig', 'error', old), updatedAt: 'failed a third time' })
  await s.settle(MIN)
  expect(s.notes.map((n) => n.title)).toEqual(['Postingan gagal terbit', 'Postingan gagal terbit'])
  s.follow.stop()
  await s.background.close()
})
