// The host's background tasks across profiles: a task registered once runs on whichever profile is active, a
// switch stops the previous profile's scheduler whole before the next starts, each client call is counted
// against the budget (and waits for it), and closing leaves no timer.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import type { ServiceClient } from '../../../main/core/service-client'
import { budgetedClient, createBackground } from '../../../main/host/background'
import { silentLogger } from '../../../main/host/logging'
import { manualClock } from '../../support/manual-clock'

const MIN = 60_000

/** A client whose one call records which profile answered and when. */
function client(profileId: string, calls: string[], now: () => number): ServiceClient {
  return {
    baseUrl: `http://${profileId}.invalid`,
    storageStatistic: async () => {
      calls.push(`${profileId}@${now()}`)
      return { total: 0, used: 0 }
    },
    close: async () => undefined,
  } as unknown as ServiceClient
}

describe('host background', () => {
  it('runs a task on the active profile, and on the next one after a switch, the first stopped whole', async () => {
    const time = manualClock(0)
    const calls: string[] = []
    const background = createBackground({ clock: time.clock, log: silentLogger })
    const seen: string[] = []
    let aborted = 0
    const handle = background.register({
      name: 'probe',
      every: () => MIN,
      async run({ client: c, profileId, signal }) {
        signal.addEventListener('abort', () => aborted++)
        seen.push(profileId)
        await c.storageStatistic()
      },
    })
    // Registered before any profile: nothing runs, nothing is planned.
    expect(handle.nextRunAt()).toBeNull()
    await handle.runNow()
    await background.attach({ profileId: 'a', client: client('a', calls, time.now) })
    await time.advance(MIN)
    expect(calls).toEqual(['a@0', `a@${MIN}`])
    await background.attach({ profileId: 'b', client: client('b', calls, time.now) })
    expect(aborted).toBe(2)
    await time.advance(MIN)
    expect(calls).toEqual(['a@0', `a@${MIN}`, `b@${MIN}`, `b@${2 * MIN}`])
    expect(seen.at(-1)).toBe('b')
    await background.close()
    expect(time.pending()).toBe(0)
    expect(background.scheduler()).toBeNull()
    expect(() =>
      background.register({ name: 'late', every: () => MIN, run: async () => undefined }),
    ).toThrow()
  })

  it('counts every call of a run against the profile budget', async () => {
    const time = manualClock(0)
    const calls: string[] = []
    const background = createBackground({ clock: time.clock, log: silentLogger, limit: 3 })
    background.register({
      name: 'reads',
      every: () => null,
      async run({ client: c }) {
        for (let i = 0; i < 5; i++) await c.storageStatistic()
      },
    })
    await background.attach({ profileId: 'a', client: client('a', calls, time.now) })
    await time.advance(0)
    expect(calls).toEqual(['a@0', 'a@0', 'a@0'])
    expect(background.scheduler()!.used()).toBe(3)
    await time.advance(MIN)
    expect(calls).toEqual(['a@0', 'a@0', 'a@0', `a@${MIN}`, `a@${MIN}`])
    await background.close()
  })

  it('refuses a second task of the same name; an unregistered one stops on the active profile', async () => {
    const time = manualClock(0)
    const background = createBackground({ clock: time.clock, log: silentLogger })
    await background.attach({ profileId: 'a', client: client('a', [], time.now) })
    let runs = 0
    const handle = background.register({
      name: 'inbox',
      every: () => MIN,
      run: async () => {
        runs++
      },
    })
    expect(() =>
      background.register({ name: 'inbox', every: () => MIN, run: async () => undefined }),
    ).toThrow(/inbox/)
    await time.advance(0)
    handle.unregister()
    await time.advance(5 * MIN)
    expect(runs).toBe(1)
    expect(time.pending()).toBe(0)
    await background.close()
  })

  it('wraps a client so a refused budget wait is the call failing, before any request', async () => {
    const calls: string[] = []
    const wrapped = budgetedClient(
      client('a', calls, () => 0),
      () => Promise.reject(new AppError({ kind: 'cancelled', message: 'stopped' })),
    )
    await expect(wrapped.storageStatistic()).rejects.toMatchObject({ kind: 'cancelled' })
    expect(calls).toEqual([])
    expect(wrapped.baseUrl).toBe('http://a.invalid')
  })
})
