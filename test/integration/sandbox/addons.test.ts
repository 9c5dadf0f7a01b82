// The plan's add-ons and the composer's helpers: /public/me/addon, /public/addon/... (newer OpenAPI) and the
// older paths they moved from, with the config switch that serves only the older ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestSandbox, STD_AUTH, TEST_CONFIG, type TestSandbox } from './helpers'

const MUSIC_QUERY = 'genre=ALL&countryCode=ID&dateRange=7DAY'

describe('add-ons, both paths served', () => {
  let t: TestSandbox
  let base: string
  let whatsappId: string
  let facebookId: string
  beforeAll(async () => {
    t = await startTestSandbox({
      config: {
        ...TEST_CONFIG,
        users: TEST_CONFIG.users.map((u) =>
          u.accessKey === 'demo' ? { ...u, addons: { storage: 2, operator: 1 } } : u,
        ),
      },
    })
    base = t.sandbox.url
    const accounts = await call<{ docs: { _id: string; type: string }[] }>(
      base,
      'GET',
      '/public/account?page=1&limit=20',
    )
    whatsappId = accounts.json.docs.find((a) => a.type === 'whatsapp')!._id
    facebookId = accounts.json.docs.find((a) => a.type === 'facebook')!._id
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers what the plan holds, 0 for what the config leaves out', async () => {
    expect((await call(base, 'GET', '/public/me/addon')).json).toEqual({
      account: 0,
      operator: 1,
      storage: 2,
      twitter: 0,
    })
    expect((await call(base, 'GET', '/public/me/addon', { auth: STD_AUTH })).json).toEqual({
      account: 0,
      operator: 0,
      storage: 0,
      twitter: 0,
    })
    expect((await call(base, 'GET', '/public/me/addon', { auth: null })).status).toBe(401)
  })

  it("lists the demo WhatsApp account's channels and groups, and refuses another platform's account", async () => {
    const answer = await call<{ docs: { id: string; name: string; type: string; picture: string }[] }>(
      base,
      'GET',
      `/public/addon/whatsapp/channel?accountId=${whatsappId}`,
    )
    expect(answer.status).toBe(200)
    expect(answer.json.docs.map((c) => c.type)).toEqual(['channel', 'group', 'group'])
    expect(answer.json.docs[0]!.id).toMatch(/@newsletter$/)
    expect(answer.json.docs[1]!.id).toMatch(/@g\.us$/)
    const again = await call(base, 'GET', `/public/addon/whatsapp/channel?accountId=${whatsappId}`)
    expect(again.json).toEqual(answer.json)
    expect((await call(base, 'GET', `/public/addon/whatsapp/channel?accountId=${facebookId}`)).json).toEqual({
      code: 400,
      message: 'invalid account',
    })
    expect((await call(base, 'GET', '/public/addon/whatsapp/channel?accountId=nope')).status).toBe(404)
    expect((await call(base, 'GET', '/public/addon/whatsapp/channel')).status).toBe(400)
  })

  it('serves link metadata and TikTok music at the new and the old paths alike', async () => {
    for (const path of ['/public/addon/link/metadata', '/public/link/metadata']) {
      const answer = await call(
        base,
        'GET',
        `${path}?url=${encodeURIComponent('https://www.repliz.com/pricing')}`,
      )
      expect(answer.json).toMatchObject({ title: 'repliz.com', url: 'https://www.repliz.com/pricing' })
      expect((await call(base, 'GET', `${path}?url=not-a-url`)).status).toBe(400)
    }
    for (const path of ['/public/addon/tiktok/music', '/public/tiktok/music']) {
      const all = await call<{ docs: { id: string }[] }>(base, 'GET', `${path}?${MUSIC_QUERY}`)
      expect(all.json.docs.length).toBeGreaterThan(2)
      const jazz = await call<{ docs: { name: string }[] }>(
        base,
        'GET',
        `${path}?genre=JAZZ&countryCode=ID&dateRange=7DAY`,
      )
      expect(jazz.json.docs.map((d) => d.name)).toEqual(['Kopi Pagi'])
      expect((await call(base, 'GET', `${path}?genre=ALL&countryCode=ID`)).status).toBe(400)
      expect((await call(base, 'GET', `${path}?genre=NOPE&countryCode=ID&dateRange=7DAY`)).status).toBe(400)
    }
  })
})

describe('add-ons with legacyAddonPaths: only the older paths', () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({ config: { ...TEST_CONFIG, legacyAddonPaths: true } })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers 404 at /public/addon/... and serves the older paths', async () => {
    const base = t.sandbox.url
    const url = encodeURIComponent('https://repliz.com')
    expect((await call(base, 'GET', `/public/addon/link/metadata?url=${url}`)).status).toBe(404)
    expect((await call(base, 'GET', `/public/addon/tiktok/music?${MUSIC_QUERY}`)).status).toBe(404)
    expect((await call(base, 'GET', '/public/addon/whatsapp/channel?accountId=x')).status).toBe(404)
    expect((await call(base, 'GET', `/public/link/metadata?url=${url}`)).status).toBe(200)
    expect((await call(base, 'GET', `/public/tiktok/music?${MUSIC_QUERY}`)).status).toBe(200)
  })

  it('refuses a switch that is not a boolean, naming it', async () => {
    const { parseSandboxConfig } = await import('../../../sandbox/index')
    expect(() => parseSandboxConfig({ ...TEST_CONFIG, legacyAddonPaths: 'yes' })).toThrow(/legacyAddonPaths/)
    expect(() =>
      parseSandboxConfig({ ...TEST_CONFIG, users: [{ ...TEST_CONFIG.users[0], addons: { storage: -1 } }] }),
    ).toThrow(/addons\.storage/)
  })
})
