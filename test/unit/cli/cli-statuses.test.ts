// The CLI's replay of the comments' statuses set in the app offline (main/cli/cli-statuses.ts), over a real
// database file and the real sandbox over HTTP: a comment with a reply of ours still to go keeps its status
// change waiting, as the app's replay does, so the reply (which resolves the comment on the service) does not
// land over the status the person chose after it.
import { describe, expect, it } from 'vitest'
import { replayStatuses } from '../../../main/cli/cli-statuses'
import { createLeases } from '../../../main/core/db/leases'
import { createReplyOutbox } from '../../../main/core/inbox/reply-outbox'
import { createStatusOutbox } from '../../../main/core/inbox/status-outbox'
import { useSandboxDatabase } from '../../support/sandbox-database'

const USER = { accessKey: 'statuses', secretKey: 'statuses-secret' }
const fx = useSandboxDatabase(USER, 'mediadeck-cli-statuses-unit-')

describe('replayStatuses', () => {
  it('keeps a status change waiting while a reply of ours to that comment is still to go', async () => {
    const now = () => new Date()
    const id = (
      await fx.sandbox.addIncoming(USER.accessKey, { comments: [{ text: 'Bisa COD?', from: 'Dian' }] })
    ).comments[0]!.id
    const leases = createLeases(fx.database)
    const replies = createReplyOutbox({
      database: fx.database,
      leases,
      profileId: 'p',
      client: () => fx.client,
      now,
    })
    // Queued, and not sent by this run (another process holds it, or its file is still going up).
    replies.queue({ targetId: id, text: 'Bisa, kak', media: [] })
    createStatusOutbox({ database: fx.database, leases, profileId: 'p', client: () => fx.client, now }).queue(
      {
        commentId: id,
        status: 'ignored',
        base: 'pending',
      },
    )

    const { outcomes } = await replayStatuses({
      database: fx.database,
      profileId: 'p',
      client: fx.client,
      replies,
      now,
    })

    expect(outcomes.map((o) => [o.change.commentId, o.outcome])).toEqual([[id, 'waiting']])
    expect((await fx.client.getComment(id)).status).toBe('pending')
  })
})
