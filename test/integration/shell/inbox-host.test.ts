// The inbox through the app host against a real sandbox over HTTP, stopped and started again on the same port:
// a refresh fills the copy, a comment is answered and a chat is written to with a library picture, a comment is
// resolved; then, the service gone, a new start opens the inbox from the copy (stale, with the time it was
// read), a reply and a status set offline wait in their queues, and are sent exactly once when the service is
// back, the status after the reply.
import { describe, expect, it, vi } from 'vitest'
import type { InboxListState } from '../../../common/inbox'
import { INBOX_REFRESH_MS } from '../../../main/host/inbox'
import { manualClock } from '../../support/manual-clock'
import { clientFor } from '../drafts/helpers'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-host-')
const { startApp } = harness

async function commentReplies(id: string): Promise<string[]> {
  const client = clientFor(harness.service.url)
  try {
    return (await client.getComment(id)).comment.replies.map((r) => r.text)
  } finally {
    await client.close()
  }
}

describe('the inbox of the app', () => {
  let commentId: string
  let chatId: string

  it('reads every comment and chat, answers both (a chat with a library picture) and resolves', async () => {
    const app = await startApp()
    await harness.activateDemo(app)
    const added = await harness.service.addIncoming('demo', {
      comments: [{ text: 'Masih ada stok ukuran 40?', from: 'Dian' }],
      messages: [{ text: 'Halo kak, bisa kirim foto?', from: 'Budi' }],
    })
    commentId = added.comments[0]!.id
    chatId = added.messages[0]!.chatId

    const read = await app.call('inbox:refresh')
    expect(read.stale).toBe(false)
    expect(read.fetchedAt).not.toBeNull()
    expect(read.items.find((i) => i.id === commentId)).toMatchObject({
      kind: 'comment',
      status: 'pending',
      from: 'Dian',
      text: 'Masih ada stok ukuran 40?',
    })
    expect(read.items.find((i) => i.id === chatId)).toMatchObject({ kind: 'chat', status: 'unread' })
    expect((await app.call('inbox:list', { kind: 'chat' })).items.every((i) => i.kind === 'chat')).toBe(true)

    // Opening the chat reads its messages and tells the service it was read.
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(thread.messages?.at(-1)?.text).toBe('Halo kak, bisa kirim foto?')
    expect(thread.entry.status).toBe('unreplied')

    const sent = await app.call('inbox:reply', { id: commentId, text: 'Masih kak', media: [] })
    expect(sent.state).toBe('sent')
    expect(await commentReplies(commentId)).toEqual(['Masih kak'])
    // The id the service gave the reply, by which the page knows it in the thread and shows it once.
    const answered = await app.call('inbox:thread', { id: commentId })
    expect(sent.resultIds).toEqual(answered.entry.comment!.comment.replies.map((r) => r.id))

    // A comment takes text only: refused before anything is queued.
    const picture = (await app.call('storage:files', { page: 1, limit: 100 })).docs.find((f) =>
      f.mimetype.startsWith('image/'),
    )!
    const medium = {
      url: picture.url,
      mimetype: picture.mimetype,
      name: picture.filename,
      size: picture.size,
    }
    await expect(
      app.call('inbox:reply', { id: commentId, text: 'Foto', media: [medium] }),
    ).rejects.toMatchObject({ kind: 'validation', code: 'inbox-comment-text-only' })

    const withPicture = await app.call('inbox:reply', { id: chatId, text: 'Ini fotonya', media: [medium] })
    expect(withPicture.state).toBe('sent')
    const after = await app.call('inbox:thread', { id: chatId })
    expect(withPicture.resultIds).toEqual([after.messages!.at(-1)!.messageId])
    expect(after.messages?.at(-1)).toMatchObject({
      isFromMe: true,
      type: 'image',
      text: 'Ini fotonya',
      image: { url: picture.url },
    })
    expect(after.entry.status).toBe('replied')

    expect(await app.call('inbox:set-status', { id: commentId, status: 'resolved' })).toMatchObject({
      status: 'resolved',
    })
    expect((await app.call('inbox:list', { status: 'resolved' })).items.map((i) => i.id)).toContain(commentId)
    await app.close()
  })

  it('opens offline from the copy, queues a reply, and sends it exactly once when the service is back', async () => {
    await harness.stopService()
    const app = await startApp()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const offline = await app.call('inbox:refresh')
    expect(offline.stale).toBe(true)
    expect(offline.fetchedAt).not.toBeNull()
    expect(offline.items.find((i) => i.id === commentId)).toMatchObject({ status: 'resolved' })
    // The chat's messages as last read.
    const thread = await app.call('inbox:thread', { id: chatId })
    expect(thread.stale).toBe(true)
    expect(thread.messages?.at(-1)?.text).toBe('Ini fotonya')

    const queued = await app.call('inbox:reply', { id: commentId, text: 'Sudah dikirim ya kak', media: [] })
    expect(queued.state).toBe('queued')
    expect((await app.call('inbox:list')).replies).toContainEqual(
      expect.objectContaining({ id: queued.id, targetId: commentId, state: 'queued' }),
    )
    // A status set offline is shown at once and waits in its own queue, after the reply written before it.
    expect(await app.call('inbox:set-status', { id: commentId, status: 'pending' })).toMatchObject({
      status: 'pending',
    })
    const waiting = await app.call('inbox:list', { status: 'pending' })
    expect(waiting.items.map((i) => i.id)).toContain(commentId)
    expect(waiting.statusChanges).toEqual([
      expect.objectContaining({ commentId, status: 'pending', base: 'resolved', state: 'queued' }),
    ])

    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await vi.waitFor(
      async () =>
        expect((await app.call('inbox:list')).replies.find((r) => r.id === queued.id)?.state).toBe('sent'),
      { timeout: 10_000 },
    )
    // The reply resolved the comment on the service; the status set after it lands after it.
    await vi.waitFor(async () => expect((await app.call('inbox:list')).statusChanges).toEqual([]), {
      timeout: 10_000,
    })
    const client = clientFor(harness.service.url)
    try {
      expect((await client.getComment(commentId)).status).toBe('pending')
    } finally {
      await client.close()
    }
    // A refresh (which sends first) and another start send nothing more.
    await app.call('inbox:refresh')
    expect((await app.call('inbox:list')).items.find((i) => i.id === commentId)?.status).toBe('pending')
    await app.close()
    const again = await startApp()
    await again.call('inbox:refresh')
    expect(await commentReplies(commentId)).toEqual(['Masih kak', 'Sudah dikirim ya kak'])
  })

  it("reads new comments in the background, as a task of the profile's scheduler", async () => {
    const time = manualClock(Date.parse('2026-12-01T10:00:00Z'))
    const app = await startApp({ scheduler: { clock: time.clock } })
    const scheduler = app.background.scheduler()!
    expect(scheduler.status().map((task) => task.name)).toContain('inbox')
    await scheduler.whenIdle()
    await time.advance(0)
    await scheduler.whenIdle()
    const added = await harness.service.addIncoming('demo', {
      comments: [{ text: 'Kapan restock?', from: 'Rina' }],
    })
    const id = added.comments[0]!.id
    expect((await app.call('inbox:list')).items.some((i) => i.id === id)).toBe(false)
    await time.advance(INBOX_REFRESH_MS)
    await scheduler.whenIdle()
    expect((await app.call('inbox:list')).items.find((i) => i.id === id)).toMatchObject({
      from: 'Rina',
      status: 'pending',
    })
  })

  it('says the copy is checking while a background read runs, then fresh as of that read, or stale when it failed', async () => {
    const time = manualClock(Date.parse('2026-12-01T10:00:00Z'))
    const app = await startApp({ scheduler: { clock: time.clock } })
    const scheduler = app.background.scheduler()!
    await scheduler.whenIdle()
    await time.advance(0)
    await scheduler.whenIdle()
    const before = await app.call('inbox:list')
    expect(before.freshness).toEqual({ state: 'fresh', confirmedAt: before.fetchedAt })
    // What the page reads when main tells it a read started: the same copy, "checking", never fresh.
    const seen: Array<Promise<unknown>> = []
    const stop = app.events.subscribe((name, payload) => {
      // The state sent says checking, and so does the list read then.
      if (name === 'inbox:state' && (payload as InboxListState).freshness.state === 'checking')
        seen.push(app.call('inbox:list').then((answer) => answer.freshness))
    })
    try {
      await time.advance(INBOX_REFRESH_MS)
      await scheduler.whenIdle()
      expect(await Promise.all(seen)).toEqual([{ state: 'checking', confirmedAt: before.fetchedAt }])
      const after = await app.call('inbox:list')
      expect(after.fetchedAt).not.toBe(before.fetchedAt)
      expect(after.freshness).toEqual({ state: 'fresh', confirmedAt: after.fetchedAt })

      // The service gone: the next background read fails, and the copy is stale as of the last read.
      await harness.stopService()
      await time.advance(INBOX_REFRESH_MS)
      await scheduler.whenIdle()
      expect(seen).toHaveLength(2)
      expect((await app.call('inbox:list')).freshness).toEqual({
        state: 'stale',
        confirmedAt: after.fetchedAt,
      })
    } finally {
      stop()
      await harness.startService()
      await app.close()
    }
  })
})
