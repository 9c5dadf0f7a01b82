// The figures over HTTP: GET /public/content/{contentId}/statistic?accountId and GET /public/account/{id}/
// statistic. Each network answers its own members (the newer OpenAPI's examples, read from the file at run
// time), figures grow with a post's age and then settle, a post at the seeded best slot beats the same post at
// a quiet hour, and the 404s and plans are the document's.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES } from '../../../common/service'
import { BEST_SLOT, PATTERN_UTC_OFFSET_HOURS } from '../../../sandbox/figures'
import { call, GOLD_AUTH, startTestSandbox, STD_AUTH, TEST_CONFIG, type TestSandbox } from './helpers'

type Examples = Record<string, { value: Record<string, unknown> }>
const DOC = JSON.parse(
  readFileSync(new URL('../../../sandbox/reference/service-openapi-newer.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { examples: Examples }> }> } }
  >
}
const exampleOf = (path: string, network: string) =>
  DOC.paths[path]!.get.responses['200']!.content['application/json']!.examples[network]?.value

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The clock: Wednesday 15 July 2026, 03:00 UTC. */
const START = new Date('2026-07-15T03:00:00.000Z')

/** A moment `weeksAgo` weeks before START, on `weekday` at `hour` Jakarta time. */
function jakarta(weeksAgo: number, weekday: number, hour: number): string {
  const localStart = new Date(START.getTime() + PATTERN_UTC_OFFSET_HOURS * HOUR)
  const sunday =
    Date.UTC(localStart.getUTCFullYear(), localStart.getUTCMonth(), localStart.getUTCDate()) -
    localStart.getUTCDay() * DAY
  return new Date(
    sunday - weeksAgo * 7 * DAY + weekday * DAY + (hour - PATTERN_UTC_OFFSET_HOURS) * HOUR,
  ).toISOString()
}

const accountId = (i: number) => `6d${String(i).padStart(22, '0')}`

function post(id: string, account: string, scheduleAt: string, type = 'image', status = 'success') {
  return {
    _id: id,
    title: '',
    description: 'A published post',
    topic: '',
    type,
    medias: [],
    meta: { title: '', description: '', url: '' },
    additionalInfo: {},
    replies: [],
    status,
    scheduleAt,
    accountId: account,
    createdAt: scheduleAt,
    updatedAt: scheduleAt,
  }
}

describe('figures of posts and accounts', () => {
  let t: TestSandbox
  let base: string
  const network: Record<string, string> = {}
  const stat = (contentId: string, account: string, auth?: string) =>
    call<Record<string, number>>(base, 'GET', `/public/content/${contentId}/statistic?accountId=${account}`, {
      auth,
    })

  beforeAll(async () => {
    t = await startTestSandbox({
      config: { ...TEST_CONFIG, users: TEST_CONFIG.users.map((u) => ({ ...u, seed: 'empty' as const })) },
    })
    t.clock.set(START)
    base = t.sandbox.url
    const accounts = [...ACCOUNT_TYPES, 'whatsapp'].map((type, i) => {
      network[type] = accountId(i + 1)
      return {
        _id: accountId(i + 1),
        generatedId: type,
        name: `On ${type}`,
        username: type,
        isConnected: true,
        type,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }
    })
    const schedules = [...ACCOUNT_TYPES, 'whatsapp'].map((type) =>
      post(`p-${type}`, network[type]!, jakarta(1, 2, 10), type === 'youtube' ? 'video' : 'image'),
    )
    schedules.push(
      post('best', network.instagram!, jakarta(2, BEST_SLOT.weekday, BEST_SLOT.hour)),
      post('quiet', network.instagram!, jakarta(2, 0, 3)),
      post('fresh', network.instagram!, new Date(START.getTime() - 30 * 60_000).toISOString()),
      post('waiting', network.instagram!, new Date(START.getTime() + DAY).toISOString(), 'image', 'pending'),
      post('t-today', network.threads!, new Date(START.getTime() - 2 * HOUR).toISOString()),
    )
    await t.sandbox.insertRecords('demo', { accounts, schedules })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it("answers each network's members, as whole numbers where the example has whole numbers", async () => {
    for (const type of ACCOUNT_TYPES) {
      const answer = await stat(`p-${type}`, network[type]!)
      expect(answer.status, `${type}: ${answer.text}`).toBe(200)
      const example = exampleOf('/public/content/{contentId}/statistic', type)!
      expect(Object.keys(answer.json).sort(), type).toEqual(Object.keys(example).sort())
      for (const [key, value] of Object.entries(answer.json)) {
        expect(value, `${type}.${key}`).toBeGreaterThanOrEqual(0)
        if (!/Rate$/.test(key)) expect(Number.isInteger(value), `${type}.${key}`).toBe(true)
      }
    }
    // Instagram's interaction is the sum of what people did.
    const ig = (await stat('p-instagram', network.instagram!)).json
    expect(ig.interaction).toBe(ig.like! + ig.comment! + ig.share! + ig.saved!)
    expect(ig.like).toBeGreaterThan(0)
  })

  it('answers the same figures for the same moment, and grown ones later that settle within a week', async () => {
    const first = (await stat('p-tiktok', network.tiktok!)).json
    expect((await stat('p-tiktok', network.tiktok!)).json).toEqual(first)
    t.clock.set(new Date(START.getTime() + 7 * DAY))
    const week = (await stat('p-tiktok', network.tiktok!)).json
    t.clock.set(new Date(START.getTime() + 8 * DAY))
    const weekAndDay = (await stat('p-tiktok', network.tiktok!)).json
    t.clock.set(START)
    expect(week.views).toBeGreaterThan(first.views!)
    expect(weekAndDay.views).toBeGreaterThanOrEqual(week.views!)
    expect(weekAndDay.views! - week.views!).toBeLessThan(week.views! * 0.01)
  })

  it('gives a post at the best slot several times what the same post gets at 3 at night on a Sunday', async () => {
    const best = (await stat('best', network.instagram!)).json
    const quiet = (await stat('quiet', network.instagram!)).json
    expect(best.reach).toBeGreaterThan(quiet.reach! * 3)
  })

  it('answers 404 "statistic not found" before figures exist, and for what the account did not publish', async () => {
    const fresh = await stat('fresh', network.instagram!)
    expect(fresh.status).toBe(404)
    expect(fresh.json).toEqual({ code: 404, message: 'statistic not found' })
    t.clock.set(new Date(START.getTime() + HOUR))
    expect((await stat('fresh', network.instagram!)).status).toBe(200)
    t.clock.set(START)
    for (const [id, account] of [
      ['waiting', network.instagram!],
      ['nothing-here', network.instagram!],
      ['p-facebook', network.instagram!],
      ['p-whatsapp', network.whatsapp!],
    ] as const) {
      expect((await stat(id, account)).json, id).toEqual({ code: 404, message: 'statistic not found' })
    }
    expect((await stat('p-facebook', '6dffffffffffffffffffffff')).json).toEqual({
      code: 404,
      message: 'account not found',
    })
    expect((await call(base, 'GET', '/public/content/p-facebook/statistic')).status).toBe(400)
  })

  it('needs Gold for a post, Standard for an account, and the account to be the caller’s', async () => {
    expect((await stat('p-facebook', network.facebook!, STD_AUTH)).status).toBe(402)
    expect((await stat('p-facebook', network.facebook!, GOLD_AUTH)).json).toEqual({
      code: 404,
      message: 'account not found',
    })
    const other = await call(base, 'GET', `/public/account/${network.threads}/statistic`, { auth: STD_AUTH })
    expect(other.json).toEqual({ code: 404, message: 'account not found' })
  })

  it("answers Instagram's, Threads' and TikTok's account figures as their examples, summed from the posts", async () => {
    for (const type of ['instagram', 'threads', 'tiktok']) {
      const answer = await call<Record<string, unknown>>(
        base,
        'GET',
        `/public/account/${network[type]}/statistic`,
      )
      expect(answer.status, type).toBe(200)
      const example = exampleOf('/public/account/{accountId}/statistic', type)!
      expect(Object.keys(answer.json).sort(), type).toEqual(Object.keys(example).sort())
    }
    const ig = await call<Record<string, number>>(
      base,
      'GET',
      `/public/account/${network.instagram}/statistic`,
    )
    const likes = await Promise.all(
      ['p-instagram', 'best', 'quiet'].map((id) => stat(id, network.instagram!)),
    )
    expect(ig.json.likes).toBe(likes.reduce((total, a) => total + a.json.like!, 0))

    const threads = await call<{
      followersCount: number
      views: { total: number; graphs: { date: string; value: number }[] }
    }>(base, 'GET', `/public/account/${network.threads}/statistic`)
    expect(threads.json.views.graphs.map((g) => g.date)).toEqual(
      Array.from({ length: 8 }, (_, i) => `2026-07-${String(8 + i).padStart(2, '0')}T07:00:00+0000`),
    )
    // Only the post of today (UTC) falls in the graph's last day; the week-old one on its own day.
    expect(threads.json.views.total).toBe(threads.json.views.graphs.reduce((s, g) => s + g.value, 0))
    expect(threads.json.views.graphs.at(-1)!.value).toBe((await stat('t-today', network.threads!)).json.views)
    expect(threads.json.followersCount).toBeGreaterThan(0)

    const tiktok = await call<{
      followersCount: number
      metrics: { date: string; followersCount: number }[]
    }>(base, 'GET', `/public/account/${network.tiktok}/statistic`)
    expect(tiktok.json.metrics.map((m) => m.date)).toEqual(
      ['09', '10', '11', '12', '13', '14', '15'].map((d) => `2026-07-${d}`),
    )
    // The newest day is not counted yet, as the example shows it.
    expect(tiktok.json.metrics.at(-1)!.followersCount).toBe(0)
    expect(tiktok.json.metrics.at(-2)!.followersCount).toBeGreaterThan(0)
  })

  it('answers 404 "statistic not found" for the networks the document shows no account figures for', async () => {
    for (const type of ['facebook', 'youtube', 'whatsapp']) {
      const answer = await call(base, 'GET', `/public/account/${network[type]}/statistic`)
      expect(answer.json, type).toEqual({ code: 404, message: 'statistic not found' })
    }
  })
})
