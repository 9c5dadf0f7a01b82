// The connection monitor: status from the probe's answer, backoff while offline, offline at once when a call
// fails with a network error or timeout, and a fresh check on a profile change.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../common/errors'
import { createConnectionMonitor, statusOf } from '../../../../main/core/connection/connection-monitor'
import type { ConnectionTarget } from '../../../../main/core/ports'

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

  it('backs off while offline (up to 30 s by default) and returns to the minute interval once online', async () => {
    vi.useFakeTimers()
    let up = false
    const probe = vi.fn(async () => {
      if (!up) throw network()
    })
    const monitor = createConnectionMonitor({ target: target(probe), minBackoffMs: 1000, maxBackoffMs: 4000 })
    const defaults = createConnectionMonitor({ target: target(probe) })
    await defaults.check()
    for (const ms of [2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      const before = probe.mock.calls.length
      await vi.advanceTimersByTimeAsync(ms - 1)
      expect(probe.mock.calls.length).toBe(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(probe.mock.calls.length).toBe(before + 1)
    }
    defaults.close()
    probe.mockClear()
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

  it('marks itself offline at once when a call fails with a network error or timeout, not for refusals', async () => {
    vi.useFakeTimers()
    const probe = vi.fn(async () => undefined)
    const monitor = createConnectionMonitor({ target: target(probe) })
    await monitor.check()
    const seen: string[] = []
    monitor.onChange((s) => seen.push(`${s.status}:${s.error?.kind ?? ''}`))
    monitor.reportFailure(new AppError({ kind: 'validation', message: '' }))
    monitor.reportFailure(new AppError({ kind: 'plan', message: '' }))
    expect(monitor.current().status).toBe('online')
    // A failure of a profile switched away from says nothing about this one.
    monitor.reportFailure(network(), 'p-old')
    expect(monitor.current().status).toBe('online')

    monitor.reportFailure(new AppError({ kind: 'timeout', message: 'no answer' }), 'sandbox')
    expect(monitor.current()).toMatchObject({ status: 'offline', error: { kind: 'timeout' } })
    expect(seen).toEqual(['offline:timeout'])
    monitor.reportFailure(network())
    expect(seen).toHaveLength(1)
    // The first re-check comes after the shortest backoff and finds it back.
    await vi.advanceTimersByTimeAsync(1_999)
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(probe).toHaveBeenCalledTimes(2)
    expect(seen).toEqual(['offline:timeout', 'online:'])
    monitor.close()
  })

  it('checks (rather than assumes) when a call fails with a 5xx', async () => {
    const probe = vi.fn(async () => undefined)
    const monitor = createConnectionMonitor({ target: target(probe) })
    await monitor.check()
    monitor.reportFailure(new AppError({ kind: 'server', status: 500, message: '' }))
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(2))
    expect(monitor.current().status).toBe('online')
    monitor.close()
  })

  it('does not let a probe that began before a reported failure mark it online', async () => {
    let answer!: () => void
    const probe = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)))
    const monitor = createConnectionMonitor({ target: target(probe) })
    const checking = monitor.check()
    monitor.reportFailure(network())
    answer()
    await expect(checking).resolves.toMatchObject({ status: 'offline' })
    expect(monitor.current().status).toBe('offline')
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
