// Knows whether the active profile's service answers, without flapping on a flaky line. It probes on start, on a
// profile change, every minute while online, and while offline every few seconds (2 s, then 4 s, then 5 s), so
// the service coming back is seen within 10 s. One answer is not enough to change what it says: two in a row
// (two good probes to go online, two failures to go offline) and at most one change every 10 s; a single
// dropped request on a train's line used to flip the sidebar, the outbox and every view's notice each time.
// - A call that fails with a network error or a timeout is one failure: a probe a second later confirms it or
//   not (waiting for the minute's probe left the sidebar saying "Online" for a minute after the service went).
// - The first answer after a start or a profile change is said at once: "checking" is no state to keep.
// - check() is asked for an answer now (the person's "Check now", the outbox's "Send now"): it probes twice in
//   a row when the first answer differs, and is not held by the 10 s.
// - A 402 (plan) still proves the keys work, so it counts as online.
import type { ConnectionState, ConnectionStatus } from '../../../common/app-state'
import { AppError, isOutage, isUnreachable } from '../../../common/errors'
import type { ConnectionMonitor, ConnectionTarget } from '../ports'

/** The timer functions the monitor schedules its checks with; tests pass fakes to drive it without waiting. */
export interface MonitorTimers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ConnectionMonitorOptions {
  target: ConnectionTarget
  now?: () => Date
  timers?: MonitorTimers
  onlineIntervalMs?: number
  minBackoffMs?: number
  maxBackoffMs?: number
  /** The wait before the probe that confirms a first differing answer. */
  confirmAfterMs?: number
  /** The least time between two changes of the status found by the monitor's own probes. */
  minChangeGapMs?: number
}

export function statusOf(error: AppError | undefined): ConnectionStatus {
  if (!error) return 'online'
  if (error.kind === 'unauthorized') return 'unauthorized'
  if (isUnreachable(error) || error.kind === 'not-found') return 'offline'
  return 'online'
}

const realTimers: MonitorTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms)
    // The monitor alone must not keep a CLI or a test process alive.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Answers in a row that differ from what the monitor says, all of one status. */
interface Streak {
  status: ConnectionStatus
  count: number
  error?: AppError
}

const ANSWERS_TO_CHANGE = 2

export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  const now = options.now ?? (() => new Date())
  const timers = options.timers ?? realTimers
  const onlineInterval = options.onlineIntervalMs ?? 60_000
  const minBackoff = options.minBackoffMs ?? 2_000
  const maxBackoff = options.maxBackoffMs ?? 5_000
  const confirmAfter = options.confirmAfterMs ?? 1_000
  const minChangeGap = options.minChangeGapMs ?? 10_000
  const listeners = new Set<(state: ConnectionState) => void>()
  let target = options.target
  let generation = 0
  let inFlight: Promise<void> | undefined
  let timer: unknown
  let backoff = minBackoff
  let closed = false
  /** Counts failures reported by calls, so a probe that began before one cannot overrule it. */
  let reportedFailures = 0
  let streak: Streak | undefined
  /** When the status last changed between two known states (not from "checking"). */
  let changedAt: number | undefined
  let state: ConnectionState = describe('checking', null)

  function describe(
    status: ConnectionStatus,
    lastCheckedAt: string | null,
    error?: AppError,
  ): ConnectionState {
    return {
      status,
      mode: target.mode,
      profileId: target.profileId,
      profileName: target.profileName,
      baseUrl: target.baseUrl,
      lastCheckedAt,
      ...(error && status !== 'online' ? { error: error.toJSON() } : {}),
    }
  }

  function publish(next: ConnectionState): void {
    const changed =
      next.status !== state.status ||
      next.profileId !== state.profileId ||
      next.error?.message !== state.error?.message ||
      next.baseUrl !== state.baseUrl
    state = next
    if (changed) for (const listener of [...listeners]) listener(state)
  }

  function schedule(ms: number): void {
    if (closed) return
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = timers.setTimeout(() => {
      timer = undefined
      void probe(false)
    }, ms)
  }

  /** How long the 10 s between two changes still holds a change back (0: not at all). */
  function heldFor(): number {
    return changedAt === undefined ? 0 : Math.max(0, changedAt + minChangeGap - now().getTime())
  }

  /** Weighs one answer against what the monitor says, then sets the next probe. */
  function weigh(status: ConnectionStatus, error: AppError | undefined, asked: boolean): void {
    const checkedAt = now().toISOString()
    if (status === state.status) {
      streak = undefined
      publish(describe(status, checkedAt, error))
    } else if (state.status === 'checking') {
      streak = undefined
      publish(describe(status, checkedAt, error))
      backoff = minBackoff
    } else {
      streak =
        streak?.status === status ? { status, count: streak.count + 1, error } : { status, count: 1, error }
      const held = asked ? 0 : heldFor()
      if (streak.count >= ANSWERS_TO_CHANGE && held === 0) {
        streak = undefined
        changedAt = now().getTime()
        backoff = minBackoff
        publish(describe(status, checkedAt, error))
      } else {
        // Not yet: confirm soon, or once the last change is 10 s old.
        schedule(streak.count >= ANSWERS_TO_CHANGE ? held : confirmAfter)
        return
      }
    }
    if (state.status === 'offline') {
      schedule(backoff)
      backoff = Math.min(backoff * 2, maxBackoff)
    } else {
      backoff = minBackoff
      schedule(onlineInterval)
    }
  }

  /** Sets the next probe by what the monitor says, unless one is already set. */
  function keepProbing(): void {
    if (closed || timer !== undefined) return
    if (streak) schedule(streak.count >= ANSWERS_TO_CHANGE ? heldFor() : confirmAfter)
    else if (state.status === 'offline' || state.status === 'checking') {
      schedule(backoff)
      backoff = Math.min(backoff * 2, maxBackoff)
    } else schedule(onlineInterval)
  }

  /** One probe (joining the one in flight), weighed unless a profile change or a reported failure overtook it. */
  function probe(asked: boolean): Promise<void> {
    if (inFlight) return inFlight
    const mine = generation
    const failuresBefore = reportedFailures
    const run = async (): Promise<void> => {
      let error: AppError | undefined
      try {
        await target.probe()
      } catch (e) {
        error = AppError.from(e)
      }
      if (mine !== generation || closed) return
      // A good answer that may predate a reported failure (the service went away meanwhile) says nothing.
      if (!error && failuresBefore !== reportedFailures) return
      weigh(statusOf(error), error, asked)
    }
    inFlight = run().finally(() => {
      inFlight = undefined
      // Whatever became of the answer (set aside, weighed, thrown by a listener), the timer that started this
      // probe is spent: without a next one nothing probed until "Check now", stuck offline once the service was
      // back, or stuck online through an outage, every later failure taken for the one being confirmed.
      if (mine === generation) keepProbing()
    })
    return inFlight
  }

  async function check(): Promise<ConnectionState> {
    const mine = generation
    await probe(true)
    // A first differing answer: the second, at once, decides.
    if (streak && mine === generation) await probe(true)
    return state
  }

  return {
    current: () => state,
    isOnline: () => state.status === 'online',
    check,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async setTarget(next) {
      generation++
      inFlight = undefined
      target = next
      backoff = minBackoff
      streak = undefined
      changedAt = undefined
      publish(describe('checking', null))
      return check()
    },
    reportFailure(error, profileId) {
      if (closed || (profileId !== undefined && profileId !== target.profileId)) return
      const appError = AppError.from(error)
      if (isOutage(appError)) {
        reportedFailures++
        // Already offline: the backoff in progress stands (a burst of failing calls must not reset it). Already
        // one failure counted: a burst of calls failing together is one failure, the probe decides.
        if (state.status === 'offline' || streak?.status === 'offline') return
        weigh('offline', appError, false)
      } else if (isUnreachable(appError) && state.status === 'online') {
        void probe(false)
      }
    },
    close() {
      closed = true
      generation++
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
      listeners.clear()
    },
  }
}
