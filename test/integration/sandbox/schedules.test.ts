// Schedules: create validation (section 2.4), the simulated publisher driven by the test clock and
// `tick()`, retry (section 4.6), list filters (OpenAPI), get/update/delete, plans, and the demo posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  emptyScheduleRequest,
  pageSchema,
  scheduleSchema,
  type CreateScheduleRequest,
} from '../../../common/service'
import { waitFor } from '../../support/wait-for'
import { call, GOLD_AUTH, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string
let accounts: { id: string; type: string; isConnected: boolean; name: string }[]

const schedulePage = pageSchema(scheduleSchema)

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
  accounts = (await call(base, 'GET', '/public/account?page=1&limit=100')).json.docs
})
afterAll(() => t.stop())

function account(o: { type?: string; connected: boolean }) {
  const found = accounts.find((a) => a.isConnected === o.connected && (!o.type || a.type === o.type))
  if (!found) throw new Error('no such demo account')
  return found
}

function body(o: Partial<CreateScheduleRequest> = {}): CreateScheduleRequest {
  return {
    ...emptyScheduleRequest(),
    description: 'Halo dari sandbox',
    type: 'image',
    medias: [{ alt: '', type: 'image', thumbnail: '', url: 'http://localhost/x.png' }],
    accountId: account({ type: 'facebook', connected: true }).id,
    scheduleAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    ...o,
  }
}

async function create(b: unknown, auth?: string) {
  return call<{ scheduleId: string }>(base, 'POST', '/public/schedule', { body: b, auth })
}

async function get(id: string) {
  return scheduleSchema.parse((await call(base, 'GET', `/public/schedule/${id}`)).json)
}

describe('demo posts', () => {
  it('span this month and the next, in every status, with at least 3 errors that say why', async () => {
    const page = schedulePage.parse((await call(base, 'GET', '/public/schedule?page=1&limit=100')).json)
    const statuses = page.docs.map((s) => s.status)
    for (const s of ['pending', 'process', 'success', 'error'] as const) expect(statuses, s).toContain(s)
    const errors = page.docs.filter((s) => s.status === 'error')
    expect(errors.length).toBeGreaterThanOrEqual(3)
    for (const e of errors) expect(e.errorMessage).toMatch(/\w/)
    const now = t.clock.now()
    const months = new Set(page.docs.map((s) => s.scheduleAt.slice(0, 7)))
    expect(months).toContain(now.toISOString().slice(0, 7))
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7)
    expect(months).toContain(next)
    for (const s of page.docs) {
      expect(s.account?.id).toBe(s.accountId)
      expect(s.id).toBe(s._id)
    }
  })
})

describe('create', () => {
  it('answers 201 {scheduleId}; the post reads back pending with the same content', async () => {
    const b = body({ title: 'Judul', topic: 'promo' })
    const created = await create(b)
    expect(created.status).toBe(201)
    expect(Object.keys(created.json)).toEqual(['scheduleId'])
    const post = await get(created.json.scheduleId)
    expect(post).toMatchObject({
      _id: created.json.scheduleId,
      title: 'Judul',
      description: b.description,
      topic: 'promo',
      type: 'image',
      medias: b.medias,
      status: 'pending',
      scheduleAt: b.scheduleAt,
      accountId: b.accountId,
    })
  })

  it('validates the body of section 2.4', async () => {
    const good = body()
    const { scheduleAt: _s, ...noScheduleAt } = good
    const { accountId: _a, ...noAccount } = good
    const { additionalInfo: _i, ...noInfo } = good
    const bad: unknown[] = [
      {},
      noScheduleAt,
      noAccount,
      { ...good, scheduleAt: 'tomorrow' },
      { ...good, scheduleAt: '2026-13-45T99:00:00Z' },
      { ...good, scheduleAt: '2026-02-30T10:00:00Z' },
      { ...good, scheduleAt: '2026-07-21T07:35:37' },
      { ...good, type: 'hologram' },
      { ...good, medias: 'none' },
      { ...good, medias: [{ url: 5 }] },
      { ...good, title: 3 },
      { ...good, replies: {} },
      { ...good, additionalInfo: { ...good.additionalInfo, isDraft: 'no' } },
      { ...good, additionalInfo: { ...good.additionalInfo, isShareToFeed: 'yes' } },
      {
        ...good,
        additionalInfo: {
          ...good.additionalInfo,
          music: { ...good.additionalInfo.music, volume: { video: 50, music: 101 } },
        },
      },
      {
        ...good,
        additionalInfo: {
          ...good.additionalInfo,
          music: { ...good.additionalInfo.music, volume: { video: -1, music: 100 } },
        },
      },
      { ...good, additionalInfo: { ...good.additionalInfo, channel: { name: 'News', type: 'channel' } } },
      [],
      null,
    ]
    for (const b of bad) {
      const answer = await create(b)
      expect(answer.status, JSON.stringify(b)).toBe(400)
      expect(answer.json).toMatchObject({ code: 400, message: expect.any(String) })
    }
    // The developer docs make topic, meta, additionalInfo and replies optional on create; the newer OpenAPI
    // drops `link` and adds isShareToFeed, isAutoAddMusic, music.volume and a WhatsApp channel.
    const { topic: _t, meta: _m, replies: _r, ...bare } = noInfo
    expect((await create(bare)).status).toBe(201)
    const { link: _l, ...newer } = good.additionalInfo as Record<string, unknown>
    const channel = { id: '1203@newsletter', name: 'News', picture: '', type: 'channel' }
    expect(
      (await create({ ...good, additionalInfo: { ...newer, isShareToFeed: true, channel } })).status,
    ).toBe(201)
    const unknownAccount = await create({ ...good, accountId: 'ffffffffffffffffffffffff' })
    expect(unknownAccount.json).toEqual({ code: 404, message: 'account not found' })
  })

  it('needs premium: gold and standard get 402 invalid plan', async () => {
    for (const auth of [GOLD_AUTH, STD_AUTH]) {
      expect((await create(body(), auth)).json).toEqual({ code: 402, message: 'invalid plan' })
      expect((await call(base, 'GET', '/public/schedule?page=1&limit=5', { auth })).status).toBe(402)
      expect((await call(base, 'PUT', '/public/schedule/x/retry', { auth })).status).toBe(402)
    }
    expect((await call(base, 'PUT', '/public/schedule/x/retry', { auth: null })).status).toBe(401)
  })
})

describe('publisher', () => {
  it('moves a post pending -> process -> success at scheduleAt', async () => {
    const at = new Date(t.clock.now().getTime() + 60_000)
    const { scheduleId } = (await create(body({ scheduleAt: at.toISOString() }))).json
    await t.sandbox.tick()
    expect((await get(scheduleId)).status).toBe('pending')
    t.clock.advance(60_000)
    await t.sandbox.tick()
    expect((await get(scheduleId)).status).toBe('process')
    t.clock.advance(1000)
    await t.sandbox.tick()
    const done = await get(scheduleId)
    expect(done.status).toBe('success')
    expect(done.errorMessage).toBeUndefined()
  })

  it('fails posts on a disconnected account reproducibly; retry re-queues them (204), 404 for unknown', async () => {
    const disconnected = account({ connected: false })
    const { scheduleId } = (
      await create(
        body({
          accountId: disconnected.id,
          type: 'text',
          medias: [],
          scheduleAt: t.clock.now().toISOString(),
        }),
      )
    ).json
    await t.sandbox.tick()
    t.clock.advance(1000)
    await t.sandbox.tick()
    const failed = await get(scheduleId)
    expect(failed.status).toBe('error')
    expect(failed.errorMessage).toContain('disconnected')

    const retried = await call(base, 'PUT', `/public/schedule/${scheduleId}/retry`, { body: {} })
    expect(retried.status).toBe(204)
    expect(retried.text).toBe('')
    expect((await get(scheduleId)).status).toBe('pending')
    expect((await get(scheduleId)).errorMessage).toBeUndefined()
    // A repeated retry of a re-queued post is harmless.
    expect((await call(base, 'PUT', `/public/schedule/${scheduleId}/retry`)).status).toBe(204)

    // Still disconnected: it fails again, the same way.
    await t.sandbox.tick()
    t.clock.advance(1000)
    await t.sandbox.tick()
    expect((await get(scheduleId)).status).toBe('error')

    // Reconnected: the retry publishes.
    expect(await t.sandbox.setAccountConnected(disconnected.id, true)).toBe(true)
    expect((await call(base, 'PUT', `/public/schedule/${scheduleId}/retry`)).status).toBe(204)
    await t.sandbox.tick()
    t.clock.advance(1000)
    await t.sandbox.tick()
    expect((await get(scheduleId)).status).toBe('success')
    await t.sandbox.setAccountConnected(disconnected.id, false)

    expect((await call(base, 'PUT', `/public/schedule/${scheduleId}/retry`)).status).toBe(400)
    const unknown = await call(base, 'PUT', '/public/schedule/ffffffffffffffffffffffff/retry')
    expect(unknown.json).toEqual({ code: 404, message: 'schedule not found' })
  })

  it('fails a post type the platform does not publish', async () => {
    const ig = account({ type: 'instagram', connected: true })
    const { scheduleId } = (
      await create(
        body({ accountId: ig.id, type: 'text', medias: [], scheduleAt: t.clock.now().toISOString() }),
      )
    ).json
    await t.sandbox.tick()
    t.clock.advance(1000)
    await t.sandbox.tick()
    const post = await get(scheduleId)
    expect(post.status).toBe('error')
    expect(post.errorMessage).toBe('instagram does not support text posts')
  })
})

describe('publisher, by the networks’ published limits', () => {
  async function publish(o: Partial<CreateScheduleRequest>) {
    const { scheduleId } = (await create(body({ scheduleAt: t.clock.now().toISOString(), ...o }))).json
    await t.sandbox.tick()
    t.clock.advance(1000)
    await t.sandbox.tick()
    return get(scheduleId)
  }

  it('fails a caption longer than the network takes, and publishes one at the limit', async () => {
    const linkedin = account({ type: 'linkedin', connected: true })
    const over = await publish({ accountId: linkedin.id, description: 'x'.repeat(3001) })
    expect(over.status).toBe('error')
    expect(over.errorMessage).toBe('linkedin takes at most 3000 characters of text; this post has 3001')
    const at = await publish({ accountId: linkedin.id, description: 'x'.repeat(3000) })
    expect(at.status).toBe('success')
  })

  it('fails more media than one post of the network takes', async () => {
    const ig = account({ type: 'instagram', connected: true })
    const medias = Array.from({ length: 11 }, (_, i) => ({
      alt: '',
      type: 'image',
      thumbnail: '',
      url: `http://localhost/${i}.jpg`,
    }))
    const post = await publish({ accountId: ig.id, type: 'album', medias })
    expect(post.status).toBe('error')
    expect(post.errorMessage).toBe('instagram takes at most 10 media files in one post; this post has 11')
  })
})

describe('list, get, update, delete', () => {
  it('filters by status, accountIds (every encoding) and date range', async () => {
    const all = schedulePage.parse((await call(base, 'GET', '/public/schedule?page=1&limit=100')).json).docs
    const errors = schedulePage.parse(
      (await call(base, 'GET', '/public/schedule?page=1&limit=100&status=error')).json,
    )
    expect(errors.totalDocs).toBe(all.filter((s) => s.status === 'error').length)
    const id = all[0]!.accountId
    for (const q of [`accountIds[]=${id}`, `accountIds=${id}`, `accountIds[0]=${id}`]) {
      const page = schedulePage.parse(
        (await call(base, 'GET', `/public/schedule?page=1&limit=100&${q}`)).json,
      )
      expect(page.totalDocs, q).toBe(all.filter((s) => s.accountId === id).length)
    }
    const from = all[2]!.scheduleAt
    const to = all[5]!.scheduleAt
    const ranged = schedulePage.parse(
      (await call(base, 'GET', `/public/schedule?page=1&limit=100&fromDate=${from}&toDate=${to}`)).json,
    )
    expect(ranged.totalDocs).toBe(all.filter((s) => s.scheduleAt >= from && s.scheduleAt <= to).length)
    expect(ranged.docs.map((s) => s.scheduleAt)).toEqual([...ranged.docs.map((s) => s.scheduleAt)].sort())
    for (const q of [
      'status=failed',
      'fromDate=yesterday',
      'toDate=2026-02-30T00:00:00Z',
      'fromDate=12345',
    ]) {
      expect((await call(base, 'GET', `/public/schedule?page=1&limit=10&${q}`)).status, q).toBe(400)
    }
    expect((await call(base, 'GET', '/public/schedule?limit=10')).status).toBe(400)
  })

  it('gets, updates (204) and deletes (204) a post; 404 schedule not found after', async () => {
    const { scheduleId } = (await create(body())).json
    const later = new Date(t.clock.now().getTime() + 7 * 86400_000).toISOString()
    const update = await call(base, 'PUT', `/public/schedule/${scheduleId}`, {
      body: { ...body(), accountId: undefined, description: 'diubah', scheduleAt: later },
    })
    expect(update.status).toBe(204)
    const post = await get(scheduleId)
    expect(post.description).toBe('diubah')
    expect(post.scheduleAt).toBe(later)
    expect((await call(base, 'PUT', `/public/schedule/${scheduleId}`, { body: { title: 1 } })).status).toBe(
      400,
    )
    expect((await call(base, 'DELETE', `/public/schedule/${scheduleId}`)).status).toBe(204)
    for (const [method, path] of [
      ['GET', `/public/schedule/${scheduleId}`],
      ['DELETE', `/public/schedule/${scheduleId}`],
      ['PUT', `/public/schedule/${scheduleId}`],
    ] as const) {
      const answer = await call(base, method, path, method === 'PUT' ? { body: body() } : {})
      expect(answer.json, `${method} ${path}`).toEqual({ code: 404, message: 'schedule not found' })
    }
  })
})

describe('publisher timer', () => {
  it('publishes on its own on the real clock when the interval is on', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const os = await import('node:os')
    const path = await import('node:path')
    const { startSandbox } = await import('../../../sandbox/index')
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-timer-'))
    const live = await startSandbox({
      dataDir,
      port: 0,
      config: {
        users: [{ accessKey: 'p', secretKey: 's', tier: 'premium', storageLimit: 1000, seed: 'empty' }],
      },
      publisherIntervalMs: 50,
      publishDurationMs: 0,
    })
    try {
      const auth = `Basic ${Buffer.from('p:s').toString('base64')}`
      const accounts = (
        await call(live.url, 'GET', '/public/account?page=1&limit=10&types[]=facebook', { auth })
      ).json
      const created = await call<{ scheduleId: string }>(live.url, 'POST', '/public/schedule', {
        auth,
        body: { ...body(), accountId: accounts.docs[0].id, scheduleAt: new Date().toISOString() },
      })
      expect(created.status).toBe(201)
      // The publisher's own timer publishes it: waited for as an event, however long a loaded machine takes.
      const statusNow = async () =>
        (await call(live.url, 'GET', `/public/schedule/${created.json.scheduleId}`, { auth })).json.status
      await waitFor(async () => (await statusNow()) === 'success', 'the post published by the timer')
      expect(await statusNow()).toBe('success')
    } finally {
      await live.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
