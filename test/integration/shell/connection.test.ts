// The connection state follows the embedded sandbox going away and coming back, through the real client and
// handlers: two answers in a row to change, at most one change every 10 s, and a sandbox away for one probe
// only is never announced. The monitor's timers and clock are handed in, so each re-check is stepped through by
// hand: no waiting, and a loaded machine cannot make a check late.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import type { MonitorTimers } from '../../../main/core/connection/connection-monitor'

/** Timers that only run when the test says so; firing one moves the monitor's clock by its delay. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>()
  let ids = 0
  let time = Date.parse('2026-11-28T12:00:00Z')
  const timers: MonitorTimers = {
    setTimeout(run, ms) {
      pending.set(++ids, { run, ms })
      return ids
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  }
  return {
    timers,
    now: () => new Date(time),
    /** The delays of the timers waiting to run. */
    delays: () => [...pending.values()].map((t) => t.ms),
    fire() {
      const due = [...pending.values()]
      pending.clear()
      time += Math.max(0, ...due.map((t) => t.ms))
      for (const t of due) t.run()
    },
  }
}

let root: string
let host: AppHost
const clock = manualTimers()
const changes: ConnectionState[] = []

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'shell-connection-'))
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
    connection: { timers: clock.timers, now: clock.now },
  })
  host.events.subscribe((name, payload) => {
    if (name === 'connection:changed') changes.push(payload as ConnectionState)
  })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

/** Runs the scheduled check and waits until it has scheduled the next one. */
async function stepCheck(): Promise<number> {
  clock.fire()
  await vi.waitFor(() => expect(clock.delays()).toHaveLength(1))
  return clock.delays()[0]!
}

describe('connection state', () => {
  it('goes offline once a probe confirms a failed call, backs off, and comes back by itself', async () => {
    await expect(host.connection.check()).resolves.toMatchObject({ status: 'online', mode: 'sandbox' })
    // Online: the next check is the periodic one.
    expect(clock.delays()).toEqual([60_000])

    await host.sandbox.stop()
    try {
      await expect(host.call('storage:stats')).rejects.toMatchObject({ kind: 'network' })
      // One failure: a probe a second later confirms it, and the renderer is told.
      expect(host.connection.current().status).toBe('online')
      expect(clock.delays()).toEqual([1_000])
      expect(await stepCheck()).toBe(2_000)
      expect(host.connection.current()).toMatchObject({ status: 'offline', error: { kind: 'network' } })
      expect(changes.at(-1)).toMatchObject({ status: 'offline', profileId: 'sandbox' })

      // Re-checks while offline come every few seconds, so its return is seen within 10 s.
      const delays: number[] = []
      for (let i = 0; i < 4; i++) delays.push(await stepCheck())
      expect(delays).toEqual([4_000, 5_000, 5_000, 5_000])
      expect(host.connection.current().status).toBe('offline')
      // A burst of failing calls while offline neither re-announces it nor resets the backoff.
      const announced = changes.length
      await expect(host.call('storage:stats')).rejects.toMatchObject({ kind: 'network' })
      expect(changes).toHaveLength(announced)
      expect(clock.delays()).toEqual([5_000])
    } finally {
      await host.sandbox.start()
    }

    // Two good probes in a row find it, say so, and go back to the periodic rhythm.
    expect(await stepCheck()).toBe(1_000)
    expect(host.connection.current().status).toBe('offline')
    expect(await stepCheck()).toBe(60_000)
    expect(host.connection.current().status).toBe('online')
    expect(changes.at(-1)).toMatchObject({ status: 'online', profileId: 'sandbox' })
    await expect(host.call('storage:stats')).resolves.toMatchObject({ file: { total: expect.any(Number) } })
  })

  it('a sandbox gone for one probe only is never announced', async () => {
    expect(clock.delays()).toEqual([60_000])
    const announced = changes.length
    await host.sandbox.stop()
    try {
      expect(await stepCheck()).toBe(1_000)
    } finally {
      await host.sandbox.start()
    }
    expect(await stepCheck()).toBe(60_000)
    expect(host.connection.current().status).toBe('online')
    expect(changes).toHaveLength(announced)
  })

  it('a periodic check notices the sandbox gone even when no call fails, and changes at most once in 10 s', async () => {
    expect(clock.delays()).toEqual([60_000])
    await host.sandbox.stop()
    try {
      expect(await stepCheck()).toBe(1_000)
      expect(await stepCheck()).toBe(2_000)
      expect(host.connection.current().status).toBe('offline')
    } finally {
      await host.sandbox.start()
    }
    // Back after 2 s, seen by two probes 3 s after going offline: held until the change is 10 s old.
    expect(await stepCheck()).toBe(1_000)
    expect(await stepCheck()).toBe(7_000)
    expect(host.connection.current().status).toBe('offline')
    expect(await stepCheck()).toBe(60_000)
    expect(host.connection.current().status).toBe('online')
  })

  it('on a profile switch, says the new profile is being checked before anyone hears of the switch', async () => {
    const seenAtSwitch: ConnectionState[] = []
    const stop = host.events.subscribe((name) => {
      if (name === 'profiles:changed') seenAtSwitch.push(host.connection.current())
    })
    try {
      const profile = await host.call('profiles:save', {
        name: 'Same sandbox',
        baseUrl: host.sandbox.url,
        ...host.sandbox.credentials,
      })
      seenAtSwitch.length = 0
      await host.call('profiles:activate', { id: profile.id })
      // The outbox reacts to the switch: "online" here would have been the previous profile's word.
      expect(seenAtSwitch[0]).toMatchObject({ profileId: profile.id, status: 'checking' })
      await expect(host.call('connection:check')).resolves.toMatchObject({
        profileId: profile.id,
        status: 'online',
      })
      await host.call('profiles:delete', { id: profile.id })
    } finally {
      stop()
    }
  })
})
