// The connection monitor: status from the probes' answers, two in a row to change and at most one change every
// 10 s (a flaky line does not flip it), the service coming back seen within 10 s, a failed call confirmed by a
// probe, and a fresh check on a profile change. Time is the test's (manual clock): nothing waits.
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../common/errors'
import {
  createConnectionMonitor,
  statusOf,
  type ConnectionMonitorOptions,
} from '../../../../main/core/connection/connection-monitor'
import type { ConnectionTarget } from '../../../../main/core/ports'
import { manualClock, type ManualClock } from '../../../support/manual-clock'

const target = (probe: () => Promise<void>, profileId = 'sandbox'): ConnectionTarget => ({
  mode: profileId === 'sandbox' ? 'sandbox' : 'service',
  profileId,
  profileName: profileId,
  baseUrl: 'http://127.0.0.1:1',
  probe,
})
const network = () => new AppError({ kind: 'network', message: 'ECONNREFUSED' })

/** A line whose state at each moment `up(t)` says; every probe and every status change is recorded. */
function onLine(up: (t: number) => boolean, options: Partial<ConnectionMonitorOptions> = {}) {
  const time: ManualClock = manualClock(0)
  const probes: { at: number; up: boolean }[] = []
  const changes: { at: number; status: string; error?: string }[] = []
  const monitor = createConnectionMonitor({
    target: target(async () => {
      const isUp = up(time.now())
      probes.push({ at: time.now(), up: isUp })
      if (!isUp) throw network()
    }),
    now: () => new Date(time.now()),
    timers: time.clock,
    ...options,
  })
  monitor.onChange((s) => changes.push({ at: time.now(), status: s.status, error: s.error?.kind }))
  return { time, probes, changes, monitor }
}

describe('connection monitor', () => {
  it('maps probe failures to a status', () => {
    expect(statusOf(undefined)).toBe('online')
    expect(statusOf(new AppError({ kind: 'unauthorized', message: '' }))).toBe('unauthorized')
    expect(statusOf(new AppError({ kind: 'plan', message: '' }))).toBe('online')
    for (const kind of ['network', 'timeout', 'server', 'offline'] as const) {
      expect(statusOf(new AppError({ kind, message: '' }))).toBe('offline')
    }
  })

  it('a line that drops every other probe does not flip it, online or offline', async () => {
    let n = 0
    // Each probe fails or answers in turn, whatever the time: the worst a flaky line does to one answer.
    const line = onLine(() => n++ % 2 === 0)
    await expect(line.monitor.check()).resolves.toMatchObject({ status: 'online' })
    await line.time.advance(30 * 60_000)
    const failures = line.probes.filter((p) => !p.up).length
    expect(failures).toBeGreaterThan(0)
    expect(line.changes).toEqual([{ at: 0, status: 'online', error: undefined }])

    n = 0
    const down = onLine(() => n++ % 2 === 1)
    await expect(down.monitor.check()).resolves.toMatchObject({ status: 'offline' })
    await down.time.advance(30 * 60_000)
    expect(down.probes.filter((p) => p.up).length).toBeGreaterThan(100)
    expect(down.changes.map((c) => c.status)).toEqual(['offline'])
    line.monitor.close()
    down.monitor.close()
  })

  it('sees the service come back within 10 s, by two good probes in a row', async () => {
    for (const back of [37_000, 121_500, 3_600_000 + 4_321]) {
      const line = onLine((t) => t >= back)
      await line.monitor.check()
      await line.time.advanceTo(back + 10_000)
      expect(line.monitor.current().status).toBe('online')
      const online = line.changes.find((c) => c.status === 'online')!
      expect(online.at - back).toBeLessThanOrEqual(10_000)
      // The two probes before the change both answered.
      const before = line.probes.filter((p) => p.at <= online.at)
      expect(before.slice(-2).map((p) => p.up)).toEqual([true, true])
      expect(before.at(-3)?.up).toBe(false)
      line.monitor.close()
    }
  })

  it('changes at most once every 10 s, on a line that comes for 3 s and goes for 6 s', async () => {
    const line = onLine((t) => Math.floor(t / 3_000) % 3 === 0 || t > 120_000, { onlineIntervalMs: 5_000 })
    await line.monitor.check()
    // Down at once, seen by two failures: the first change.
    line.monitor.reportFailure(network())
    await line.time.advance(120_000)
    const times = line.changes.map((c) => c.at)
    expect(times.length).toBeGreaterThan(2)
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10_000)
    // Once the line holds, it settles online and stays there.
    await line.time.advance(20_000)
    expect(line.monitor.current().status).toBe('online')
    line.monitor.close()
  })

  it('a call failing for want of a network is one failure: a probe a second later confirms it, or not', async () => {
    let up = true
    const line = onLine(() => up)
    await line.monitor.check()
    // A refusal says nothing of the line; a failure of a profile switched away from says nothing of this one.
    line.monitor.reportFailure(new AppError({ kind: 'validation', message: '' }))
    line.monitor.reportFailure(new AppError({ kind: 'plan', message: '' }))
    line.monitor.reportFailure(network(), 'p-old')
    // A dropped request on a line that is up: the probe finds it, and nothing was said.
    line.monitor.reportFailure(new AppError({ kind: 'timeout', message: 'no answer' }), 'sandbox')
    expect(line.monitor.current().status).toBe('online')
    await line.time.advance(1_000)
    expect(line.probes).toHaveLength(2)
    expect(line.changes.map((c) => c.status)).toEqual(['online'])

    // The service gone: the call, then the probe a second later.
    up = false
    line.monitor.reportFailure(new AppError({ kind: 'timeout', message: 'no answer' }))
    line.monitor.reportFailure(network()) // the same outage: one failure
    await line.time.advance(999)
    expect(line.monitor.current().status).toBe('online')
    await line.time.advance(1)
    expect(line.monitor.current()).toMatchObject({ status: 'offline', error: { kind: 'network' } })
    // A burst of failing calls while offline neither re-announces it nor resets the backoff: 2 s, 4 s, then 5 s.
    const offlineAt = line.time.now()
    await line.time.advance(2_000)
    line.monitor.reportFailure(network())
    await line.time.advance(4_000 + 5_000 + 5_000)
    expect(line.probes.filter((p) => p.at > offlineAt).map((p) => p.at - offlineAt)).toEqual([
      2_000, 6_000, 11_000, 16_000,
    ])
    expect(line.changes.map((c) => c.status)).toEqual(['online', 'offline'])
    line.monitor.close()
  })

  it('check() answers now with two probes in a row, not held by the 10 s', async () => {
    let up = true
    const line = onLine(() => up)
    await line.monitor.check()
    up = false
    await expect(line.monitor.check()).resolves.toMatchObject({ status: 'offline' })
    up = true
    await expect(line.monitor.check()).resolves.toMatchObject({ status: 'online' })
    expect(line.probes).toHaveLength(5)
    expect(line.changes.map((c) => `${c.at}:${c.status}`)).toEqual(['0:online', '0:offline', '0:online'])
    line.monitor.close()
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

  /** A line whose probes wait for the test to answer them, on the test's clock. */
  function heldLine() {
    const time: ManualClock = manualClock(0)
    const waiting: { answer: (up: boolean) => void }[] = []
    const probe = () =>
      new Promise<void>((resolve, reject) =>
        waiting.push({ answer: (up) => (up ? resolve() : reject(network())) }),
      )
    const monitor = createConnectionMonitor({
      target: target(probe),
      now: () => new Date(time.now()),
      timers: time.clock,
    })
    const answer = async (up: boolean) => {
      waiting.shift()!.answer(up)
      await time.advance(0)
    }
    return { time, waiting, monitor, answer }
  }

  it('keeps probing while offline when a good answer is set aside for a call that failed meanwhile', async () => {
    const line = heldLine()
    const checked = line.monitor.check()
    await line.answer(false)
    await checked
    expect(line.monitor.current().status).toBe('offline')
    // The backoff's probe is in flight when the service comes back, and a call with an old timeout fails.
    await line.time.advance(2_000)
    expect(line.waiting).toHaveLength(1)
    line.monitor.reportFailure(new AppError({ kind: 'timeout', message: 'no answer' }))
    await line.answer(true)
    // The answer is set aside, but the next probe is still on its way: the service is seen back.
    expect(line.time.pending()).toBe(1)
    for (let i = 0; i < 4 && line.monitor.current().status !== 'online'; i++) {
      await line.time.advance(5_000)
      while (line.waiting.length > 0) await line.answer(true)
    }
    expect(line.monitor.current().status).toBe('online')
    line.monitor.close()
  })

  it('still goes offline when a second failure lands while the first one is being confirmed', async () => {
    const line = heldLine()
    const checked = line.monitor.check()
    await line.answer(true)
    await checked
    // One spurious failure: a confirming probe a second later, which answers well, but after a second failure.
    line.monitor.reportFailure(network())
    await line.time.advance(1_000)
    expect(line.waiting).toHaveLength(1)
    line.monitor.reportFailure(network())
    await line.answer(true)
    expect(line.time.pending()).toBe(1)
    // The service is really gone now: the probes that follow see it, and it says so.
    for (let i = 0; i < 4 && line.monitor.current().status !== 'offline'; i++) {
      await line.time.advance(10_000)
      while (line.waiting.length > 0) await line.answer(false)
    }
    expect(line.monitor.current().status).toBe('offline')
    line.monitor.close()
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
