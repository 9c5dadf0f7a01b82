// A chat answered with a video and an audio of the library, through the app host against a real sandbox over
// HTTP: main reads each one's duration from the stored file itself, by ranges through the picture fetch's
// address guard (the local file is gone: nothing of this computer is read), and the message the sandbox
// receives carries it; a document carries its name and size. Online, a stored file on a private address is
// refused naming it, and nothing is queued; offline, a library video is queued as a picture is, and timed from
// its stored file when it goes (one that cannot be timed then fails, sending nothing).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppHost } from '../../../main/host/app-host'
import { mp4, wav } from '../../support/media-bytes'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-library-media-')

/** Stores `bytes` in the library through the app's upload queue; the local file is removed after. */
async function stored(app: AppHost, folder: string, name: string, bytes: Buffer): Promise<string> {
  const path = join(folder, name)
  writeFileSync(path, bytes)
  await app.call('files:grant-dropped', { paths: [path] })
  const { url } = await app.call('uploads:one', { path })
  rmSync(path)
  return url
}

describe('a library video, audio and document in a chat reply', () => {
  let app: AppHost
  let chatId: string

  it('sends each with what the service needs, the durations read from the stored files', async () => {
    app = await harness.startActiveApp()
    const added = await harness.service.addIncoming('demo', {
      messages: [{ text: 'Ada videonya?', from: 'Tari' }],
    })
    chatId = added.messages[0]!.chatId
    await app.call('inbox:refresh')
    const folder = (await app.call('app:info')).dataDir
    const video = await stored(app, folder, 'promo.mp4', mp4(42.25))
    const audio = await stored(app, folder, 'sapaan.wav', wav(3))
    const pdf = await stored(
      app,
      folder,
      'menu.pdf',
      Buffer.from(`%PDF-1.4\n${'menu '.repeat(100)}\n%%EOF\n`),
    )

    const reply = await app.call('inbox:reply', {
      id: chatId,
      text: 'Ini videonya',
      media: [
        { url: video, mimetype: 'video/mp4', name: 'promo.mp4' },
        { url: audio, mimetype: 'audio/wav', name: 'sapaan.wav' },
        { url: pdf, mimetype: 'application/pdf', name: 'menu.pdf', size: 510 },
      ],
    })
    expect(reply.state).toBe('sent')

    const page = await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })
    const mine = page.docs.filter((m) => m.isFromMe).reverse()
    expect(mine).toHaveLength(3)
    expect(mine[0]).toMatchObject({
      type: 'video',
      text: 'Ini videonya',
      video: { url: video, mimetype: 'video/mp4', duration: 42.25 },
    })
    expect(mine[1]).toMatchObject({
      type: 'audio',
      audio: { url: audio, mimetype: 'audio/wav', duration: 3 },
    })
    expect(mine[2]).toMatchObject({ type: 'document', document: { url: pdf, name: 'menu.pdf', size: 510 } })
  })

  it('refuses a stored file on a private address, naming it, and queues nothing', async () => {
    const before = (await app.call('inbox:list')).replies.length
    await expect(
      app.call('inbox:reply', {
        id: chatId,
        text: 'Ini',
        media: [{ url: 'http://10.20.30.40/promo.mp4', mimetype: 'video/mp4', name: 'promo.mp4' }],
      }),
    ).rejects.toMatchObject({
      kind: 'validation',
      code: 'inbox-media-duration-refused',
      params: { name: 'promo.mp4' },
    })
    expect((await app.call('inbox:list')).replies).toHaveLength(before)
  })

  it('offline, queues a library video as a picture is queued, and times it from the stored file when it goes', async () => {
    const video = (await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })).docs.find(
      (m) => m.type === 'video',
    )!.video!.url
    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const queued = await app.call('inbox:reply', {
      id: chatId,
      text: 'Lagi',
      media: [{ url: video, mimetype: 'video/mp4', name: 'promo.mp4' }],
    })
    expect(queued.state).toBe('queued')
    // One whose stored file cannot be timed (a private address) is queued too, and fails when it goes.
    const untimable = await app.call('inbox:reply', {
      id: chatId,
      text: 'Yang lain',
      media: [{ url: 'http://10.20.30.40/lain.mp4', mimetype: 'video/mp4', name: 'lain.mp4' }],
    })
    expect(untimable.state).toBe('queued')

    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.inbox.sendReplies()
    const replies = (await app.call('inbox:list')).replies
    expect(replies.find((r) => r.id === queued.id)?.state).toBe('sent')
    expect(replies.find((r) => r.id === untimable.id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^lain\.mp4: its length could not be read/),
      // Worded by the page in the person's language, as the refusal of an online send is.
      errorReason: { code: 'inbox-media-duration-refused', params: { name: 'lain.mp4' } },
    })
    const mine = (await app.active().client.listChatMessages(chatId, { page: 1, limit: 50 })).docs.filter(
      (m) => m.isFromMe,
    )
    expect(mine.filter((m) => m.text === 'Lagi')).toEqual([
      expect.objectContaining({
        type: 'video',
        video: expect.objectContaining({ url: video, duration: 42.25 }),
      }),
    ])
    expect(mine.filter((m) => m.text === 'Yang lain')).toEqual([])
  })
})
