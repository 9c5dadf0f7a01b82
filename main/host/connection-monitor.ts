// Knows whether the active profile's service answers: checked on start, on a profile change, periodically
// (every minute while online; backing off from 2 s to a minute while offline), and at once when a call fails
// with a network error. A 402 (plan) still proves the keys work, so it counts as online.
import type { ConnectionState, ConnectionStatus } from '../../common/app-state'
import { AppError } from '../../common/errors'
import type { ConnectionMonitor } from '../handlers/types'
import { UNREACHABLE_KINDS } from './offline-cache'

export interface ConnectionTarget {
  mode: 'sandbox' | 'service'
  profileId: string
  profileName: string
  baseUrl: string
  /** A cheap authenticated GET; rejects with an AppError. */
  probe(): Promise<void>
}

export interface HostConnectionMonitor extends ConnectionMonitor {
  /** Points the monitor at another profile and checks it now. */
  setTarget(target: ConnectionTarget): Promise<ConnectionState>
  /** Tell the monitor a call failed: unreachable errors trigger a check soon. */
  reportFailure(error: unknown): void
  close(): void
}

export interface ConnectionMonitorOptions {
  target: ConnectionTarget
  now?: () => Date
  onlineIntervalMs?: number
  minBackoffMs?: number
  maxBackoffMs?: number
}

export function statusOf(error: AppError | undefined): ConnectionStatus {
  if (!error) return 'online'
  if (error.kind === 'unauthorized') return 'unauthorized'
  if (UNREACHABLE_KINDS.includes(error.kind) || error.kind === 'not-found') return 'offline'
  return 'online'
}

export function createConnectionMonitor(options: ConnectionMonitorOptions): HostConnectionMonitor {
  const now = options.now ?? (() => new Date())
  const onlineInterval = options.onlineIntervalMs ?? 60_000
  const minBackoff = options.minBackoffMs ?? 2_000
  const maxBackoff = options.maxBackoffMs ?? 60_000
  const listeners = new Set<(state: ConnectionState) => void>()
  let target = options.target
  let generation = 0
  let inFlight: Promise<ConnectionState> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let backoff = minBackoff
  let closed = false
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
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void check(), ms)
    timer.unref?.()
  }

  function check(): Promise<ConnectionState> {
    if (inFlight) return inFlight
    const mine = generation
    const run = async (): Promise<ConnectionState> => {
      let error: AppError | undefined
      try {
        await target.probe()
      } catch (e) {
        error = AppError.from(e)
      }
      if (mine !== generation || closed) return state
      const next = describe(statusOf(error), now().toISOString(), error)
      publish(next)
      if (next.status === 'offline') {
        schedule(backoff)
        backoff = Math.min(backoff * 2, maxBackoff)
      } else {
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
    reportFailure(error) {
      const appError = AppError.from(error)
      if (!UNREACHABLE_KINDS.includes(appError.kind)) return
      if (state.status === 'online') void check()
    },
    close() {
      closed = true
      generation++
      if (timer) clearTimeout(timer)
      listeners.clear()
    },
  }
}
