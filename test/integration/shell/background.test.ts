// The host's background scheduler against the real embedded sandbox and a second real sandbox: a task
// registered once reads the active profile's service, moves to the next profile on a switch (the first
// profile's scheduler stopped, its timers gone), and a closed host leaves no timer. The scheduler's clock is
// the test's: minutes pass without waiting.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { startSandbox, type RunningSandbox } from '../../../sandbox/index'
import { manualClock } from '../../support/manual-clock'

const MIN = 60_000
let root: string
let other: RunningSandbox
const time = manualClock(Date.parse('2026-12-01T10:00:00Z'))
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'shell-background-'))
  other = await startSandbox({
    dataDir: join(root, 'other'),
    port: 0,
    config: {
      users: [
        { accessKey: 'gold', secretKey: 'gold-secret', tier: 'gold', storageLimit: 1e9, seed: 'empty' },
      ],
    },
  })
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    service: { retry: { maxRetries: 0 } },
    scheduler: { clock: time.clock },
  })
})

afterAll(async () => {
  await host?.close()
  await other?.close()
  rmSync(root, { recursive: true, force: true })
})

it("counts the connection probe's and the account watch's reads in the active profile's budget", async () => {
  const scheduler = host.background.scheduler()!
  // The start's probe may still be in flight, and a check joins it: one check to let it end, then one counted.
  await host.call('connection:check')
  let before = scheduler.used()
  await host.call('connection:check')
  expect(scheduler.used() - before).toBeGreaterThanOrEqual(1)
  // The accounts and the posts due: a request each, at least.
  before = scheduler.used()
  await host.accountWatch.check()
  expect(scheduler.used() - before).toBeGreaterThanOrEqual(2)
})

it('runs a registered task on the active profile, then on the next one, and leaves no timer on close', async () => {
  const seen: Array<{ profileId: string; accounts: number }> = []
  const handle = host.background.register({
    name: 'accounts',
    every: () => 10 * MIN,
    async run({ client, profileId }) {
      const page = await client.listAccounts({ page: 1, limit: 100 })
      seen.push({ profileId, accounts: page.docs.length })
    },
  })
  await host.background.scheduler()!.whenIdle()
  await time.advance(0)
  await host.background.scheduler()!.whenIdle()
  expect(seen).toEqual([{ profileId: 'sandbox', accounts: expect.any(Number) as number }])
  expect(seen[0]!.accounts).toBeGreaterThan(0)
  // Beside the host's own tasks (the due posts, the inbox), each counted against the one budget.
  const names = host.background
    .scheduler()!
    .status()
    .map((task) => task.name)
  expect(names).toEqual(expect.arrayContaining(['due-posts', 'accounts']))
  // One run, one call, one request of the budget (the clock holds still: nothing else runs meanwhile).
  const before = host.background.scheduler()!.used()
  await handle.runNow()
  expect(host.background.scheduler()!.used() - before).toBe(1)

  const first = host.background.scheduler()!
  const saved = await host.call('profiles:save', {
    name: 'Gold shop',
    baseUrl: other.url,
    accessKey: 'gold',
    secretKey: 'gold-secret',
  })
  await host.call('profiles:activate', { id: saved.id })
  expect(host.background.scheduler()).not.toBe(first)
  expect(first.status().every((task) => task.nextRunAt === null)).toBe(true)
  await time.advance(0)
  await host.background.scheduler()!.whenIdle()
  // The other service's accounts, not the built-in sandbox's.
  const accounts = (await host.call('accounts:list', {})).value.length
  expect(accounts).not.toBe(seen[0]!.accounts)
  expect(seen.at(-1)).toEqual({ profileId: saved.id, accounts })

  await time.advance(10 * MIN)
  await host.background.scheduler()!.whenIdle()
  expect(seen.filter((s) => s.profileId === saved.id)).toHaveLength(2)

  await host.close()
  expect(time.pending()).toBe(0)
  expect(host.background.scheduler()).toBeNull()
})
