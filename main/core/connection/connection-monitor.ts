// Knows whether the active profile's service answers. It checks on start, on a profile change, every minute
// while online, and while offline again and again with a backoff (2 s doubling to 30 s), so it comes back by
// itself. A call that fails with a network error or a timeout marks it offline at once: waiting for the next
// periodic check left the sidebar saying "Online" for up to a minute after the service went away. A 402
// (plan) still proves the keys work, so it counts as online.
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

export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  const now = options.now ?? (() => new Date())
  const timers = options.timers ?? realTimers
  const onlineInterval = options.onlineIntervalMs ?? 60_000
  const minBackoff = options.minBackoffMs ?? 2_000
  const maxBackoff = options.maxBackoffMs ?? 30_000
  const listeners = new Set<(state: ConnectionState) => void>()
  let target = options.target
  let generation = 0
  let inFlight: Promise<ConnectionState> | undefined
  let timer: unknown
  let backoff = minBackoff
  let closed = false
  /** Counts failures reported by calls, so a probe that began before one cannot overrule it. */
  let reportedFailures = 0
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
      void check()
    }, ms)
  }

  /** The next check of an offline service: soon at first, then less and less often. */
  function scheduleRetry(): void {
    schedule(backoff)
    backoff = Math.min(backoff * 2, maxBackoff)
  }

  function check(): Promise<ConnectionState> {
    if (inFlight) return inFlight
    const mine = generation
    const failuresBefore = reportedFailures
    const run = async (): Promise<ConnectionState> => {
      let error: AppError | undefined
      try {
        await target.probe()
      } catch (e) {
        error = AppError.from(e)
      }
      if (mine !== generation || closed) return state
      // Its answer may predate the failure (the service went away meanwhile): the scheduled retry decides.
      if (!error && failuresBefore !== reportedFailures && state.status === 'offline') return state
      const next = describe(statusOf(error), now().toISOString(), error)
      publish(next)
      if (next.status === 'offline') scheduleRetry()
      else {
        backoff = minBackoff
        schedule(onlineInterval)
      }
      return next
    }
    inFlight = run().finally(() => {
      inFlight = undefined
    })
    return inFlight
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
      publish(describe('checking', null))
      return check()
    },
    reportFailure(error, profileId) {
      if (closed || (profileId !== undefined && profileId !== target.profileId)) return
      const appError = AppError.from(error)
      if (isOutage(appError)) {
        // Already offline: the backoff in progress stands (a burst of failing calls must not reset it).
        reportedFailures++
        if (state.status === 'offline') return
        publish(describe('offline', now().toISOString(), appError))
        backoff = minBackoff
        scheduleRetry()
      } else if (isUnreachable(appError) && state.status === 'online') {
        void check()
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
