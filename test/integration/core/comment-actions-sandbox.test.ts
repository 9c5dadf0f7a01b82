// A comment liked, and answered privately (a direct message to its author), through the reply outbox against
// the real sandbox over HTTP, a real database on disk, and a proxy that loses answers: written while the
// service cannot be reached, each waits and goes once it can; a private reply whose answer was lost is found
// in the author's chat and never sent twice; a like whose answer was lost is sent again, which is still one like.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { createLeases } from '../../../main/core/db/leases'
import { createReplyOutbox, type ReplyOutbox } from '../../../main/core/inbox/reply-outbox'
import type { ServiceClient } from '../../../main/core/service-client'
import type { RunningSandbox } from '../../../sandbox/index'
import { openStore } from '../../../sandbox/store'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { clientFor, sandboxOn, tempFolder } from '../drafts/helpers'

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let proxy: AnswerDroppingProxy
let database: AppDatabase
let direct: ServiceClient
const clients: ServiceClient[] = []
let now = Date.parse('2026-11-29T00:00:00.000Z')

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('comment-actions-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  proxy = await startAnswerDroppingProxy(sandbox.url)
  database = openDatabase({ file: path.join(dir, 'data.db') })
  direct = clientFor(sandbox.url)
  now = Date.now()
})
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
  await direct.close()
  database.close()
  await proxy.close()
  await sandbox.close().catch(() => undefined)
  await cleanup()
})

/** The outbox through `baseUrl`: the proxy, or a port nothing listens on (the service unreachable). */
function outboxVia(baseUrl: string): ReplyOutbox {
  const client = clientFor(baseUrl)
  clients.push(client)
  return createReplyOutbox({
    database,
    leases: createLeases(database),
    profileId: 'p1',
    client: () => client,
    now: () => new Date(now),
  })
}

async function incomingComment(from: string) {
  const added = await sandbox.addIncoming('demo', { comments: [{ text: 'Boleh minta katalognya?', from }] })
  return added.comments[0]!
}

/** The account's messages in the chat with `from` (the comment's author), oldest first. */
async function messagesTo(from: string): Promise<string[]> {
  const chats = await direct.listChats({ page: 1, limit: 100, search: from })
  const chat = chats.docs.find((c) => c.senderName === from)
  if (!chat) return []
  const page = await direct.listChatMessages(chat._id, { page: 1, limit: 100 })
  return page.docs
    .filter((m) => m.isFromMe)
    .map((m) => m.text)
    .reverse()
}

const posts = (kind: 'like' | 'message') =>
  proxy.seen.filter((r) => r.startsWith('POST ') && r.split('?')[0]!.includes(`/${kind}`)).length

describe('a comment liked and answered privately, through the outbox', () => {
  it('waits while the service cannot be reached, then sends each once', async () => {
    const comment = await incomingComment('Sari')
    const offline = outboxVia('http://127.0.0.1:1')
    const like = offline.queue({ targetId: comment.id, text: '', media: [], action: 'like' })
    const message = offline.queue({
      targetId: comment.id,
      text: 'Katalog kami kirim lewat pesan ya kak',
      media: [],
      action: 'message',
    })
    const stopped = await offline.sync()
    expect(stopped.stoppedBy).toBeDefined()
    expect(offline.list().map((r) => [r.action, r.state])).toEqual([
      ['like', 'queued'],
      ['message', 'queued'],
    ])

    const online = outboxVia(proxy.url)
    const sent = await online.sync()
    expect(sent.sent).toEqual([like.id, message.id])
    expect(online.get(message.id)!.result).toEqual([expect.stringMatching(/^m_/)])
    expect(await online.sync()).toEqual({ sent: [], failed: [], waiting: [], attention: [] })
    expect(await messagesTo('Sari')).toEqual(['Katalog kami kirim lewat pesan ya kak'])
    expect([posts('like'), posts('message')]).toEqual([1, 1])

    await sandbox.close()
    const store = await openStore(path.join(dir, 'sandbox'))
    const record = store.data.comments.find((c) => c._id === comment.id)!
    expect(record.comment.liked).toBe(true)
  })

  it("finds a private reply whose answer was lost in the author's chat, and never sends it twice", async () => {
    const comment = await incomingComment('Tono')
    const box = outboxVia(proxy.url)
    const queued = box.queue({
      targetId: comment.id,
      text: 'Sudah kami DM kak',
      media: [],
      action: 'message',
    })
    proxy.setRule((method, p) => (method === 'POST' && p.endsWith('/message') ? 'drop-answer' : 'pass'))
    const lost = await box.sync()
    expect(lost.waiting).toEqual([queued.id])
    expect(box.get(queued.id)).toMatchObject({ state: 'sending', partsSent: 0 })

    proxy.setRule(() => 'pass')
    const found = await box.sync()
    expect(found.sent).toEqual([queued.id])
    expect(box.get(queued.id)!.result).toEqual([expect.stringMatching(/^m_/)])
    expect(posts('message')).toBe(1)
    expect(await messagesTo('Tono')).toEqual(['Sudah kami DM kak'])
  })

  it('sends a like whose answer was lost again: one like all the same', async () => {
    const comment = await incomingComment('Wati')
    const box = outboxVia(proxy.url)
    const queued = box.queue({ targetId: comment.id, text: '', media: [], action: 'like' })
    proxy.setRule((method, p) => (method === 'POST' && p.includes('/like/') ? 'drop-answer' : 'pass'))
    expect((await box.sync()).waiting).toEqual([queued.id])

    proxy.setRule(() => 'pass')
    expect((await box.sync()).sent).toEqual([queued.id])
    expect(box.get(queued.id)!.result).toEqual([comment.commentId])
    expect(posts('like')).toBe(2)
  })

  it('refuses to like or answer privately what is not a comment', async () => {
    const added = await sandbox.addIncoming('demo', { messages: [{ text: 'Halo', from: 'Yuni' }] })
    const box = outboxVia(proxy.url)
    const queued = box.queue({ targetId: added.messages[0]!.chatId, text: '', media: [], action: 'like' })
    expect((await box.sync()).failed).toEqual([queued.id])
    expect(box.get(queued.id)!.error).toMatch(/only a comment/)
    expect(posts('like')).toBe(0)
  })
})
