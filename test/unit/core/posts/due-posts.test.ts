// The due posts followed until they settle: each minute around a post's time and while one is unsettled,
// every 15 minutes otherwise; each run tells what changed since the last (never the first read's whole
// list), and which posts reached an outcome: a watched one, one seen unsettled before, one created and failed
// between two reads; a retried post far in the past is read by id until it settles.
import { describe, expect, it } from 'vitest'
import type { Schedule } from '../../../../common/service'
import {
  createDuePosts,
  FOLLOW_IDLE_MS,
  FOLLOW_NEAR_MS,
  type DuePostsChange,
} from '../../../../main/core/posts/due-posts'

const MIN = 60_000
const T0 = Date.parse('2026-12-01T19:00:00Z')

function post(id: string, at: number, status: Schedule['status'], extra: Partial<Schedule> = {}): Schedule {
  return {
    _id: id,
    status,
    scheduleAt: new Date(at).toISOString(),
    updatedAt: new Date(T0 - 3600_000).toISOString(),
    title: id,
    description: '',
    accountId: 'a1',
    ...extra,
  } as Schedule
}

function setup(initial: Schedule[]) {
  let now = T0
  const service = new Map(initial.map((p) => [p._id, p]))
  const lists: Array<[number, number]> = []
  const gets: string[] = []
  const changes: DuePostsChange[] = []
  const outcomes: string[] = []
  const due = createDuePosts({
    list: async (from, to) => {
      lists.push([from.getTime() - now, to.getTime() - now])
      return [...service.values()].filter(
        (p) => Date.parse(p.scheduleAt) >= from.getTime() && Date.parse(p.scheduleAt) <= to.getTime(),
      )
    },
    get: async (id) => {
      gets.push(id)
      return service.get(id) ?? null
    },
    now: () => now,
    onChange: (change) => changes.push(change),
    onOutcome: (p, outcome) => outcomes.push(`${p._id}:${outcome}`),
  })
  return {
    due,
    service,
    lists,
    gets,
    changes,
    outcomes,
    set: (p: Schedule) => service.set(p._id, p),
    at: (ms: number) => (now = T0 + ms),
  }
}

describe('due posts', () => {
  it('reads each minute around a post’s time, tells the failure once, then rests to 15 minutes', async () => {
    const s = setup([post('p1', T0 + 12 * MIN, 'pending'), post('old', T0 - 30 * MIN, 'error')])
    await s.due.run()
    // The first read is the baseline: nothing told, the failure already there is not news.
    expect(s.changes).toEqual([])
    expect(s.outcomes).toEqual([])
    // 12 minutes away: the next read 5 minutes before it.
    expect(s.due.every()).toBe(7 * MIN)
    s.at(7 * MIN)
    await s.due.run()
    expect(s.due.every()).toBe(FOLLOW_NEAR_MS)
    s.at(13 * MIN)
    s.set(post('p1', T0 + 12 * MIN, 'error', { errorMessage: 'account disconnected', updatedAt: 'x' }))
    await s.due.run()
    expect(s.outcomes).toEqual(['p1:error'])
    expect(s.changes).toHaveLength(1)
    expect(s.changes[0]!.posts.map((p) => [p._id, p.status])).toEqual([['p1', 'error']])
    expect(s.due.every()).toBe(FOLLOW_IDLE_MS)
    // Nothing changed: nothing told.
    s.at(28 * MIN)
    await s.due.run()
    expect(s.changes).toHaveLength(1)
    expect(s.outcomes).toEqual(['p1:error'])
  })

  it('follows a retried post from days ago by its id until the service says how it went', async () => {
    const s = setup([post('ig', T0 - 2 * 86_400_000, 'error')])
    await s.due.run()
    // Retried: pending again with its old time, outside the window.
    s.set(post('ig', T0 - 2 * 86_400_000, 'pending', { updatedAt: 'retried' }))
    s.due.watch(['ig'])
    s.at(10 * 1000)
    await s.due.run()
    expect(s.gets).toEqual(['ig'])
    expect(s.changes.at(-1)!.posts.map((p) => p.status)).toEqual(['pending'])
    expect(s.due.every()).toBe(FOLLOW_NEAR_MS)
    s.set(post('ig', T0 - 2 * 86_400_000, 'error', { updatedAt: 'failed again' }))
    s.at(70 * 1000)
    await s.due.run()
    expect(s.outcomes).toEqual(['ig:error'])
    expect(s.changes.at(-1)!.posts.map((p) => p.status)).toEqual(['error'])
    expect(s.due.watched()).toEqual([])
    // Settled: no longer read by id.
    s.at(20 * MIN)
    await s.due.run()
    expect(s.gets).toEqual(['ig', 'ig'])
  })

  it('tells a post created and failed between two reads, and a watched post deleted on the service', async () => {
    const s = setup([post('w', T0 - 5 * 86_400_000, 'pending')])
    s.due.watch(['w'])
    await s.due.run()
    s.set(post('new', T0 - 1 * MIN, 'error'))
    s.service.delete('w')
    s.at(MIN)
    await s.due.run()
    expect(s.outcomes).toEqual(['new:error'])
    expect(s.changes).toEqual([{ posts: [expect.objectContaining({ _id: 'new' })], removed: ['w'] }])
  })

  it('tells a watched post’s outcome even on the first read (it settled while the app was closed)', async () => {
    const s = setup([post('sent', T0 - 10 * MIN, 'success')])
    s.due.watch(['sent'])
    await s.due.run()
    expect(s.outcomes).toEqual(['sent:success'])
    expect(s.changes).toEqual([])
  })

  it('reads a window from two hours back to half an hour ahead', async () => {
    const s = setup([])
    await s.due.run()
    expect(s.lists).toEqual([[-120 * MIN, 30 * MIN]])
    expect(s.due.every()).toBe(FOLLOW_IDLE_MS)
  })
})
