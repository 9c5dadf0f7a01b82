// Contents (the posts an account published) and what can be done on one over real HTTP: the cursor paging of
// GET /public/content, one content, its comments and a comment's thread, the account's comment and reply, a
// like, a removal and a private reply to a comment's author; with the errors the service gives.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_PAGE_SIZE } from '../../../sandbox/content-api'
import { call, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string
let accounts: any[]
let facebook: any

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
  accounts = (await call(base, 'GET', '/public/account?page=1&limit=20')).json.docs
  facebook = accounts.find((a) => a.type === 'facebook')
})
afterAll(() => t.stop())

async function allContents(accountId: string): Promise<{ docs: any[]; pages: number }> {
  const docs: any[] = []
  let token = ''
  let pages = 0
  do {
    const page = await call(
      base,
      'GET',
      `/public/content?accountId=${accountId}${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
    )
    expect(page.status).toBe(200)
    expect(page.json.docs.length).toBeLessThanOrEqual(CONTENT_PAGE_SIZE)
    docs.push(...page.json.docs)
    token = page.json.nextToken
    pages++
  } while (token !== '')
  return { docs, pages }
}

describe('GET /public/content', () => {
  it("pages the account's published posts and its automations' contents, newest first, by nextToken", async () => {
    const { docs, pages } = await allContents(facebook.id)
    const published = (await call(base, 'GET', '/public/schedule?page=1&limit=100&status=success')).json.docs
    const automations = (
      await call(base, 'GET', `/public/automation?page=1&limit=100&accountIds[]=${facebook.id}`)
    ).json.docs
    const expected = new Set([
      ...published.filter((s: any) => s.accountId === facebook.id).map((s: any) => s._id),
      ...automations.map((a: any) => a.detail.id),
    ])
    expect(new Set(docs.map((d) => d.id))).toEqual(expected)
    expect(docs.length).toBe(expected.size) // no content twice across pages
    expect(pages).toBe(Math.ceil(expected.size / CONTENT_PAGE_SIZE))
    const dates = docs.map((d) => d.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const d of docs) {
      expect(d.owner).toEqual({ id: facebook.generatedId, name: facebook.name, picture: facebook.picture })
      expect(d.url).toMatch(/^https:\/\/www\.facebook\.com\//)
      expect(d.hasAutomation).toBe(automations.some((a: any) => a.detail.id === d.id))
    }
  })

  it('refuses an unknown account, a foreign cursor and a type outside the enum, as the service says', async () => {
    expect((await call(base, 'GET', '/public/content?accountId=000000000000000000000000')).json).toEqual({
      code: 404,
      message: 'account not found',
    })
    expect((await call(base, 'GET', '/public/content')).json).toEqual({
      code: 400,
      message: 'accountId is required',
    })
    const foreign = await call(
      base,
      'GET',
      `/public/content?accountId=${facebook.id}&nextToken=QVFIU0R6TnJ2V2w1`,
    )
    expect(foreign.json).toEqual({ code: 400, message: 'invalid nextToken' })
    const type = await call(base, 'GET', `/public/content?accountId=${facebook.id}&type=reel`)
    expect(type.json).toEqual({ code: 400, message: 'type must be one of media, story' })
    expect((await call(base, 'GET', `/public/content?accountId=${facebook.id}&type=story`)).json).toEqual({
      docs: [],
      nextToken: '',
    })
  })

  it('needs Gold: a Standard user is refused with 402 invalid plan', async () => {
    const answer = await call(base, 'GET', `/public/content?accountId=${facebook.id}`, { auth: STD_AUTH })
    expect([answer.status, answer.json]).toEqual([402, { code: 402, message: 'invalid plan' }])
  })

  it('a listed post takes an automation, and then says it has one', async () => {
    const { docs } = await allContents(facebook.id)
    const bare = docs.find((d) => !d.hasAutomation)
    const reply = { isActive: true, type: 'text', text: 'Halo!' }
    const template = (await call(base, 'GET', '/public/template?page=1&limit=1')).json.docs[0]
    const created = await call(base, 'POST', '/public/automation', {
      body: {
        contentId: bare.id,
        accountId: facebook.id,
        config: { ...template.config, reply: { ...template.config.reply, ...reply } },
      },
    })
    expect(created.status).toBe(200)
    const one = await call(base, 'GET', `/public/content/${bare.id}?accountId=${facebook.id}`)
    expect(one.json.hasAutomation).toBe(true)
  })
})

describe('figures of the listed contents', () => {
  it("every content the list shows, its automations' included, has figures once an hour old", async () => {
    const { docs } = await allContents(facebook.id)
    const hourAgo = new Date(t.clock.now().getTime() - 3600_000).toISOString()
    const old = docs.filter((d) => d.createdAt < hourAgo)
    expect(old.some((d) => d.hasAutomation)).toBe(true)
    for (const d of old) {
      const figures = await call(base, 'GET', `/public/content/${d.id}/statistic?accountId=${facebook.id}`)
      expect([d.id, figures.status]).toEqual([d.id, 200])
    }
  })
})

describe('GET /public/content/{id}', () => {
  it('answers one content, and 404s name the account or the content', async () => {
    const first = (await call(base, 'GET', `/public/content?accountId=${facebook.id}`)).json.docs[0]
    const one = await call(base, 'GET', `/public/content/${first.id}?accountId=${facebook.id}`)
    expect(one.json).toEqual(first)
    expect((await call(base, 'GET', `/public/content/nope?accountId=${facebook.id}`)).json).toEqual({
      code: 404,
      message: 'content not found',
    })
    const other = accounts.find((a) => a.type === 'instagram')
    expect((await call(base, 'GET', `/public/content/${first.id}?accountId=${other.id}`)).json).toEqual({
      code: 404,
      message: 'content not found',
    })
    expect((await call(base, 'GET', `/public/content/${first.id}?accountId=nope`)).json).toEqual({
      code: 404,
      message: 'account not found',
    })
  })
})

describe("a content's comments", () => {
  let contentId: string
  let commentId: string
  const path = () => `/public/content/${contentId}`

  beforeAll(async () => {
    contentId = (await call(base, 'GET', `/public/content?accountId=${facebook.id}`)).json.docs[1].id
    const added = await t.sandbox.addIncoming('demo', {
      comments: [{ accountId: facebook.id, contentId, text: 'Ada varian decaf?', from: 'Rina Ayu' }],
    })
    commentId = added.comments[0]!.commentId
  })

  it('lists them from the platform, newest first, in the shape of the example', async () => {
    const list = await call(base, 'GET', `${path()}/comment?accountId=${facebook.id}`)
    expect(list.status).toBe(200)
    const mine = list.json.docs.find((c: any) => c.id === commentId)
    expect(mine).toMatchObject({ type: 'text', text: 'Ada varian decaf?', hasReplies: false, medias: [] })
    expect(mine.owner.name).toBe('Rina Ayu')
    expect(list.json.nextToken).toBe('')
  })

  it('the account replies under a comment (its thread), comments itself, likes, and removes', async () => {
    const reply = await call(base, 'POST', `${path()}/comment`, {
      body: { accountId: facebook.id, commentId, text: 'Ada kak, stok terbatas.' },
    })
    expect(reply.status).toBe(200)
    const thread = await call(
      base,
      'GET',
      `${path()}/comment?accountId=${facebook.id}&commentId=${commentId}`,
    )
    expect(thread.json.docs).toEqual([
      expect.objectContaining({
        id: reply.json.commentId,
        text: 'Ada kak, stok terbatas.',
        owner: { id: facebook.generatedId, name: facebook.name, picture: facebook.picture },
        createdAt: t.clock.now().toISOString(),
      }),
    ])
    const top = await call(base, 'GET', `${path()}/comment?accountId=${facebook.id}`)
    expect(top.json.docs.find((c: any) => c.id === commentId).hasReplies).toBe(true)

    // The account's own comment is on the platform, but never in the triage queue.
    const own = await call(base, 'POST', `${path()}/comment`, {
      body: { accountId: facebook.id, text: 'Promo berlaku sampai Minggu!' },
    })
    expect(own.status).toBe(200)
    const onPlatform = (await call(base, 'GET', `${path()}/comment?accountId=${facebook.id}`)).json.docs
    expect(onPlatform.map((c: any) => c.id)).toContain(own.json.commentId)
    const queue = (await call(base, 'GET', '/public/comment?page=1&limit=100&search=Promo%20berlaku')).json
    expect(queue.totalDocs).toBe(0)

    expect((await call(base, 'POST', `${path()}/like/${commentId}?accountId=${facebook.id}`)).status).toBe(
      204,
    )
    expect((await call(base, 'POST', `${path()}/like/nope?accountId=${facebook.id}`)).json).toEqual({
      code: 404,
      message: 'comment not found',
    })

    const removeReply = await call(
      base,
      'DELETE',
      `${path()}/comment/${reply.json.commentId}?accountId=${facebook.id}`,
    )
    expect(removeReply.status).toBe(204)
    const after = await call(base, 'GET', `${path()}/comment?accountId=${facebook.id}&commentId=${commentId}`)
    expect(after.json.docs).toEqual([])
    expect(
      (await call(base, 'DELETE', `${path()}/comment/${own.json.commentId}?accountId=${facebook.id}`)).status,
    ).toBe(204)
    const gone = await call(
      base,
      'DELETE',
      `${path()}/comment/${own.json.commentId}?accountId=${facebook.id}`,
    )
    expect(gone.json).toEqual({ code: 404, message: 'comment not found' })
  })

  it('refuses an empty or missing text, an unknown comment and an unknown account', async () => {
    const empty = await call(base, 'POST', `${path()}/comment`, {
      body: { accountId: facebook.id, text: '  ' },
    })
    expect(empty.json).toEqual({ code: 400, message: 'text: must not be empty' })
    const missing = await call(base, 'POST', `${path()}/comment`, { body: { accountId: facebook.id } })
    expect(missing.json).toEqual({ code: 400, message: 'text: is required' })
    const unknown = await call(base, 'POST', `${path()}/comment`, {
      body: { accountId: facebook.id, commentId: 'nope', text: 'hi' },
    })
    expect(unknown.json).toEqual({ code: 404, message: 'comment not found' })
    const account = await call(base, 'POST', `${path()}/comment`, { body: { accountId: 'nope', text: 'hi' } })
    expect(account.json).toEqual({ code: 404, message: 'account not found' })
  })

  it("a private reply to a comment's author lands in the chat with them, text or buttons", async () => {
    const text = await call(base, 'POST', `${path()}/message`, {
      body: { accountId: facebook.id, commentId, text: 'Halo Rina, ini daftar harganya.' },
    })
    expect(text.status).toBe(200)
    expect(text.json.messageId).toMatch(/^m_/)
    const button = await call(base, 'POST', `${path()}/message`, {
      body: {
        accountId: facebook.id,
        commentId,
        button: {
          text: 'Pesan di sini',
          buttons: [{ type: 'web_url', title: 'Toko', url: 'https://example.com' }],
        },
      },
    })
    expect(button.status).toBe(200)
    const chats = (await call(base, 'GET', '/public/chat?page=1&limit=100&search=Rina%20Ayu')).json.docs
    expect(chats).toHaveLength(1)
    expect(chats[0].lastMessage).toMatchObject({
      isFromMe: true,
      type: 'button',
      messageId: button.json.messageId,
    })
    const messages = (await call(base, 'GET', `/public/chat/${chats[0].id}/message?page=1&limit=10`)).json
      .docs
    expect(messages.map((m: any) => m.messageId)).toEqual([button.json.messageId, text.json.messageId])
    expect(messages[1]).toMatchObject({
      type: 'text',
      text: 'Halo Rina, ini daftar harganya.',
      isFromMe: true,
    })

    const neither = await call(base, 'POST', `${path()}/message`, {
      body: { accountId: facebook.id, commentId },
    })
    expect(neither.json).toEqual({ code: 400, message: 'text: must not be empty' })
    const nobody = await call(base, 'POST', `${path()}/message`, {
      body: { accountId: facebook.id, commentId: 'nope', text: 'hi' },
    })
    expect(nobody.json).toEqual({ code: 404, message: 'comment not found' })
  })
})
