// The CLI's replay of the comments' statuses set in the app offline (main/cli/cli-statuses.ts), over a real
// database file and the real sandbox over HTTP: a comment with a reply of ours still to go keeps its status
// change waiting, as the app's replay does, so the reply (which resolves the comment on the service) does not
// land over the status the person chose after it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replayStatuses } from '../../../main/cli/cli-statuses'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { createLeases } from '../../../main/core/db/leases'
import { createReplyOutbox } from '../../../main/core/inbox/reply-outbox'
import { createStatusOutbox } from '../../../main/core/inbox/status-outbox'
import { createServiceClient, type ServiceClient } from '../../../main/core/service-client'
import { startSandbox, type RunningSandbox } from '../../../sandbox'

const USER = { accessKey: 'statuses', secretKey: 'statuses-secret' }
let dir: string
let sandbox: RunningSandbox
let database: AppDatabase
let client: ServiceClient

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-statuses-unit-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: { users: [{ ...USER, tier: 'gold', storageLimit: 50_000_000, seed: 'demo' }] },
  })
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  client = createServiceClient({ baseUrl: sandbox.url, ...USER, retry: { maxRetries: 0 } })
})
afterAll(async () => {
  await client.close()
  database.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('replayStatuses', () => {
  it('keeps a status change waiting while a reply of ours to that comment is still to go', async () => {
    const now = () => new Date()
    const id = (
      await sandbox.addIncoming(USER.accessKey, { comments: [{ text: 'Bisa COD?', from: 'Dian' }] })
    ).comments[0]!.id
    const leases = createLeases(database)
    const replies = createReplyOutbox({ database, leases, profileId: 'p', client: () => client, now })
    // Queued, and not sent by this run (another process holds it, or its file is still going up).
    replies.queue({ targetId: id, text: 'Bisa, kak', media: [] })
    createStatusOutbox({ database, leases, profileId: 'p', client: () => client, now }).queue({
      commentId: id,
      status: 'ignored',
      base: 'pending',
    })

    const { outcomes } = await replayStatuses({ database, profileId: 'p', client, replies, now })

    expect(outcomes.map((o) => [o.change.commentId, o.outcome])).toEqual([[id, 'waiting']])
    expect((await client.getComment(id)).status).toBe('pending')
  })
})
