// The account watch and the collision check through the host and its embedded sandbox, a real service over
// HTTP: an account the sandbox holds disconnected (by config, then by its programmatic API) raises one
// notification and the planner's banner data, a reconnection clears it, the look 15 minutes before a post
// catches a disconnection that happened since (the watch's clock is the test's), and a restart does not tell
// again. The collision check finds the near, repeated and same-media posts the service holds, and says so
// when it cannot read the service.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountWatchState } from '../../../common/account-watch'
import { t, type MessageKey, type MessageParams } from '../../../common/messages/index'
import { emptyScheduleRequest, type Account } from '../../../common/service'
import { embeddedSandboxConfig } from '../../../main/host/embedded-sandbox'
import type { AccountAlertNotice } from '../../../main/host/account-watch'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { manualClock, until, type ManualClock } from '../../support/manual-clock'

const MIN = 60_000
const HOUR = 60 * MIN
const tr = (key: MessageKey, params?: MessageParams) => t('en', key, params)

let root: string
let host: AppHost
let clock: ManualClock
let shown: AccountAlertNotice[]
let banner: AccountWatchState[]
const T0 = Math.ceil(Date.now() / MIN) * MIN + 10 * MIN

function config() {
  const demo = embeddedSandboxConfig().users[0]!
  // "empty": Facebook, Instagram and Threads (already disconnected), no posts; Instagram held off by config.
  return {
    ...embeddedSandboxConfig(),
    users: [{ ...demo, seed: 'empty' as const, disconnectedAccounts: ['kopisenja.id'] }],
  }
}

async function open(): Promise<AppHost> {
  shown = []
  banner = []
  const next = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    sandbox: { config: config() },
    notifications: { notify: () => undefined, tr: () => tr },
    accountWatch: { clock: clock.clock, alerts: { show: (notice) => shown.push(notice) } },
    service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
  })
  next.events.subscribe((name, payload) => {
    if (name === 'watch:changed') banner.push(payload as AccountWatchState)
  })
  return next
}

let accounts: Record<string, Account>
const post = (accountId: string, at: number, over: Record<string, unknown> = {}) =>
  host.active().client.createSchedule({
    ...emptyScheduleRequest(),
    accountId,
    scheduleAt: new Date(at).toISOString(),
    description: 'Promo gula aren minggu ini',
    ...over,
  })

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'account-watch-'))
  clock = manualClock(T0)
  host = await open()
  const list = await host.active().client.listAccounts({ page: 1, limit: 100 })
  accounts = Object.fromEntries(list.docs.map((a) => [a.type, a]))
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('account watch against the sandbox', () => {
  it('tells once of the account the config holds disconnected, naming it and its post, and feeds the banner', async () => {
    expect(accounts.instagram!.isConnected).toBe(false)
    const { scheduleId } = await post(accounts.instagram!._id, T0 + 3 * HOUR, { title: 'Promo akhir pekan' })
    await host.accountWatch.check()
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({
      title: 'Kopi Senja is disconnected',
      action: { label: 'Reconnect on repliz.com', url: 'https://repliz.com' },
      route: { view: 'planner', postId: scheduleId },
    })
    expect(shown[0]!.body).toMatch(/^1 post due soon will fail: “Promo akhir pekan” \d\d:\d\d\.$/)
    const state = await host.call('watch:alerts')
    expect(state.alerts).toEqual([
      {
        accountId: accounts.instagram!._id,
        accountName: 'Kopi Senja',
        accountType: 'instagram',
        posts: [expect.objectContaining({ id: scheduleId, title: 'Promo akhir pekan' })],
      },
    ])
    expect(banner.at(-1)).toEqual(state)

    await host.accountWatch.check()
    expect(shown).toHaveLength(1)
  })

  it('does not tell again after a restart', async () => {
    await host.close()
    host = await open()
    await host.accountWatch.check()
    expect(shown).toEqual([])
    expect((await host.call('watch:alerts')).alerts).toHaveLength(1)
  })

  it('shows no alert of the previous profile once switched to one whose service cannot be reached', async () => {
    expect((await host.call('watch:alerts')).alerts).toHaveLength(1)
    const offline = await host.call('profiles:save', {
      name: 'Offline client',
      baseUrl: 'http://127.0.0.1:9',
      accessKey: 'client-key',
      secretKey: 'client-secret',
    })
    const seen = banner.length
    await host.call('profiles:activate', { id: offline.id })
    try {
      await host.accountWatch.check()
      const state = await host.call('watch:alerts')
      expect(state).toMatchObject({ alerts: [], checkedAt: null, error: { kind: 'network' } })
      expect(banner.slice(seen).flatMap((s) => s.alerts)).toEqual([])
    } finally {
      // Back on the Sandbox, its own alert comes back with its check.
      await host.call('profiles:activate', { id: 'sandbox' })
    }
    await host.accountWatch.check()
    expect((await host.call('watch:alerts')).alerts).toHaveLength(1)
  })

  it('clears the banner once the account is connected again', async () => {
    expect(await host.sandbox.handle()!.setAccountConnected(accounts.instagram!._id, true)).toBe(true)
    await host.accountWatch.check()
    expect((await host.call('watch:alerts')).alerts).toEqual([])
    expect(banner.at(-1)?.alerts).toEqual([])
  })

  it('looks again 15 minutes before a post and catches an account disconnected since', async () => {
    const due = T0 + 40 * MIN
    const { scheduleId } = await post(accounts.facebook!._id, due, { title: 'Menu minggu ini' })
    await host.accountWatch.check()
    expect(shown).toEqual([])
    expect(host.accountWatch.nextCheckAt()).toBe(due - 15 * MIN)

    await host.sandbox.handle()!.setAccountConnected(accounts.facebook!._id, false)
    await clock.advanceTo(due - 15 * MIN)
    await until(() => shown.length === 1, 'the notification of the look before the post')
    expect(shown[0]).toMatchObject({
      title: 'Kopi Senja Nusantara is disconnected',
      route: { postId: scheduleId },
    })
    expect((await host.call('watch:alerts')).alerts.map((a) => a.accountType)).toEqual(['facebook'])
    await host.sandbox.handle()!.setAccountConnected(accounts.facebook!._id, true)
  })
})

describe("every account's connection", () => {
  it("is said at each look and looked at again within a minute of a change of the service's posts", async () => {
    await host.accountWatch.check()
    const facebook = accounts.facebook!._id
    expect(banner.at(-1)?.connected?.[facebook]).toBe(true)
    // A post failed at its time (the due posts' follow-up says so): the account it failed for is read again.
    await host.sandbox.handle()!.setAccountConnected(facebook, false)
    host.events.emit('schedules:changed', { posts: [], removed: [], reload: true })
    await clock.advance(MIN)
    await until(() => banner.at(-1)?.connected?.[facebook] === false, 'the look after the change')
    await host.sandbox.handle()!.setAccountConnected(facebook, true)
    await host.accountWatch.check()
  })
})

describe('collisions against the sandbox', () => {
  it('finds the post near in time, the same text and the same media on the account, fresh', async () => {
    const at = T0 + 5 * HOUR
    const media = {
      alt: '',
      type: 'image',
      thumbnail: '',
      url: `${host.sandbox.handle()!.storageUrl}/uploads/u/gula.png`,
    }
    const near = await post(accounts.facebook!._id, at + 30 * MIN, { description: 'Lain kali' })
    const same = await post(accounts.facebook!._id, at + 2 * HOUR, {
      description: 'PROMO gula aren  minggu ini',
    })
    const image = await post(accounts.facebook!._id, at + 4 * HOUR, {
      description: 'Foto',
      type: 'image',
      medias: [media],
    })
    await post(accounts.instagram!._id, at, { description: 'Promo gula aren minggu ini' })
    const report = await host.call('schedules:collisions', {
      scheduleAt: new Date(at).toISOString(),
      accounts: [{ id: accounts.facebook!._id, text: 'Promo gula aren minggu ini' }],
      media: [{ url: `http://127.0.0.1:1/uploads/u/gula.png?sig=1` }],
    })
    expect(report.checked).toBe(true)
    expect(report.collisions.map((c) => `${c.kind}:${c.post.id}`)).toEqual([
      `near:${near.scheduleId}`,
      `same-text:${same.scheduleId}`,
      `same-media:${image.scheduleId}`,
    ])
  })

  it('says it could not check when the service does not answer', async () => {
    host.sandbox.setFaults({ serverErrorRate: 1 })
    try {
      const report = await host.call('schedules:collisions', {
        scheduleAt: new Date(T0 + HOUR).toISOString(),
        accounts: [{ id: accounts.facebook!._id, text: 'x' }],
        media: [],
      })
      expect(report).toMatchObject({ checked: false, collisions: [], error: { kind: 'server' } })
    } finally {
      host.sandbox.setFaults({})
    }
  })
})
