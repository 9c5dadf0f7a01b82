// Direct messages over real HTTP (GET /public/chat and its operations): the demo's chats, the unread and
// unreplied filters, accounts in the three array forms, search, paging, the messages newest first, every kind
// of message the OpenAPI's examples send (and what is missing from one), marking read, and the errors.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
})
afterAll(() => t.stop())

const NEWER = JSON.parse(
  readFileSync(new URL('../../../sandbox/reference/service-openapi-newer.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, any>> }
const SEND_EXAMPLES = NEWER.paths['/public/chat/{chatId}/message']!.post.requestBody.content[
  'application/json'
].examples as Record<string, { value: Record<string, any> }>

const list = async (query: string) => {
  const answer = await call(base, 'GET', `/public/chat?${query}`)
  expect(answer.status, answer.text).toBe(200)
  return answer.json
}

async function newChat(text: string, from: string) {
  const added = await t.sandbox.addIncoming('demo', { messages: [{ text, from }] })
  return added.messages[0]!
}

describe('the demo chats', () => {
  it('are newest first, each with its last message, unread count and account', async () => {
    const all = await list('page=1&limit=100')
    expect(all.totalDocs).toBeGreaterThanOrEqual(5)
    const dates = all.docs.map((c: any) => c.updatedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const c of all.docs) {
      expect(c.account.id).toBe(c.accountId)
      expect(c.lastMessage.sendAt).toBe(c.updatedAt)
      expect(typeof c.unreadCount).toBe('number')
    }
    expect(all.docs.some((c: any) => c.unreadCount > 0)).toBe(true)
    expect(all.docs.some((c: any) => c.lastMessage.isFromMe)).toBe(true)
  })
})

describe('filters and paging', () => {
  it('unread: a message from the person not yet read; unreplied: the last message is theirs', async () => {
    const all = (await list('page=1&limit=100')).docs
    const unread = (await list('page=1&limit=100&status=unread')).docs
    expect(unread.map((c: any) => c.id)).toEqual(
      all.filter((c: any) => c.unreadCount > 0).map((c: any) => c.id),
    )
    const unreplied = (await list('page=1&limit=100&status=unreplied')).docs
    expect(unreplied.map((c: any) => c.id)).toEqual(
      all.filter((c: any) => !c.lastMessage.isFromMe).map((c: any) => c.id),
    )
    expect(unreplied.length).toBeLessThan(all.length)
    const bad = await call(base, 'GET', '/public/chat?page=1&limit=10&status=pending')
    expect(bad.json).toEqual({ code: 400, message: 'status must be one of unread, unreplied' })
  })

  it('by accounts in all three array forms, and by a search in the name, the last message or the account', async () => {
    const all = (await list('page=1&limit=100')).docs
    const [a, b] = [...new Set(all.map((c: any) => c.accountId))] as string[]
    const expected = all.filter((c: any) => c.accountId === a || c.accountId === b).map((c: any) => c.id)
    for (const q of [
      `accountIds[]=${a}&accountIds[]=${b}`,
      `accountIds=${a}&accountIds=${b}`,
      `accountIds[0]=${a}&accountIds[1]=${b}`,
    ]) {
      expect((await list(`page=1&limit=100&${q}`)).docs.map((c: any) => c.id)).toEqual(expected)
    }
    const one = all[2]
    const byName = await list(`page=1&limit=100&search=${encodeURIComponent(one.senderName.toUpperCase())}`)
    expect(byName.docs.map((c: any) => c.id)).toContain(one.id)
    expect((await list('page=1&limit=100&search=zzzz-nothing')).totalDocs).toBe(0)
  })

  it('pages as mongoose-paginate and needs Gold', async () => {
    const all = await list('page=1&limit=100')
    const second = await list('page=2&limit=2')
    expect(second.docs.map((c: any) => c.id)).toEqual(all.docs.slice(2, 4).map((c: any) => c.id))
    const std = await call(base, 'GET', '/public/chat?page=1&limit=10', { auth: STD_AUTH })
    expect([std.status, std.json]).toEqual([402, { code: 402, message: 'invalid plan' }])
  })
})

describe('one chat', () => {
  it('answers it, its messages newest first and paged, and 404 chat not found for another id', async () => {
    const chat = await newChat('Pagi kak', 'Wulan')
    t.clock.advance(1000)
    await t.sandbox.addIncoming('demo', { messages: [{ chatId: chat.chatId, text: 'Masih buka?' }] })
    const one = (await call(base, 'GET', `/public/chat/${chat.chatId}`)).json
    expect(one).toMatchObject({ id: chat.chatId, senderName: 'Wulan', unreadCount: 2 })
    expect(one.lastMessage).toMatchObject({ isFromMe: false, text: 'Masih buka?', status: 'sent' })
    const messages = (await call(base, 'GET', `/public/chat/${chat.chatId}/message?page=1&limit=1`)).json
    expect(messages).toMatchObject({ totalDocs: 2, hasNextPage: true })
    expect(messages.docs[0].text).toBe('Masih buka?')
    const older = (await call(base, 'GET', `/public/chat/${chat.chatId}/message?page=2&limit=1`)).json
    expect(older.docs[0].text).toBe('Pagi kak')
    for (const [method, path] of [
      ['GET', '/public/chat/nope'],
      ['GET', '/public/chat/nope/message?page=1&limit=1'],
      ['POST', '/public/chat/nope/message'],
      ['POST', '/public/chat/nope/read'],
    ] as const) {
      const answer = await call(base, method, path, { body: { type: 'text', text: 'x' } })
      expect([path, answer.json]).toEqual([path, { code: 404, message: 'chat not found' }])
    }
  })

  it('reading it marks every message from the person read', async () => {
    const chat = await newChat('Halo?', 'Bayu')
    expect((await list('page=1&limit=100&status=unread')).docs.map((c: any) => c.id)).toContain(chat.chatId)
    expect((await call(base, 'POST', `/public/chat/${chat.chatId}/read`)).status).toBe(204)
    const one = (await call(base, 'GET', `/public/chat/${chat.chatId}`)).json
    expect(one.unreadCount).toBe(0)
    expect(one.lastMessage.status).toBe('read')
    expect((await list('page=1&limit=100&status=unread')).docs.map((c: any) => c.id)).not.toContain(
      chat.chatId,
    )
  })
})

describe('sending', () => {
  it('takes every example of the OpenAPI (text, image, video, audio, document, buttons), each kept as sent', async () => {
    const chat = await newChat('Boleh minta info?', 'Sinta')
    for (const [name, { value }] of Object.entries(SEND_EXAMPLES)) {
      t.clock.advance(1000)
      const sent = await call(base, 'POST', `/public/chat/${chat.chatId}/message`, { body: value })
      expect([name, sent.status]).toEqual([name, 200])
      const last = (await call(base, 'GET', `/public/chat/${chat.chatId}/message?page=1&limit=1`)).json
        .docs[0]
      expect(last).toMatchObject({ messageId: sent.json.messageId, type: value.type, isFromMe: true })
      expect(last.createdAt).toBe(t.clock.now().toISOString())
      if (value.text) expect(last.text).toBe(value.text)
      // The audio example sends its file under `video`: it is kept as the audio it is.
      const media = value.type === 'audio' ? (value.audio ?? value.video) : value[value.type]
      if (value.type !== 'text') expect(last[value.type]).toEqual(media)
    }
    const chatNow = (await call(base, 'GET', `/public/chat/${chat.chatId}`)).json
    expect(chatNow.lastMessage.isFromMe).toBe(true)
    expect((await list('page=1&limit=100&status=unreplied')).docs.map((c: any) => c.id)).not.toContain(
      chat.chatId,
    )
  })

  it('refuses what a message of its type lacks, an address that is not http(s), and empty text', async () => {
    const chat = await newChat('Tes', 'Joko')
    const refusals: [Record<string, unknown>, string][] = [
      [{}, 'type: is required'],
      [{ type: 'sticker' }, 'type: must be one of text, image, video, audio, document, button'],
      [{ type: 'text', text: '' }, 'text: must not be empty'],
      [{ type: 'image' }, 'image: is required for a message of type image'],
      [
        { type: 'image', image: { url: 'file:///etc/passwd', mimetype: 'image/png' } },
        'image.url: must be an http(s) address',
      ],
      [
        { type: 'video', video: { url: 'https://x.test/v.mp4', mimetype: 'video/mp4' } },
        'video.duration: is required',
      ],
      [
        { type: 'video', video: { url: 'https://x.test/v.mp4', duration: -1, mimetype: 'video/mp4' } },
        'video.duration: must be a number of at least 0',
      ],
      [
        { type: 'audio', audio: { url: 'https://x.test/a.mp3', mimetype: 'audio/mpeg' } },
        'audio.duration: is required',
      ],
      [
        {
          type: 'document',
          document: { url: 'https://x.test/f.pdf', name: 'f.pdf', mimetype: 'application/pdf' },
        },
        'document.size: is required',
      ],
      [
        {
          type: 'document',
          document: { url: 'https://x.test/f.pdf', size: 10, mimetype: 'application/pdf' },
        },
        'document.name: is required',
      ],
      [{ type: 'button' }, 'button: is required for a message of type button'],
      [
        {
          type: 'button',
          button: { text: 'Hi', buttons: { type: 'web_url', title: 'a', url: 'https://x.test' } },
        },
        'button.buttons: must be an array',
      ],
    ]
    for (const [body, message] of refusals) {
      const answer = await call(base, 'POST', `/public/chat/${chat.chatId}/message`, { body })
      expect(answer.json).toEqual({ code: 400, message })
    }
    const messages = (await call(base, 'GET', `/public/chat/${chat.chatId}/message?page=1&limit=100`)).json
    expect(messages.totalDocs).toBe(1)
  })

  it('refuses a send on a disconnected account with the reason', async () => {
    const accounts = (await call(base, 'GET', '/public/account?page=1&limit=20')).json.docs
    const instagram = accounts.find((a: any) => a.type === 'instagram')
    const added = await t.sandbox.addIncoming('demo', {
      messages: [{ accountId: instagram.id, text: 'Halo', from: 'Rudi' }],
    })
    await t.sandbox.setAccountConnected(instagram.id, false)
    const answer = await call(base, 'POST', `/public/chat/${added.messages[0]!.chatId}/message`, {
      body: { type: 'text', text: 'Hai' },
    })
    await t.sandbox.setAccountConnected(instagram.id, true)
    expect(answer.json).toEqual({
      code: 400,
      message: `account ${instagram.name} (instagram) is disconnected; reconnect it and retry`,
    })
  })
})
