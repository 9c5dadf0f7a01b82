// A long chat paged backwards through the app host against a real sandbox over HTTP: it opens at its newest
// page, older pages come from the service's paging (GET /public/chat/{id}/message?page&limit) each message once
// and none skipped, even when messages arrive between two pages; then, the service gone, the chat opens from
// the copy at its newest page and pages back through every message read online; and a new start after more
// messages than a page arrived keeps no hole in what it pages back through.
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-paging-')

const texts = (messages: { text: string }[] | null): string[] => (messages ?? []).map((m) => m.text)
/** Message n of the chat, written a minute after the one before it. */
const written = (from: number, count: number, chatId?: string) =>
  Array.from({ length: count }, (_, i) => ({
    text: `pesan ${from + i}`,
    from: 'Rina',
    at: new Date(Date.UTC(2026, 10, 1) + (from + i) * 60_000).toISOString(),
    ...(chatId ? { chatId } : {}),
  }))
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `pesan ${from + i}`)

/** Pages back from the thread's first message until there is nothing older: every message, oldest first. */
async function pageBack(app: AppHost, id: string, shown: string[], firstId: string) {
  let before = firstId
  let all = shown
  const answers = []
  for (;;) {
    const older = await app.call('inbox:older-messages', { id, before })
    answers.push(older)
    all = [...texts(older.messages), ...all]
    if (!older.more || older.messages.length === 0) break
    before = older.messages[0]!.id
  }
  return { all, answers }
}

describe('a chat paged backwards', () => {
  let app: AppHost
  let chatId: string

  it('opens at the newest page and reads older pages from the service, each message once', async () => {
    app = await harness.startActiveApp()
    const first = await harness.service.addIncoming('demo', { messages: written(1, 1) })
    chatId = first.messages[0]!.chatId
    await harness.service.addIncoming('demo', { messages: written(2, 119, chatId) })
    await app.call('inbox:refresh')

    const thread = await app.call('inbox:thread', { id: chatId })
    expect(texts(thread.messages)).toEqual(range(71, 120))
    expect(thread.older).toBe(true)

    const older = await app.call('inbox:older-messages', { id: chatId, before: thread.messages![0]!.id })
    expect(older).toMatchObject({ more: true, stale: false })
    expect(texts(older.messages)).toEqual(range(21, 70))

    // Three more arrive before the next page: the page numbers move, nothing is shown twice or skipped.
    await harness.service.addIncoming('demo', {
      messages: written(121, 3, chatId).map((m, i) => ({ ...m, at: new Date(Date.now() + i).toISOString() })),
    })
    const oldest = await app.call('inbox:older-messages', { id: chatId, before: older.messages[0]!.id })
    expect(texts(oldest.messages)).toEqual(range(1, 20))
    expect(oldest).toMatchObject({ more: false, stale: false })
  })

  it('offline, opens from the copy at its newest page and pages back through every message read', async () => {
    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(thread.stale).toBe(true)
    expect(thread.messages).toHaveLength(50)
    expect(texts(thread.messages).at(-1)).toBe('pesan 120')
    expect(thread.older).toBe(true)

    const { all, answers } = await pageBack(app, chatId, texts(thread.messages), thread.messages![0]!.id)
    expect(all).toEqual(range(1, 120))
    expect(answers.every((a) => a.stale)).toBe(true)
    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
  })

  it('keeps no hole when more than a page arrived since the chat was read', async () => {
    // 123 read so far (three arrived last); 60 more arrive: the newest page no longer reaches what is held.
    await harness.service.addIncoming('demo', {
      messages: written(200, 60, chatId).map((m, i) => ({
        ...m,
        at: new Date(Date.now() + i).toISOString(),
      })),
    })
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(texts(thread.messages)).toEqual(range(210, 259))
    const { all } = await pageBack(app, chatId, texts(thread.messages), thread.messages![0]!.id)
    expect(all).toEqual([...range(1, 123), ...range(200, 259)])

    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const offline = await app.call('inbox:thread', { id: chatId })
    const copy = await pageBack(app, chatId, texts(offline.messages), offline.messages![0]!.id)
    expect(copy.all).toEqual([...range(1, 123), ...range(200, 259)])
    await harness.startService()
  })

  it('refuses to page a comment, naming why', async () => {
    const added = await harness.service.addIncoming('demo', { comments: [{ text: 'Halo', from: 'Dian' }] })
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.call('inbox:refresh')
    await expect(
      app.call('inbox:older-messages', { id: added.comments[0]!.id, before: 'x' }),
    ).rejects.toMatchObject({ kind: 'validation', code: 'inbox-chat-only' })
  })
})
