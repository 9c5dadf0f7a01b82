// The connection state follows the embedded sandbox going away and coming back, through the real client and
// handlers. The monitor's timers are handed in, so each re-check is stepped through by hand: no waiting, and a
// loaded machine cannot make a check late.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import type { MonitorTimers } from '../../../main/core/connection/connection-monitor'

/** Timers that only run when the test says so. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>()
  let ids = 0
  const timers: MonitorTimers = {
    setTimeout(run, ms) {
      pending.set(++ids, { run, ms })
      return ids
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  }
  return {
    timers,
    /** The delays of the timers waiting to run. */
    delays: () => [...pending.values()].map((t) => t.ms),
    fire() {
      const due = [...pending.values()]
      pending.clear()
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
    connection: { timers: clock.timers },
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
  it('goes offline when a call cannot reach the sandbox, backs off, and comes back by itself', async () => {
    await expect(host.connection.check()).resolves.toMatchObject({ status: 'online', mode: 'sandbox' })
    // Online: the next check is the periodic one.
    expect(clock.delays()).toEqual([60_000])

    await host.sandbox.stop()
    try {
      await expect(host.call('storage:stats')).rejects.toMatchObject({ kind: 'network' })
      // At once, without waiting for a check, and the renderer is told.
      expect(host.connection.current()).toMatchObject({ status: 'offline', error: { kind: 'network' } })
      expect(changes.at(-1)).toMatchObject({ status: 'offline', profileId: 'sandbox' })
      expect(clock.delays()).toEqual([2_000])

      // Re-checks while offline come less and less often, up to half a minute.
      const delays: number[] = []
      for (let i = 0; i < 5; i++) delays.push(await stepCheck())
      expect(delays).toEqual([4_000, 8_000, 16_000, 30_000, 30_000])
      expect(host.connection.current().status).toBe('offline')
      // A burst of failing calls while offline neither re-announces it nor resets the backoff.
      const announced = changes.length
      await expect(host.call('storage:stats')).rejects.toMatchObject({ kind: 'network' })
      expect(changes).toHaveLength(announced)
      expect(clock.delays()).toEqual([30_000])
    } finally {
      await host.sandbox.start()
    }

    // The next re-check finds it, says so, and goes back to the periodic rhythm.
    expect(await stepCheck()).toBe(60_000)
    expect(host.connection.current().status).toBe('online')
    expect(changes.at(-1)).toMatchObject({ status: 'online', profileId: 'sandbox' })
    await expect(host.call('storage:stats')).resolves.toMatchObject({ file: { total: expect.any(Number) } })
  })

  it('a periodic check notices the sandbox gone even when no call fails', async () => {
    expect(clock.delays()).toEqual([60_000])
    await host.sandbox.stop()
    try {
      expect(await stepCheck()).toBe(2_000)
      expect(host.connection.current().status).toBe('offline')
    } finally {
      await host.sandbox.start()
    }
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
