// The app's replay of the comments' statuses (main/host/inbox.ts sendOnce), through the app host against a real
// sandbox over HTTP: a status change of a comment whose reply of ours is still to go (held by another process
// sharing the data folder, as a `sync` run does) waits for that reply, as the CLI's `sync` does: the reply,
// going later, resolves the comment on the service, over the status the person chose after writing it.
import { describe, expect, it } from 'vitest'
import { createLeases } from '../../../main/core/db/leases'
import { replyLease } from '../../../main/core/inbox/reply-outbox'
import { clientFor } from '../drafts/helpers'
import { useAppOnSandbox } from './app-on-sandbox'

const harness = useAppOnSandbox('inbox-status-behind-reply-')

describe("a comment's status set after a reply to it", () => {
  it('waits while the reply is still to go, held by another process', async () => {
    const app = await harness.startActiveApp()
    const added = await harness.service.addIncoming('demo', {
      comments: [{ text: 'Bisa COD?', from: 'Dian' }],
    })
    const commentId = added.comments[0]!.id
    await app.call('inbox:refresh')

    await harness.stopService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'offline' })
    const reply = await app.call('inbox:reply', { id: commentId, text: 'Bisa, kak', media: [] })
    expect(reply.state).toBe('queued')
    await app.call('inbox:set-status', { id: commentId, status: 'ignored' })
    // A `sync` of the same data folder took the reply (it is sending it, or its file is going up).
    expect(createLeases(app.database, { owner: 'elsewhere/1/sync' }).acquire(replyLease(reply.id))).toBe(true)

    await harness.startService()
    expect(await app.call('connection:check')).toMatchObject({ status: 'online' })
    await app.inbox.sendReplies()

    const list = await app.call('inbox:list')
    expect(list.replies.find((r) => r.id === reply.id)?.state).toBe('queued')
    expect(list.statusChanges).toEqual([
      expect.objectContaining({ commentId, status: 'ignored', state: 'queued' }),
    ])
    const client = clientFor(harness.service.url)
    try {
      expect((await client.getComment(commentId)).status).toBe('pending')
    } finally {
      await client.close()
    }
  })
})
