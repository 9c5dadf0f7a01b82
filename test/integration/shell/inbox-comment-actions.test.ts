// A comment liked and answered privately through the app host's calls, against a real sandbox over HTTP: both
// go at once while the service can be reached, and wait in the outbox while it cannot, as replies do; a chat
// cannot be liked, and a private reply is a text without files, refused before anything is queued.
import { describe, expect, it, vi } from 'vitest'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-comment-actions-')

describe('a comment liked and answered privately from the app', () => {
  it('sends both at once online, queues them offline and sends them when the service is back', async () => {
    const app = await harness.startActiveApp()
    const added = await harness.service.addIncoming('demo', {
      comments: [{ text: 'Harga grosir berapa?', from: 'Lina' }],
      messages: [{ text: 'Halo', from: 'Joko' }],
    })
    const commentId = added.comments[0]!.id
    const chatId = added.messages[0]!.chatId
    await app.call('inbox:refresh')

    const like = await app.call('inbox:like', { id: commentId })
    expect(like).toMatchObject({ action: 'like', state: 'sent', resultIds: [added.comments[0]!.commentId] })
    const privately = await app.call('inbox:reply', {
      id: commentId,
      text: 'Kami kirim daftar harga lewat DM ya',
      media: [],
      privately: true,
    })
    expect(privately).toMatchObject({ action: 'message', state: 'sent' })
    // The author's chat is new to the copy until the next read.
    await app.call('inbox:refresh')
    const chat = (await app.call('inbox:list', { kind: 'chat', search: 'Lina' })).items[0]!
    const thread = await app.call('inbox:thread', { id: chat.id })
    expect(thread.messages!.filter((m) => m.isFromMe).map((m) => m.text)).toEqual([
      'Kami kirim daftar harga lewat DM ya',
    ])

    await expect(app.call('inbox:like', { id: chatId })).rejects.toMatchObject({
      kind: 'validation',
      code: 'inbox-comment-only',
    })
    await expect(
      app.call('inbox:reply', {
        id: commentId,
        text: 'Foto',
        media: [{ url: 'https://example.com/a.png', mimetype: 'image/png', name: 'a.png' }],
        privately: true,
      }),
    ).rejects.toMatchObject({ kind: 'validation' })

    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const queuedLike = await app.call('inbox:like', { id: commentId })
    const queuedMessage = await app.call('inbox:reply', {
      id: commentId,
      text: 'Sudah kami kirim ya',
      media: [],
      privately: true,
    })
    expect([queuedLike.state, queuedMessage.state]).toEqual(['queued', 'queued'])

    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await vi.waitFor(
      async () => {
        const replies = (await app.call('inbox:list')).replies
        expect(
          replies.filter((r) => [queuedLike.id, queuedMessage.id].includes(r.id)).map((r) => r.state),
        ).toEqual(['sent', 'sent'])
      },
      { timeout: 10_000 },
    )
    await app.call('inbox:refresh')
    const after = await app.call('inbox:thread', { id: chat.id })
    expect(after.messages!.filter((m) => m.isFromMe).map((m) => m.text)).toEqual([
      'Kami kirim daftar harga lewat DM ya',
      'Sudah kami kirim ya',
    ])
  })
})
