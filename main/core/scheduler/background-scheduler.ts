// The one loop of a profile's background reads (docs/background.md). Every read the app makes on its own (the
// connection probe, the planner following due posts, the account watch, the inbox, the insights) is a task
// registered here, so the service sees one client with one budget instead of a handful of timers that each
// thought they were alone: at most `limit` requests per `windowMs` (60 a minute) across every task, a
// Retry-After honoured by every task at once (the limit is the account's, not one task's) but never for more
// than 15 minutes, and a task that keeps failing waits longer and longer, up to 15 minutes. A task never
// overlaps itself. Stopping aborts what runs, rejects what waits for the budget and leaves no timer, so a
// profile switch or a quit ends it whole.
// The clock is injected: tests step through minutes without waiting (test/support/manual-clock.ts).
import { AppError } from '../../../common/errors'
import { MAX_TIMER_MS } from '../http/backoff'
import { backoffAfter, retryAfterOf } from './scheduler-backoff'

export interface SchedulerClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** What a run is given. */
export interface TaskContext {
  /** Aborted when the scheduler stops (the profile switched, the app quits): the run should end early. */
  signal: AbortSignal
  /**
   * Takes one request from the profile's budget, waiting (on the clock) until one is free or a Retry-After
   * has passed. Call it before each request; rejects with a `cancelled` AppError once the scheduler stops.
   */
  request(): Promise<void>
  /** The scheduler's clock (ms since epoch): a task reckons its windows on it, so tests move both at once. */
  now(): number
}

export interface BackgroundTask {
  /** Unique within a scheduler; names the task in logs and in `status()`. */
  name: string
  /**
   * The wait after a run that went well, in ms, asked after each run (a task's rhythm may follow what it
   * found: each minute while a post is due, hourly otherwise). null: wait until poked.
   */
  every(): number | null
  run(context: TaskContext): Promise<void>
  /** Wait before the first run (default 0: at once). null: only when poked. */
  firstRunAfterMs?: number | null
  /** First wait after a failure, doubled at each further one up to MAX_BACKOFF_MS (default 30 s). */
  backoffMs?: number
  /** Least time from the start of one run to a run asked for by poke() (default 0). */
  minGapMs?: number
}

export interface TaskHandle {
  /** Runs soon: at once, or when the budget, a Retry-After or the task's gap allow; once more if running. */
  poke(): void
  /**
   * Runs now, whatever the task's own rhythm and a Retry-After (still within the budget): a person asked, and
   * must not wait out the service's hold unseen; resolves when that run is over. Its success lifts the hold.
   */
  runNow(): Promise<void>
  /** When the next run is due (ms since epoch), or null when none is planned. */
  nextRunAt(): number | null
  unregister(): void
}

export interface TaskStatus {
  name: string
  running: boolean
  nextRunAt: number | null
  /** Failures in a row (0 after a run that went well). */
  failures: number
  lastError?: AppError
}

export interface BackgroundScheduler {
  register(task: BackgroundTask): TaskHandle
  /**
   * A read made outside any task, by a reader with a rhythm of its own (the connection probe, the account
   * watch): each request it asks comes out of the same budget, and a Retry-After it meets holds every task.
   */
  read<T>(run: (context: TaskContext) => Promise<T>, options?: ReadOptions): Promise<T>
  status(): TaskStatus[]
  /** Requests counted in the window ending now. */
  used(): number
  /** Until when the service asked every task to wait (ms since epoch), or null. */
  heldUntil(): number | null
  /** Resolves once no run is in progress. */
  whenIdle(): Promise<void>
  /** Aborts every run, cancels every wait, clears every timer; resolves once the runs have ended. */
  stop(): Promise<void>
}

export interface ReadOptions {
  /**
   * false: each request is counted at once, past the budget or a Retry-After if need be, for a reader that
   * must not be held (the connection probe sees the service come back within 10 s). Default true.
   */
  wait?: boolean
}

export interface SchedulerOptions {
  clock: SchedulerClock
  /** Most requests in any window (default 60). */
  limit?: number
  windowMs?: number
  /** A run that failed: logged by the caller. */
  onError?(task: string, error: AppError): void
}

export const DEFAULT_REQUEST_LIMIT = 60
export const DEFAULT_WINDOW_MS = 60_000

interface Entry {
  task: BackgroundTask
  timer: unknown
  due: number | null
  running: Promise<void> | null
  again: boolean
  failures: number
  lastError?: AppError
  lastStart: number
  gone: boolean
  /** Due, before a Retry-After pushed it back: where it goes when the hold is lifted. */
  wanted: number | null
  /** A person asked for the run in progress (runNow): its requests do not wait for a Retry-After. */
  asked: boolean
  /** The hold (its number) one of this run's requests went past, if any. */
  passed: number | null
}

interface Waiter {
  resolve(): void
  reject(error: unknown): void
  entry?: Entry
}

const cancelled = () => new AppError({ kind: 'cancelled', message: 'the background scheduler stopped' })

export function createBackgroundScheduler(o: SchedulerOptions): BackgroundScheduler {
  const { clock } = o
  const limit = o.limit ?? DEFAULT_REQUEST_LIMIT
  const windowMs = o.windowMs ?? DEFAULT_WINDOW_MS
  const entries = new Map<string, Entry>()
  const abort = new AbortController()
  /** Start times of the requests in the current window, oldest first. */
  const spent: number[] = []
  let hold = -Infinity
  /** Counts the holds set, so a run knows whether the hold it went past is still the one in force. */
  let holds = 0
  const waiters: Waiter[] = []
  let budgetTimer: unknown
  let stopped = false

  function prune(now: number): void {
    while (spent.length > 0 && spent[0]! <= now - windowMs) spent.shift()
  }

  /** A timer that never fires early, however far `at` is: a delay past MAX_TIMER_MS is re-armed when it fires. */
  function timerAt(at: number, run: () => void, set: (handle: unknown) => void): void {
    const arm = (): void => {
      const wait = at - clock.now()
      if (wait <= 0) return run()
      set(clock.setTimeout(arm, Math.min(wait, MAX_TIMER_MS)))
    }
    set(clock.setTimeout(arm, Math.min(Math.max(0, at - clock.now()), MAX_TIMER_MS)))
  }

  /** Hands free requests to the waiters, first come first served; sets one timer for the next one free. */
  function pump(): void {
    if (budgetTimer !== undefined) clock.clearTimeout(budgetTimer)
    budgetTimer = undefined
    if (stopped) return
    const now = clock.now()
    prune(now)
    const held = now < hold
    // A person's run goes past a Retry-After (never past the budget); the others keep their turn behind it.
    for (let i = 0; i < waiters.length && spent.length < limit;) {
      const waiter = waiters[i]!
      if (held && !waiter.entry?.asked) {
        i++
        continue
      }
      spent.push(now)
      waiters.splice(i, 1)
      if (held && waiter.entry) waiter.entry.passed = holds
      waiter.resolve()
    }
    if (waiters.length === 0) return
    const budgetFree = spent.length < limit ? now : spent[0]! + windowMs
    const asked = waiters.some((waiter) => waiter.entry?.asked)
    const freeAt = asked ? budgetFree : Math.max(hold, budgetFree)
    timerAt(
      freeAt,
      () => {
        budgetTimer = undefined
        pump()
      },
      (handle) => (budgetTimer = handle),
    )
  }

  function request(entry?: Entry): Promise<void> {
    if (stopped) return Promise.reject(cancelled())
    return new Promise<void>((resolve, reject) => {
      waiters.push({ resolve, reject, ...(entry ? { entry } : {}) })
      pump()
    })
  }

  /** Counts one request now, whatever the budget: the tasks wait the longer for it. */
  async function spend(): Promise<void> {
    if (stopped) return
    prune(clock.now())
    spent.push(clock.now())
  }

  function plan(entry: Entry, at: number | null): void {
    if (entry.timer !== undefined) clock.clearTimeout(entry.timer)
    entry.timer = undefined
    entry.due = null
    entry.wanted = at
    if (stopped || entry.gone || at === null) return
    const when = Math.max(at, hold)
    entry.due = when
    timerAt(
      when,
      () => {
        entry.timer = undefined
        entry.due = null
        void start(entry)
      },
      (handle) => (entry.timer = handle),
    )
  }

  function start(entry: Entry, asked = false): Promise<void> {
    if (asked) entry.asked = true
    if (entry.running) {
      entry.again = true
      // A run waiting for a Retry-After to pass goes now, for the person who asked.
      if (asked) pump()
      return entry.running
    }
    if (stopped || entry.gone) {
      entry.asked = false
      return Promise.resolve()
    }
    entry.running = (async () => {
      try {
        do {
          entry.again = false
          await once(entry)
        } while (entry.again && !stopped && !entry.gone)
      } finally {
        entry.running = null
        entry.asked = false
      }
    })()
    return entry.running
  }

  async function once(entry: Entry): Promise<void> {
    entry.lastStart = clock.now()
    entry.passed = null
    plan(entry, null)
    try {
      await entry.task.run({ signal: abort.signal, request: () => request(entry), now: () => clock.now() })
      entry.failures = 0
      delete entry.lastError
      // The service answered a request made past its Retry-After (and set none since): the wait is over.
      if (entry.passed === holds) lift()
      if (!entry.again) plan(entry, nextAfterSuccess(entry))
    } catch (raw) {
      if (stopped || entry.gone) return
      const error = AppError.from(raw)
      const now = clock.now()
      entry.failures++
      entry.lastError = error
      o.onError?.(entry.task.name, error)
      holdFor(error, now)
      entry.again = false
      // The hold its Retry-After set pushes this back (plan waits for it); lifted early, the backoff stands.
      plan(entry, now + backoffAfter(entry.failures, entry.task.backoffMs))
    }
  }

  /** The service's Retry-After in `error`, if any, held by every task: the limit is the account's, not one task's. */
  function holdFor(error: AppError, now: number): number | null {
    const asked = retryAfterOf(error, now)
    if (asked !== null && asked > hold) {
      hold = asked
      holds++
      // Every task waits, and what already waits for the budget too.
      // (Planned from when each was due, which it goes back to if the hold is lifted early.)
      for (const other of entries.values())
        if (other.due !== null && other.due < hold) plan(other, other.wanted ?? other.due)
      pump()
    }
    return asked
  }

  /** Ends a hold early: each task held by it goes back to when it was due. */
  function lift(): void {
    if (hold <= clock.now()) return
    hold = -Infinity
    for (const other of entries.values()) {
      if (other.due !== null && other.wanted !== null && other.wanted < other.due) plan(other, other.wanted)
    }
    pump()
  }

  function nextAfterSuccess(entry: Entry): number | null {
    const every = entry.task.every()
    return every === null ? null : clock.now() + Math.max(0, every)
  }

  return {
    register(task) {
      if (stopped) throw cancelled()
      if (entries.has(task.name)) throw new Error(`a background task named ${task.name} is registered`)
      const entry: Entry = {
        task,
        timer: undefined,
        due: null,
        running: null,
        again: false,
        failures: 0,
        lastStart: -Infinity,
        gone: false,
        wanted: null,
        asked: false,
        passed: null,
      }
      entries.set(task.name, entry)
      const first = task.firstRunAfterMs === undefined ? 0 : task.firstRunAfterMs
      if (first !== null) plan(entry, clock.now() + first)
      return {
        poke() {
          if (stopped || entry.gone) return
          if (entry.running) {
            entry.again = true
            return
          }
          // A failing task keeps its backoff: a poke is a reason to look, not proof the service is back.
          const at = Math.max(clock.now(), entry.lastStart + (task.minGapMs ?? 0))
          if (entry.due === null || at < entry.due) {
            if (entry.failures === 0 || entry.due === null) plan(entry, at)
          }
        },
        runNow: () => start(entry, true),
        nextRunAt: () => entry.due,
        unregister() {
          entry.gone = true
          plan(entry, null)
          entries.delete(task.name)
        },
      }
    },
    async read(run, options) {
      const counted = options?.wait === false ? spend : request
      try {
        return await run({ signal: abort.signal, request: counted, now: () => clock.now() })
      } catch (raw) {
        if (!stopped) holdFor(AppError.from(raw), clock.now())
        throw raw
      }
    },
    status: () =>
      [...entries.values()].map((entry) => ({
        name: entry.task.name,
        running: entry.running !== null,
        nextRunAt: entry.due,
        failures: entry.failures,
        ...(entry.lastError ? { lastError: entry.lastError } : {}),
      })),
    used() {
      prune(clock.now())
      return spent.length
    },
    heldUntil: () => (hold > clock.now() ? hold : null),
    async whenIdle() {
      for (;;) {
        const running = [...entries.values()].map((entry) => entry.running).filter((run) => run !== null)
        if (running.length === 0) return
        await Promise.allSettled(running)
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      abort.abort(cancelled())
      for (const entry of entries.values()) plan(entry, null)
      if (budgetTimer !== undefined) clock.clearTimeout(budgetTimer)
      budgetTimer = undefined
      for (const waiter of waiters.splice(0)) waiter.reject(cancelled())
      const running = [...entries.values()].map((entry) => entry.running).filter((run) => run !== null)
      await Promise.allSettled(running)
    },
  }
}
