// The connection monitor: status from the probe's answer, backoff while offline, a check soon after a call
// fails with a network error, and a fresh check on a profile change.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../common/errors'
import {
  createConnectionMonitor,
  statusOf,
  type ConnectionTarget,
} from '../../../main/host/connection-monitor'

const target = (probe: () => Promise<void>, profileId = 'sandbox'): ConnectionTarget => ({
  mode: profileId === 'sandbox' ? 'sandbox' : 'service',
  profileId,
  profileName: profileId,
  baseUrl: 'http://127.0.0.1:1',
  probe,
})
const network = () => new AppError({ kind: 'network', message: 'ECONNREFUSED' })

afterEach(() => {
  vi.useRealTimers()
})

describe('connection monitor', () => {
  it('maps probe failures to a status', () => {
    expect(statusOf(undefined)).toBe('online')
    expect(statusOf(new AppError({ kind: 'unauthorized', message: '' }))).toBe('unauthorized')
    expect(statusOf(new AppError({ kind: 'plan', message: '' }))).toBe('online')
    for (const kind of ['network', 'timeout', 'server', 'offline'] as const) {
      expect(statusOf(new AppError({ kind, message: '' }))).toBe('offline')
    }
  })

  it('backs off while offline and returns to the minute interval once online', async () => {
    vi.useFakeTimers()
    let up = false
    const probe = vi.fn(async () => {
      if (!up) throw network()
    })
    const monitor = createConnectionMonitor({ target: target(probe), minBackoffMs: 1000, maxBackoffMs: 4000 })
    const seen: string[] = []
    monitor.onChange((s) => seen.push(s.status))
    await expect(monitor.check()).resolves.toMatchObject({ status: 'offline', error: { kind: 'network' } })
    await vi.advanceTimersByTimeAsync(1000) // 2nd
    await vi.advanceTimersByTimeAsync(2000) // 3rd
    await vi.advanceTimersByTimeAsync(4000) // 4th
    await vi.advanceTimersByTimeAsync(4000) // 5th: capped
    expect(probe).toHaveBeenCalledTimes(5)
    up = true
    await vi.advanceTimersByTimeAsync(4000)
    expect(monitor.current().status).toBe('online')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(probe).toHaveBeenCalledTimes(6)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(probe).toHaveBeenCalledTimes(7)
    expect(seen).toEqual(['offline', 'online'])
    monitor.close()
  })

  it('checks at once when a call fails with a network error, not for refusals', async () => {
    const probe = vi.fn(async () => undefined)
    const monitor = createConnectionMonitor({ target: target(probe) })
    await monitor.check()
    monitor.reportFailure(new AppError({ kind: 'validation', message: '' }))
    expect(probe).toHaveBeenCalledTimes(1)
    probe.mockRejectedValueOnce(network())
    monitor.reportFailure(network())
    await vi.waitFor(() => expect(monitor.current().status).toBe('offline'))
    monitor.close()
  })

  it('says checking, then the new profile state, on a profile change; late answers of the old one are ignored', async () => {
    let release!: () => void
    const slow = () => new Promise<void>((resolve) => (release = resolve))
    const monitor = createConnectionMonitor({ target: target(slow) })
    const first = monitor.check()
    const states: string[] = []
    monitor.onChange((s) => states.push(`${s.profileId}:${s.status}`))
    const next = await monitor.setTarget(
      target(async () => {
        throw new AppError({ kind: 'unauthorized', message: 'unauthorized' })
      }, 'p1'),
    )
    release()
    await first
    expect(next).toMatchObject({ profileId: 'p1', status: 'unauthorized' })
    expect(states).toEqual(['p1:checking', 'p1:unauthorized'])
    expect(monitor.current().profileId).toBe('p1')
    monitor.close()
  })
})
