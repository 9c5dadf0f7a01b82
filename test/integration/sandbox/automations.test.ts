// GET /public/automation (section 4.5) and GET /public/account: mongoose-paginate arithmetic on the first,
// middle, last and past-the-end pages, limit bounds, the three array encodings, search, plans, demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountSchema, automationSchema, pageSchema } from '../../../common/service'
import { call, GOLD_AUTH, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
})
afterAll(() => t.stop())

const automationPage = pageSchema(automationSchema)

async function list(query: string, auth?: string) {
  return call(base, 'GET', `/public/automation?${query}`, { auth })
}

describe('demo automations', () => {
  it('has at least 45 automations over at least 3 accounts of different types, schema-valid', async () => {
    const answer = await list('page=1&limit=100')
    expect(answer.status).toBe(200)
    const page = automationPage.parse(answer.json)
    expect(page.totalDocs).toBeGreaterThanOrEqual(45)
    const types = new Set(page.docs.map((a) => a.account!.type))
    expect(types.size).toBeGreaterThanOrEqual(3)
    for (const a of page.docs) {
      expect(a.id).toBe(a._id)
      expect(a.account!.id).toBe(a.accountId)
      // The YouTube account has no picture (demo drift); every other one is served by the sandbox.
      if (a.account!.type === 'youtube') expect(a.account!.picture).toBe('')
      else expect(a.account!.picture).toMatch(/^http:\/\//)
    }
  })

  it('carries the drift a years-old service holds: an account without a picture, an older automation', async () => {
    const raw = (await list('page=1&limit=100')).json as { docs: Record<string, any>[] } // eslint-disable-line @typescript-eslint/no-explicit-any
    const youtube = raw.docs.find((a) => a.account?.type === 'youtube')!
    expect(youtube.account).not.toHaveProperty('picture')
    const oldest = raw.docs.at(-1)!
    expect(oldest).not.toHaveProperty('updatedAt')
    expect(oldest.detail).not.toHaveProperty('topic')
    expect(oldest.config).not.toHaveProperty('story')
    expect(oldest.config.reply).not.toHaveProperty('exception')
    // Read as the app reads it, the older automation has inactive defaults where members are missing.
    const read = automationSchema.parse(oldest)
    expect(read.config.story.isActive).toBe(false)
    expect(read.config.reply.exception.keywords).toEqual([])
    expect(read.detail.topic).toBe('')
  })

  it('configs vary every member of section 2.3 both ways', async () => {
    const { docs } = automationPage.parse((await list('page=1&limit=100')).json)
    const flags = {
      delete: docs.map((a) => a.config.delete.isActive),
      reply: docs.map((a) => a.config.reply.isActive),
      like: docs.map((a) => a.config.like.isActive),
      message: docs.map((a) => a.config.message.isActive),
      story: docs.map((a) => a.config.story.isActive),
      replyDelay: docs.map((a) => a.config.reply.delay.isActive),
      condition: docs.map((a) => a.config.reply.condition.isActive),
      exception: docs.map((a) => a.config.reply.exception.isActive),
      postback: docs.map((a) => a.config.message.opening.postback.isActive),
      additional: docs.map((a) => a.config.story.opening.additional.isActive),
    }
    for (const [name, values] of Object.entries(flags)) {
      expect(new Set(values), name).toEqual(new Set([true, false]))
    }
    expect(new Set(docs.map((a) => a.config.reply.type))).toContain('ai')
    expect(docs.some((a) => a.config.message.opening.webUrl.buttons.length > 0)).toBe(true)
    expect(docs.some((a) => a.config.reply.keyword.values.length > 0)).toBe(true)
    expect(docs.some((a) => a.config.delete.keywords.length > 0)).toBe(true)
    expect(docs.some((a) => a.detail.medias.length === 0)).toBe(true)
    expect(docs.some((a) => a.detail.medias.length > 0)).toBe(true)
  })
})

describe('pagination', () => {
  it('first, middle, last, past-the-end pages', async () => {
    const total = automationPage.parse((await list('page=1&limit=1')).json).totalDocs
    const limit = 10
    const pages = Math.ceil(total / limit)
    expect(pages).toBeGreaterThanOrEqual(3)

    const first = automationPage.parse((await list(`page=1&limit=${limit}`)).json)
    expect(first).toMatchObject({
      totalDocs: total,
      limit,
      totalPages: pages,
      page: 1,
      pagingCounter: 1,
      hasPrevPage: false,
      hasNextPage: true,
      prevPage: null,
      nextPage: 2,
    })
    expect(first.docs).toHaveLength(limit)

    const middle = automationPage.parse((await list(`page=2&limit=${limit}`)).json)
    expect(middle).toMatchObject({
      page: 2,
      pagingCounter: 11,
      hasPrevPage: true,
      hasNextPage: true,
      prevPage: 1,
      nextPage: 3,
    })

    const last = automationPage.parse((await list(`page=${pages}&limit=${limit}`)).json)
    expect(last).toMatchObject({
      page: pages,
      pagingCounter: (pages - 1) * limit + 1,
      hasPrevPage: true,
      hasNextPage: false,
      prevPage: pages - 1,
      nextPage: null,
    })
    expect(last.docs).toHaveLength(total - (pages - 1) * limit)

    const beyond = automationPage.parse((await list(`page=${pages + 3}&limit=${limit}`)).json)
    expect(beyond).toMatchObject({
      docs: [],
      page: pages + 3,
      hasNextPage: false,
      nextPage: null,
      prevPage: pages + 2,
    })

    // Pages partition the list: no item twice, none missing.
    const ids: string[] = []
    for (let p = 1; p <= pages; p++)
      ids.push(...automationPage.parse((await list(`page=${p}&limit=${limit}`)).json).docs.map((a) => a.id))
    expect(new Set(ids).size).toBe(total)
  })

  it('an empty result is one empty page', async () => {
    const empty = automationPage.parse((await list('page=1&limit=10&search=zzzz-nothing-matches')).json)
    expect(empty).toEqual({
      docs: [],
      totalDocs: 0,
      limit: 10,
      totalPages: 1,
      page: 1,
      pagingCounter: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
    })
    const gold = automationPage.parse((await list('page=1&limit=10', GOLD_AUTH)).json)
    expect(gold.totalDocs).toBe(0)
  })

  it.each([
    'page=1',
    'limit=10',
    'page=0&limit=10',
    'page=1&limit=0',
    'page=1&limit=101',
    'page=-1&limit=5',
    'page=1&limit=abc',
    'page=1.5&limit=2',
    'page=1&page=2&limit=3',
  ])('400 for %s', async (query) => {
    const answer = await list(query)
    expect(answer.status).toBe(400)
    expect(answer.json).toMatchObject({ code: 400, message: expect.any(String) })
  })

  it('limit 100 is allowed', async () => {
    expect((await list('page=1&limit=100')).status).toBe(200)
  })
})

describe('filters', () => {
  it('accountIds as accountIds[]=, repeated accountIds= and accountIds[0]= give the same result', async () => {
    const { docs } = automationPage.parse((await list('page=1&limit=100')).json)
    const accountIds = [...new Set(docs.map((a) => a.accountId))].slice(0, 2)
    const expected = docs.filter((a) => accountIds.includes(a.accountId)).length
    const encodings = [
      accountIds.map((id) => `accountIds[]=${id}`).join('&'),
      accountIds.map((id) => `accountIds=${id}`).join('&'),
      accountIds.map((id, i) => `accountIds[${i}]=${id}`).join('&'),
      accountIds.map((id, i) => `accountIds%5B${i}%5D=${id}`).join('&'),
    ]
    for (const q of encodings) {
      const page = automationPage.parse((await list(`page=1&limit=100&${q}`)).json)
      expect(page.totalDocs, q).toBe(expected)
      expect(page.docs.every((a) => accountIds.includes(a.accountId))).toBe(true)
    }
    const single = automationPage.parse((await list(`page=1&limit=100&accountIds[]=${accountIds[0]}`)).json)
    expect(single.docs.every((a) => a.accountId === accountIds[0])).toBe(true)
    const unknown = automationPage.parse(
      (await list('page=1&limit=100&accountIds[]=ffffffffffffffffffffffff')).json,
    )
    expect(unknown.totalDocs).toBe(0)
  })

  it('search is case-insensitive over title, description and account name', async () => {
    const { docs } = automationPage.parse((await list('page=1&limit=100')).json)
    const byTitle = automationPage.parse((await list('page=1&limit=100&search=TORAJA')).json)
    expect(byTitle.totalDocs).toBe(
      docs.filter((a) => /toraja/i.test(a.detail.title + a.detail.description)).length,
    )
    expect(byTitle.totalDocs).toBeGreaterThan(0)
    const byDescription = automationPage.parse((await list('page=1&limit=100&search=dark%20chocolate')).json)
    expect(byDescription.totalDocs).toBeGreaterThan(0)
    const name = docs[0]!.account!.name
    const byAccount = automationPage.parse(
      (await list(`page=1&limit=100&search=${encodeURIComponent(name.toUpperCase())}`)).json,
    )
    expect(byAccount.docs.some((a) => a.account!.name === name)).toBe(true)
    expect(
      byAccount.docs.every((a) =>
        (a.account!.name + a.detail.title + a.detail.description).toLowerCase().includes(name.toLowerCase()),
      ),
    ).toBe(true)
  })
})

describe('plans and auth', () => {
  it('automations need gold: standard gets 402 invalid plan, no auth 401', async () => {
    expect((await list('page=1&limit=10', STD_AUTH)).json).toEqual({ code: 402, message: 'invalid plan' })
    expect((await list('page=1&limit=10', GOLD_AUTH)).status).toBe(200)
    const anonymous = await call(base, 'GET', '/public/automation?page=1&limit=10', { auth: null })
    expect(anonymous.json).toEqual({ code: 401, message: 'unauthorized' })
  })
})

describe('accounts', () => {
  const accountPage = pageSchema(accountSchema)

  it('lists accounts with types and search filters, any plan', async () => {
    const all = accountPage.parse((await call(base, 'GET', '/public/account?page=1&limit=20')).json)
    expect(all.totalDocs).toBeGreaterThanOrEqual(3)
    expect(all.docs.some((a) => !a.isConnected)).toBe(true)
    const fb = accountPage.parse(
      (await call(base, 'GET', '/public/account?page=1&limit=20&types[]=facebook&types[]=tiktok')).json,
    )
    expect(new Set(fb.docs.map((a) => a.type))).toEqual(new Set(['facebook', 'tiktok']))
    const repeated = accountPage.parse(
      (await call(base, 'GET', '/public/account?page=1&limit=20&types=facebook&types=tiktok')).json,
    )
    expect(repeated.totalDocs).toBe(fb.totalDocs)
    const search = accountPage.parse(
      (await call(base, 'GET', '/public/account?page=1&limit=20&search=KOPI')).json,
    )
    expect(search.docs.every((a) => /kopi/i.test(a.name + a.username))).toBe(true)
    expect((await call(base, 'GET', '/public/account?page=1&limit=20&types[]=myspace')).status).toBe(400)
    expect((await call(base, 'GET', '/public/account?page=1&limit=20', { auth: STD_AUTH })).status).toBe(200)
    const second = accountPage.parse((await call(base, 'GET', '/public/account?page=2&limit=2')).json)
    expect(second).toMatchObject({ page: 2, pagingCounter: 3, prevPage: 1 })
  })

  it('account pictures are served by the sandbox itself (offline)', async () => {
    const all = accountPage.parse((await call(base, 'GET', '/public/account?page=1&limit=1')).json)
    const picture = await call(base, 'GET', new URL(all.docs[0]!.picture).pathname, { auth: null })
    expect(picture.status).toBe(200)
    // A raster picture, as a platform's CDN serves avatars: the app keeps only real images (no SVG).
    expect(picture.headers['content-type']).toBe('image/png')
    const svg = await call(base, 'GET', new URL(all.docs[0]!.picture).pathname.replace(/\.png$/, '.svg'), {
      auth: null,
    })
    expect(svg.headers['content-type']).toBe('image/svg+xml')
    expect(svg.text).toContain('<svg')
  })
})
