// A library video queued offline goes untimed (main/core/inbox/reply-parts.ts needsDuration): an outbox that
// cannot read a stored file's length (the CLI's `sync`) leaves it for the app instead of sending it with no
// length, and one that can (the app's) times it before its first part leaves. A real database file and the
// real sandbox over HTTP.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { createLeases } from '../../../../main/core/db/leases'
import { createReplyOutbox, type ReplyOutboxOptions } from '../../../../main/core/inbox/reply-outbox'
import { needsDuration } from '../../../../main/core/inbox/reply-parts'
import { useSandboxDatabase } from '../../../support/sandbox-database'

const USER = { accessKey: 'parts', secretKey: 'parts-secret' }
const fx = useSandboxDatabase(USER, 'mediadeck-reply-parts-')

const video = {
  source: 'https://cdn.example/promo.mp4',
  kind: 'video' as const,
  mimetype: 'video/mp4',
  url: 'https://cdn.example/promo.mp4',
  name: 'promo.mp4',
}

describe('a stored video queued without its length', () => {
  it('waits for a process that can time it, then goes with the length read', async () => {
    const chatId = (
      await fx.sandbox.addIncoming(USER.accessKey, { messages: [{ text: 'Videonya?', from: 'Tari' }] })
    ).messages[0]!.chatId
    const options: ReplyOutboxOptions = {
      database: fx.database,
      leases: createLeases(fx.database),
      profileId: 'p',
      client: () => fx.client,
      now: () => new Date(),
    }
    const queued = createReplyOutbox(options).queue({ targetId: chatId, text: 'Ini', media: [video] })
    expect(needsDuration(queued)).toBe(true)

    // The CLI's sync: no way to read the stored file's length.
    const cli = await createReplyOutbox(options).sync()
    expect(cli).toMatchObject({ sent: [], failed: [], waiting: [] })
    expect(createReplyOutbox(options).get(queued.id)?.state).toBe('queued')
    const mine = async () =>
      (await fx.client.listChatMessages(chatId, { page: 1, limit: 50 })).docs.filter((m) => m.isFromMe)
    expect(await mine()).toEqual([])

    const asked: string[] = []
    const app = createReplyOutbox({
      ...options,
      duration: async (url) => {
        asked.push(url)
        return 42.25
      },
    })
    expect((await app.sync()).sent).toEqual([queued.id])
    expect(asked).toEqual([video.url])
    expect(await mine()).toEqual([
      expect.objectContaining({
        type: 'video',
        text: 'Ini',
        video: expect.objectContaining({ duration: 42.25 }),
      }),
    ])
  })

  it('whose stored file is gone fails with a reason of the catalogue, kept with the reply, and its English', async () => {
    const chatId = (
      await fx.sandbox.addIncoming(USER.accessKey, { messages: [{ text: 'Mana?', from: 'Sari' }] })
    ).messages[0]!.chatId
    const options: ReplyOutboxOptions = {
      database: fx.database,
      leases: createLeases(fx.database),
      profileId: 'p-gone',
      client: () => fx.client,
      now: () => new Date(),
      duration: () => Promise.reject(new AppError({ kind: 'not-found', message: 'HTTP 404' })),
    }
    const queued = createReplyOutbox(options).queue({ targetId: chatId, text: 'Ini', media: [video] })
    expect((await createReplyOutbox(options).sync()).failed).toEqual([queued.id])
    // Read again from the database, as the page's next list and the CLI read it.
    expect(createReplyOutbox(options).get(queued.id)).toMatchObject({
      state: 'failed',
      error: 'promo.mp4: its length could not be read from the stored file: HTTP 404',
      errorReason: { code: 'inbox-media-duration-gone', params: { name: 'promo.mp4' } },
    })
  })
})
