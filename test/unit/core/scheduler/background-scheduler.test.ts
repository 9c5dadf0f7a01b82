// The profile's one background loop on a clock the test moves: tasks run on their rhythm and never overlap,
// the request budget holds across tasks (60 in any minute), a Retry-After (seconds or an HTTP date, as the
// service client maps it) holds every task, a failing task backs off to 15 minutes, and stopping leaves
// nothing behind.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { errorFromResponse } from '../../../../main/core/http/error-mapping'
import { MAX_TIMER_MS } from '../../../../main/core/http/backoff'
import {
  createBackgroundScheduler,
  type BackgroundTask,
  type TaskContext,
} from '../../../../main/core/scheduler/background-scheduler'
import { backoffAfter, MAX_BACKOFF_MS } from '../../../../main/core/scheduler/scheduler-backoff'
import { manualClock } from '../../../support/manual-clock'

const SEC = 1_000
const MIN = 60_000
const T0 = Date.parse('2026-12-01T10:00:00Z')

function setup() {
  const time = manualClock(T0)
  const errors: string[] = []
  const scheduler = createBackgroundScheduler({
    clock: time.clock,
    onError: (task, error) => errors.push(`${task}: ${error.kind}`),
  })
  return { time, scheduler, errors }
}

/** A task that records when it ran (relative to T0) and does what `body` says. */
function recorded(
  name: string,
  every: number | null,
  body: (context: TaskContext, run: number) => Promise<void> = async () => undefined,
  extra: Partial<BackgroundTask> = {},
) {
  const runs: number[] = []
  let now = () => 0
  const task: BackgroundTask = {
    name,
    every: () => every,
    async run(context) {
      runs.push(now() - T0)
      await body(context, runs.length)
    },
    ...extra,
  }
  return { task, runs, bind: (clock: () => number) => (now = clock) }
}

describe('background scheduler', () => {
  it('runs a task at once, then at its rhythm, asking it again after each run', async () => {
    const { time, scheduler } = setup()
    let every = MIN
    const t = recorded('due-posts', null)
    t.bind(time.now)
    t.task.every = () => every
    scheduler.register(t.task)
    await time.advance(2 * MIN)
    expect(t.runs).toEqual([0, MIN, 2 * MIN])
    every = 15 * MIN
    await time.advance(MIN + 15 * MIN)
    expect(t.runs).toEqual([0, MIN, 2 * MIN, 3 * MIN, 18 * MIN])
    await scheduler.stop()
  })

  it('never runs a task over itself: a poke while it runs makes one more run after it', async () => {
    const { time, scheduler } = setup()
    let release: () => void = () => undefined
    const t = recorded('slow', 10 * MIN, () => new Promise<void>((resolve) => (release = resolve)))
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    await time.advance(0)
    handle.poke()
    handle.poke()
    await time.advance(5 * SEC)
    expect(t.runs).toEqual([0])
    release()
    await time.advance(0)
    expect(t.runs).toEqual([0, 5 * SEC])
    release()
    await scheduler.whenIdle()
    expect(handle.nextRunAt()).toBe(T0 + 5 * SEC + 10 * MIN)
    await scheduler.stop()
  })

  it('keeps every task of the profile to 60 requests in any minute, the rest waiting for the window', async () => {
    const { time, scheduler } = setup()
    const sent: number[] = []
    const burst = (n: number) => async (context: TaskContext) => {
      for (let i = 0; i < n; i++) {
        await context.request()
        sent.push(time.now() - T0)
      }
    }
    scheduler.register(recorded('inbox', null, burst(45)).task)
    scheduler.register(recorded('insights', null, burst(45)).task)
    await time.advance(0)
    expect(sent).toHaveLength(60)
    expect(scheduler.used()).toBe(60)
    await time.advance(MIN - 1)
    expect(sent).toHaveLength(60)
    await time.advance(1)
    expect(sent).toHaveLength(90)
    // In any window of a minute, never more than 60.
    for (const start of sent)
      expect(sent.filter((at) => at >= start && at < start + MIN).length).toBeLessThanOrEqual(60)
    await scheduler.stop()
  })

  it('honours a Retry-After in seconds for every task, and what waits for the budget too', async () => {
    const { time, scheduler, errors } = setup()
    // The other task is in a run, about to ask for a request, when the service says to wait.
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const sent: number[] = []
    const other = recorded('due-posts', 30 * SEC, async (context, run) => {
      if (run === 1) await gate
      await context.request()
      sent.push(time.now() - T0)
    })
    other.bind(time.now)
    scheduler.register(other.task)
    await time.advance(0)
    const limited = recorded('insights', MIN, async (context, run) => {
      await context.request()
      if (run === 1)
        throw errorFromResponse('service', 429, { 'retry-after': '120' }, '{"message":"too many"}', 'list', {
          now: time.now(),
        })
    })
    limited.bind(time.now)
    scheduler.register(limited.task)
    await time.advance(0)
    expect(errors).toEqual(['insights: rate-limited'])
    expect(scheduler.heldUntil()).toBe(T0 + 2 * MIN)
    release()
    await time.advance(2 * MIN - 1)
    // Nothing was asked of the service while it asked to wait, though the other's rhythm is 30 s.
    expect(sent).toEqual([])
    expect(limited.runs).toEqual([0])
    expect(other.runs).toEqual([0])
    await time.advance(1)
    expect(sent).toEqual([2 * MIN])
    expect(limited.runs).toEqual([0, 2 * MIN])
    expect(scheduler.heldUntil()).toBeNull()
    await time.advance(30 * SEC)
    expect(other.runs).toEqual([0, 2 * MIN + 30 * SEC])
    await scheduler.stop()
  })

  it("counts a reader's own reads (the probe, the account watch) in the budget, and holds every task on their Retry-After, the probe unheld", async () => {
    const { time, scheduler } = setup()
    const task = recorded('due-posts', 30 * SEC, async (context) => context.request())
    task.bind(time.now)
    scheduler.register(task.task)
    await time.advance(0)
    expect(scheduler.used()).toBe(1)
    // A read with a rhythm of its own: two requests, both counted beside the task's.
    const answer = await scheduler.read(async ({ request }) => {
      await request()
      await request()
      return 'read'
    })
    expect(answer).toBe('read')
    expect(scheduler.used()).toBe(3)
    // The service asks it to wait: every task waits too, its error still the reader's.
    const limited = errorFromResponse('service', 429, { 'retry-after': '120' }, '{}', 'probe', {
      now: time.now(),
    })
    await expect(
      scheduler.read(async ({ request }) => {
        await request()
        throw limited
      }),
    ).rejects.toBe(limited)
    expect(scheduler.heldUntil()).toBe(T0 + 2 * MIN)
    // A reader that must not be held (the probe) goes at once, still counted.
    const used = scheduler.used()
    await scheduler.read(async ({ request }) => request(), { wait: false })
    expect(scheduler.used()).toBe(used + 1)
    await time.advance(2 * MIN - 1)
    expect(task.runs).toEqual([0])
    await time.advance(1)
    expect(task.runs).toEqual([0, 2 * MIN])
    await scheduler.stop()
  })

  it('honours a Retry-After given as an HTTP date', async () => {
    const { time, scheduler } = setup()
    const at = new Date(T0 + 10 * MIN)
    const t = recorded('accounts', MIN, async (_context, run) => {
      if (run === 1)
        throw errorFromResponse('service', 429, { 'retry-after': at.toUTCString() }, '', 'accounts', {
          now: time.now(),
        })
    })
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    await time.advance(0)
    expect(handle.nextRunAt()).toBe(at.getTime())
    // A poke does not jump the service's wait.
    handle.poke()
    await time.advance(10 * MIN - 1)
    expect(t.runs).toEqual([0])
    await time.advance(1)
    expect(t.runs).toEqual([0, 10 * MIN])
    await scheduler.stop()
  })

  it('backs a failing task off exponentially to 15 minutes, and back to its rhythm once it succeeds', async () => {
    const { time, scheduler } = setup()
    let failing = true
    const t = recorded('due-posts', MIN, async () => {
      if (failing) throw new AppError({ kind: 'server', status: 503, message: 'unavailable' })
    })
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    await time.advance(0)
    const gaps: number[] = []
    for (let i = 0; i < 7; i++) {
      const before = t.runs.length
      const wait = handle.nextRunAt()! - time.now()
      gaps.push(wait)
      await time.advance(wait)
      expect(t.runs).toHaveLength(before + 1)
    }
    expect(gaps).toEqual([30 * SEC, MIN, 2 * MIN, 4 * MIN, 8 * MIN, 15 * MIN, 15 * MIN])
    expect(scheduler.status()[0]).toMatchObject({ name: 'due-posts', failures: 8 })
    failing = false
    await time.advance(handle.nextRunAt()! - time.now())
    expect(scheduler.status()[0]!.failures).toBe(0)
    expect(handle.nextRunAt()! - time.now()).toBe(MIN)
    expect(backoffAfter(50)).toBe(MAX_BACKOFF_MS)
    await scheduler.stop()
  })

  it('runs a poked task soon, not before its least gap, and not past a failing backoff', async () => {
    const { time, scheduler } = setup()
    const t = recorded('accounts', 60 * MIN, async () => undefined, { minGapMs: MIN })
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    await time.advance(10 * SEC)
    handle.poke()
    expect(handle.nextRunAt()).toBe(T0 + MIN)
    await time.advance(MIN)
    expect(t.runs).toEqual([0, MIN])
    await scheduler.stop()
  })

  it('stops whole: the run in progress is aborted, the budget waits are refused, no timer is left', async () => {
    const { time, scheduler } = setup()
    let aborted = false
    let refused: unknown
    const t = recorded('inbox', MIN, async (context) => {
      context.signal.addEventListener('abort', () => (aborted = true))
      // More than the budget: the 61st waits for the window when the scheduler stops.
      try {
        for (let i = 0; i < 61; i++) await context.request()
      } catch (error) {
        refused = error
        throw error
      }
    })
    t.bind(time.now)
    scheduler.register(t.task)
    scheduler.register(recorded('probe', SEC).task)
    await time.advance(0)
    expect(time.pending()).toBeGreaterThan(0)
    await scheduler.stop()
    expect(aborted).toBe(true)
    expect(AppError.from(refused).kind).toBe('cancelled')
    expect(time.pending()).toBe(0)
    await time.advance(60 * MIN)
    expect(t.runs).toEqual([0])
    expect(() => scheduler.register(recorded('late', MIN).task)).toThrow()
  })

  it('forgets an unregistered task, timer and all; a name is registered once', async () => {
    const { time, scheduler } = setup()
    const t = recorded('insights', MIN)
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    expect(() => scheduler.register(recorded('insights', MIN).task)).toThrow(/insights/)
    await time.advance(0)
    handle.unregister()
    expect(time.pending()).toBe(0)
    await time.advance(5 * MIN)
    expect(t.runs).toEqual([0])
    expect(scheduler.status()).toEqual([])
    await scheduler.stop()
  })

  it('waits to be poked when a task asks for no rhythm', async () => {
    const { time, scheduler } = setup()
    const t = recorded('on-demand', null, async () => undefined, { firstRunAfterMs: null })
    t.bind(time.now)
    const handle = scheduler.register(t.task)
    await time.advance(10 * MIN)
    expect(t.runs).toEqual([])
    await handle.runNow()
    expect(t.runs).toEqual([10 * MIN])
    expect(handle.nextRunAt()).toBeNull()
    await scheduler.stop()
  })

  it('holds every task for a Retry-After of at most 15 minutes, however long the service asks', async () => {
    for (const retryAfter of ['3600', new Date(T0 + 400 * 24 * 60 * MIN).toUTCString()]) {
      const { time, scheduler } = setup()
      const t = recorded('insights', MIN, async (context, run) => {
        await context.request()
        if (run === 1)
          throw errorFromResponse('service', 503, { 'retry-after': retryAfter }, '', 'insights', {
            now: time.now(),
          })
      })
      t.bind(time.now)
      const other = recorded('due-posts', 30 * SEC, async (context) => context.request())
      other.bind(time.now)
      scheduler.register(t.task)
      scheduler.register(other.task)
      await time.advance(0)
      expect(scheduler.heldUntil()).toBe(T0 + MAX_BACKOFF_MS)
      await time.advance(MAX_BACKOFF_MS)
      expect(t.runs).toEqual([0, MAX_BACKOFF_MS])
      // The other, due at once too, waited as well.
      expect(other.runs).toEqual([MAX_BACKOFF_MS])
      await scheduler.stop()
    }
  })

  it('never hands a timer a delay past what it can hold, and still runs a far task on time', async () => {
    const time = manualClock(T0)
    const delays: number[] = []
    const scheduler = createBackgroundScheduler({
      clock: {
        now: time.clock.now,
        setTimeout: (run, ms) => {
          delays.push(ms)
          return time.clock.setTimeout(run, ms)
        },
        clearTimeout: time.clock.clearTimeout,
      },
    })
    const far = 40 * 24 * 60 * MIN
    const t = recorded('yearly', far)
    t.bind(time.now)
    scheduler.register(t.task)
    await time.advance(far - 1)
    expect(t.runs).toEqual([0])
    await time.advance(1)
    expect(t.runs).toEqual([0, far])
    expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_TIMER_MS)
    await scheduler.stop()
  })

  it("runs a person's runNow past a Retry-After at once, and its success lifts the hold for every task", async () => {
    const { time, scheduler } = setup()
    const limited = recorded('insights', 10 * MIN, async (context, run) => {
      await context.request()
      if (run === 1)
        throw errorFromResponse('service', 429, { 'retry-after': '600' }, '', 'insights', { now: time.now() })
    })
    limited.bind(time.now)
    const inbox = recorded('inbox', 3 * MIN, async (context) => context.request())
    inbox.bind(time.now)
    scheduler.register(limited.task)
    const handle = scheduler.register(inbox.task)
    await time.advance(0)
    expect(scheduler.heldUntil()).toBe(T0 + 10 * MIN)
    await time.advance(MIN)
    // The person's Refresh: it does not wait out the 10 minutes.
    let done = false
    void handle.runNow().then(() => (done = true))
    await time.advance(0)
    expect(done).toBe(true)
    expect(inbox.runs).toEqual([MIN])
    // The service answered: the hold is lifted, and every task is back to its own rhythm (the failed one's
    // 30 s backoff is over, so at once).
    expect(scheduler.heldUntil()).toBeNull()
    expect(limited.runs).toEqual([0, MIN])
    await time.advance(3 * MIN)
    expect(inbox.runs).toEqual([MIN, 4 * MIN])
    expect(limited.runs).toEqual([0, MIN])
    await scheduler.stop()
  })

  it("lets a person's runNow through when the task's run already waits for a Retry-After", async () => {
    const { time, scheduler } = setup()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const sent: number[] = []
    const inbox = recorded('inbox', null, async (context) => {
      await gate
      await context.request()
      sent.push(time.now() - T0)
    })
    inbox.bind(time.now)
    const handle = scheduler.register(inbox.task)
    await time.advance(0)
    await expect(
      scheduler.read(async () => {
        throw errorFromResponse('service', 429, { 'retry-after': '600' }, '', 'probe', { now: time.now() })
      }),
    ).rejects.toMatchObject({ kind: 'rate-limited' })
    release()
    await time.advance(MIN)
    expect(sent).toEqual([])
    const asked = handle.runNow()
    await time.advance(0)
    // The run that waited goes now, and the one asked for after it (a runNow while running runs once more).
    expect(sent).toEqual([MIN, MIN])
    await asked
    await scheduler.stop()
  })
})
