// The follower reads the status of the posts this app scheduled: at most once a minute while one is due,
// waiting for the earliest post otherwise, backing off after failed reads, and reporting each outcome once.
import { describe, expect, it } from 'vitest'
import type { ScheduleStatus } from '../../../../common/service'
import {
  createPostFollower,
  type FollowedPost,
  type PostOutcome,
} from '../../../../main/core/posts/post-follower'

const MIN = 60_000
const T0 = Date.parse('2026-12-01T10:00:00Z')

function fakeClock(start: number) {
  let now = start
  let timers: Array<{ at: number; run: () => void; id: number }> = []
  let next = 1
  return {
    now: () => now,
    setTimeout(run: () => void, ms: number) {
      const id = next++
      timers.push({ at: now + ms, run, id })
      return id
    },
    clearTimeout(id: unknown) {
      timers = timers.filter((t) => t.id !== id)
    },
    pending: () => timers.map((t) => t.at),
    /** Moves the clock to `to`, running each timer due on the way, in order; lets the reads settle. */
    async advanceTo(to: number) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at)
        const first = timers[0]
        if (!first || first.at > to) break
        timers.shift()
        now = first.at
        first.run()
        for (let i = 0; i < 5; i++) await Promise.resolve()
      }
      now = to
    },
  }
}

function setup(posts: FollowedPost[], answer: (ids: string[]) => Record<string, ScheduleStatus> | Error) {
  const clock = fakeClock(T0)
  const reads: number[] = []
  const outcomes: PostOutcome[] = []
  const settled = new Set<string>()
  const follower = createPostFollower({
    posts: () => posts,
    read: async (due) => {
      reads.push(clock.now())
      const result = answer(due.map((p) => p.scheduleId))
      if (result instanceof Error) throw result
      return new Map(Object.entries(result).map(([id, status]) => [id, { status }]))
    },
    onOutcome: (outcome) => outcomes.push(outcome),
    settled,
    clock,
  })
  return { clock, reads, outcomes, settled, follower }
}

const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString()

describe('post follower', () => {
  it('reads nothing before the earliest post is due, then once a minute until it is published', async () => {
    const statuses: Record<string, ScheduleStatus> = { a: 'pending' }
    const { clock, reads, outcomes, follower } = setup(
      [{ scheduleId: 'a', scheduleAt: at(10) }],
      () => statuses,
    )
    expect(follower.nextReadAt()).toBe(T0 + 10 * MIN)
    await clock.advanceTo(T0 + 12 * MIN + 1)
    expect(reads).toEqual([T0 + 10 * MIN, T0 + 11 * MIN, T0 + 12 * MIN])
    statuses.a = 'success'
    await clock.advanceTo(T0 + 20 * MIN)
    expect(reads).toHaveLength(4)
    expect(outcomes).toEqual([{ post: { scheduleId: 'a', scheduleAt: at(10) }, status: 'success' }])
    // Settled: nothing more is read.
    expect(follower.nextReadAt()).toBeNull()
    expect(clock.pending()).toEqual([])
  })

  it('reads all due posts of the profile in one request, never more than once a minute', async () => {
    const posts = [
      { scheduleId: 'a', scheduleAt: at(-5) },
      { scheduleId: 'b', scheduleAt: at(-1) },
      { scheduleId: 'c', scheduleAt: at(0) },
    ]
    const seen: string[][] = []
    const { clock, reads, follower } = setup(posts, (ids) => {
      seen.push(ids)
      return { a: 'pending', b: 'process', c: 'pending' }
    })
    await clock.advanceTo(T0 + 5 * MIN)
    for (let i = 0; i < 10; i++) follower.poke()
    await clock.advanceTo(T0 + 5 * MIN + 30_000)
    expect(seen[0]).toEqual(['a', 'b', 'c'])
    const gaps = reads.slice(1).map((r, i) => r - reads[i]!)
    expect(gaps.every((gap) => gap >= MIN)).toBe(true)
    expect(reads).toHaveLength(6)
  })

  it('backs off after failed reads and reports a failure to publish', async () => {
    let fail = true
    const { clock, reads, outcomes } = setup([{ scheduleId: 'a', scheduleAt: at(0) }], () =>
      fail ? new Error('offline') : { a: 'error' },
    )
    await clock.advanceTo(T0 + 8 * MIN)
    // 0, then +2, +4 minutes (doubling from the one-minute floor).
    expect(reads).toEqual([T0, T0 + 2 * MIN, T0 + 6 * MIN])
    fail = false
    await clock.advanceTo(T0 + 30 * MIN)
    expect(outcomes.map((o) => o.status)).toEqual(['error'])
  })

  it('announces nothing twice and stops following a post deleted on the service', async () => {
    const { clock, outcomes, settled, reads } = setup(
      [
        { scheduleId: 'done-before', scheduleAt: at(0) },
        { scheduleId: 'gone', scheduleAt: at(0) },
      ],
      () => ({ 'done-before': 'success' }),
    )
    settled.add('done-before')
    await clock.advanceTo(T0 + 10 * MIN)
    expect(outcomes).toEqual([])
    expect(settled.has('gone')).toBe(true)
    expect(reads).toHaveLength(2)
  })
})
