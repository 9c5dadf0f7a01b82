// When the outbox runs: on start when online, when the connection comes back, on the timer while something
// waits (checking the connection first), and on "send now". Real store and outbox; the service is a stand-in.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionState } from '../../../../common/app-state'
import type { OutboxState } from '../../../../common/drafts'
import { openStoreAt, type TestDraftStore } from '../../../support/draft-store'
import { createLeases } from '../../../../main/core/db/leases'
import { createDraftsService } from '../../../../main/core/drafts/drafts-service'
import { createOutbox } from '../../../../main/core/drafts/outbox'
import { createOutboxRunner } from '../../../../main/core/drafts/outbox-runner'
import type { ConnectionMonitor } from '../../../../main/core/ports'
import { NOW, samplePost, tempDir } from './helpers'

function fakeConnection(online: boolean) {
  let status: ConnectionState['status'] = online ? 'online' : 'offline'
  let reachable = online
  const listeners = new Set<(s: ConnectionState) => void>()
  const state = (): ConnectionState => ({
    status,
    mode: 'sandbox',
    profileId: 'sandbox',
    profileName: 'Sandbox',
    baseUrl: 'http://127.0.0.1',
    lastCheckedAt: null,
  })
  const connection: Pick<ConnectionMonitor, 'isOnline' | 'check' | 'onChange'> & { checks: number } = {
    checks: 0,
    isOnline: () => status === 'online',
    async check() {
      connection.checks++
      status = reachable ? 'online' : 'offline'
      return state()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    connection,
    /** The service becomes reachable (or not); only a check or an event tells the runner. */
    setReachable(value: boolean) {
      reachable = value
    },
    announce(value: boolean) {
      reachable = value
      status = value ? 'online' : 'offline'
      for (const listener of listeners) listener(state())
    },
  }
}

let store: TestDraftStore
let cleanup: () => Promise<void>

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  store = await openStoreAt(path.join(t.dir, 'drafts.json'))
})
afterEach(async () => {
  vi.useRealTimers()
  await cleanup()
})

function setup(online: boolean) {
  const created: string[] = []
  const outbox = createOutbox({
    profileId: () => 'sandbox',
    store,
    leases: createLeases(store.database),
    now: () => NOW,
    upload: async () => 'unused',
    client: () => ({
      createSchedule: async (body) => {
        created.push(body.description)
        return { scheduleId: `s${created.length}` }
      },
      listSchedules: async () => {
        throw new Error('no lookup expected')
      },
    }),
  })
  const conn = fakeConnection(online)
  const states: OutboxState[] = []
  const waiters: Array<{ done: (s: OutboxState) => boolean; resolve: () => void }> = []
  const runner = createOutboxRunner({
    profileId: () => 'sandbox',
    outbox,
    store,
    now: () => NOW,
    connection: conn.connection,
    intervalMs: 1000,
    onState: (s) => {
      states.push(s)
      for (const waiter of waiters.splice(0)) {
        if (waiter.done(s)) waiter.resolve()
        else waiters.push(waiter)
      }
    },
  })
  /**
   * Resolves when the runner publishes a state that passes `done`: the runner works in the background, and
   * waiting for what it says (not for a stretch of wall-clock time) holds on a loaded machine too.
   */
  const until = (done: (s: OutboxState) => boolean) =>
    new Promise<void>((resolve) => waiters.push({ done, resolve }))
  const finished = (scheduled: number) => until((s) => !s.sending && s.counts.scheduled === scheduled)
  const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
  const queue = (description: string) =>
    drafts.queue(drafts.save({ post: samplePost({ description }), localMedia: [] }).id)
  return { runner, created, conn, states, queue, finished }
}

describe('outbox runner', () => {
  it('sends what waits as soon as it starts online', async () => {
    const { runner, created, queue, finished } = setup(true)
    const draft = queue('on start')
    const sent = finished(1)
    runner.start()
    await sent
    expect(created).toEqual(['on start'])
    expect(store.get(draft.id)!.status).toBe('scheduled')
    expect(runner.state()).toMatchObject({
      online: true,
      sending: false,
      counts: { scheduled: 1, queued: 0 },
    })
    await runner.stop()
  })

  it('waits while offline and sends when the connection comes back', async () => {
    const { runner, created, queue, conn, finished } = setup(false)
    queue('after reconnect')
    runner.start()
    await runner.whenSettled()
    expect(created).toEqual([])
    const sent = finished(1)
    conn.announce(true)
    await sent
    expect(created).toEqual(['after reconnect'])
    await runner.stop()
  })

  it('checks the connection on its timer while something waits, and sends once it answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { runner, created, queue, conn, finished } = setup(false)
    queue('on the timer')
    runner.start()
    await runner.whenSettled()
    const checksAtStart = conn.connection.checks
    conn.setReachable(true)
    const sent = finished(1)
    await vi.advanceTimersByTimeAsync(1000)
    await sent
    expect(created).toEqual(['on the timer'])
    expect(conn.connection.checks).toBeGreaterThan(checksAtStart)
    await runner.stop()
  })

  it('does not check on the timer when nothing waits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { runner, conn } = setup(false)
    runner.start()
    await runner.whenSettled()
    const checks = conn.connection.checks
    await vi.advanceTimersByTimeAsync(5000)
    expect(conn.connection.checks).toBe(checks)
    await runner.stop()
  })

  it('sends now when asked, and reports each change of state', async () => {
    const { runner, created, queue, states } = setup(true)
    queue('asked')
    const state = await runner.sendNow()
    expect(created).toEqual(['asked'])
    expect(state.counts.scheduled).toBe(1)
    expect(state.lastSyncAt).toBe(NOW.toISOString())
    expect(states.some((s) => s.sending)).toBe(true)
  })

  it("counts and sends the active profile's posts, and sends the other's once its profile is active", async () => {
    let active = 'b'
    const created: string[] = []
    const outbox = createOutbox({
      profileId: () => active,
      store,
      leases: createLeases(store.database),
      now: () => NOW,
      upload: async () => 'unused',
      client: () => ({
        createSchedule: async (body) => {
          created.push(`${active}: ${body.description}`)
          return { scheduleId: `s${created.length}` }
        },
        listSchedules: async () => {
          throw new Error('no lookup expected')
        },
      }),
    })
    const states: OutboxState[] = []
    const runner = createOutboxRunner({
      profileId: () => active,
      outbox,
      store,
      now: () => NOW,
      connection: fakeConnection(true).connection,
      onState: (s) => states.push(s),
    })
    const underA = createDraftsService({ profileId: () => 'a', store, now: () => NOW })
    underA.queue(underA.save({ post: samplePost({ description: 'for A' }), localMedia: [] }).id)
    expect(await runner.sendNow()).toMatchObject({ counts: { queued: 0 } })
    expect(created).toEqual([])
    runner.start()

    active = 'a'
    await runner.profileChanged()
    expect(created).toEqual(['a: for A'])
    expect(states.at(-1)).toMatchObject({ sending: false, counts: { queued: 0, scheduled: 1 } })
    await runner.stop()
  })
})
