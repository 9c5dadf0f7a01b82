// Messages removed from a chat on the service (their sender unsent them), through the app host against a real
// sandbox over HTTP: a chat that fits in one page lets the removed one go from its copy, so it is not shown
// offline; and a message removed above the oldest one shown, which pulls every older message a place up the
// service's pages, leaves no hole when the chat is paged back.
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-removed-')

const texts = (messages: { text: string }[] | null): string[] => (messages ?? []).map((m) => m.text)
/** Message n of a chat, written a minute after the one before it. */
const written = (from: number, count: number, chatId?: string, sender = 'Rina') =>
  Array.from({ length: count }, (_, i) => ({
    text: `pesan ${from + i}`,
    from: sender,
    at: new Date(Date.UTC(2026, 10, 1) + (from + i) * 60_000).toISOString(),
    ...(chatId ? { chatId } : {}),
  }))
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `pesan ${from + i}`)

describe('messages removed on the service', () => {
  let app: AppHost

  it('a chat that fits in one page keeps none of them in its copy', async () => {
    app = await harness.startActiveApp()
    const first = await harness.service.addIncoming('demo', { messages: written(1, 1) })
    const chatId = first.messages[0]!.chatId
    await harness.service.addIncoming('demo', { messages: written(2, 2, chatId) })
    await app.call('inbox:refresh')
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(texts(thread.messages)).toEqual(range(1, 3))

    // The oldest is unsent: older than anything the newest page lists, it was kept before.
    expect(await harness.service.removeMessages('demo', [first.messages[0]!.id])).toBe(1)
    expect(texts((await app.call('inbox:thread', { id: chatId })).messages)).toEqual(range(2, 3))

    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const offline = await app.call('inbox:thread', { id: chatId })
    expect(offline.stale).toBe(true)
    expect(texts(offline.messages)).toEqual(range(2, 3))
    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
  })

  it('a message removed above the oldest shown leaves no hole when paging back', async () => {
    app ??= await harness.startActiveApp()
    // Another person's chat.
    const first = await harness.service.addIncoming('demo', { messages: written(1, 1, undefined, 'Sari') })
    const chatId = first.messages[0]!.chatId
    const rest = await harness.service.addIncoming('demo', { messages: written(2, 119, chatId, 'Sari') })
    await app.call('inbox:refresh')
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(texts(thread.messages)).toEqual(range(71, 120))

    const unsent = rest.messages[100 - 2]!
    expect(await harness.service.removeMessages('demo', [unsent.id])).toBe(1)
    const older = await app.call('inbox:older-messages', { id: chatId, before: thread.messages![0]!.id })
    // Before, page 2 was asked by number and began at 69: 70 was never shown.
    expect(texts(older.messages).at(-1)).toBe('pesan 70')
    expect(texts(older.messages)).toEqual(range(71 - older.messages.length, 70))
    expect(older.messages.length).toBeGreaterThanOrEqual(50)
  })
})
