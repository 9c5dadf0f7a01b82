// A profile's address or access key edited while one of its uploads runs (the active profile), or waits (a
// profile switched away from mid-upload), in the real host against the real sandbox (two users: two
// accounts). Before, the engine closed without handing its lease back, so the item was
// in no queue for a minute, then it was resumed into the new account's storage, and the old account kept a
// pending file. Now the upload ends cancelled, its pending file is deleted on the old account, its lease is
// released at once, and nothing of it reaches the new account. A profile that was not the active one was not
// touched at all: its upload waited, its pending file stayed on the old account, and its queued replies (to the
// old account's comments), inbox copy and campaigns' posts on the old account were the new account's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { startHarness, USERS, type Harness } from '../core/sandbox-harness'
import { sqlOf } from '../../../main/core/db/handle'
import { createCampaignStore } from '../../../main/core/campaigns/campaign-store'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { filesOf, queueReply, uploadUnderWay } from './support/profile-work'

let h: Harness
let root: string
let host: AppHost

beforeAll(async () => {
  h = await startHarness()
  root = mkdtempSync(join(tmpdir(), 'profile-edit-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
  await h.close()
})

describe('a profile’s account edited mid-upload', () => {
  it('cancels the upload, deletes its pending file on the old account, and carries nothing to the new', async () => {
    await host.call('settings:update', { uploadRateLimit: 40_000 })
    const profile = await host.call('profiles:save', {
      name: 'Client',
      baseUrl: h.sandbox.url,
      accessKey: USERS.main.accessKey,
      secretKey: USERS.main.secretKey,
    })
    await host.call('profiles:activate', { id: profile.id })
    const itemId = await uploadUnderWay(host, h, 'client-private.bin')
    expect(await filesOf(h, USERS.main)).toEqual([['client-private.bin', 'pending']])

    await host.call('profiles:save', {
      id: profile.id,
      name: 'Client',
      baseUrl: h.sandbox.url,
      accessKey: USERS.small.accessKey,
      secretKey: USERS.small.secretKey,
    })

    expect(await filesOf(h, USERS.main)).toEqual([])
    const row = sqlOf(host.database).prepare('SELECT state FROM upload_items WHERE id = ?').get(itemId) as {
      state: string
    }
    expect(row.state).toBe('cancelled')
    expect(
      sqlOf(host.database)
        .prepare('SELECT count(*) AS n FROM leases WHERE resource = ?')
        .get(`upload:${itemId}`),
    ).toEqual({ n: 0 })
    await host.active().uploads.whenIdle()
    expect(
      host
        .active()
        .uploads.list()
        .filter((i) => i.state !== 'done' && i.state !== 'cancelled' && i.state !== 'failed'),
    ).toEqual([])
    expect(await filesOf(h, USERS.small)).toEqual([])
  }, 60_000)

  it('of a profile that is not the active one: the same, and its queued replies, inbox copy and campaigns’ old posts go', async () => {
    await host.call('settings:update', { uploadRateLimit: 40_000 })
    const profile = await host.call('profiles:save', {
      name: 'Other client',
      baseUrl: h.sandbox.url,
      accessKey: USERS.main.accessKey,
      secretKey: USERS.main.secretKey,
    })
    await host.call('profiles:activate', { id: profile.id })
    const itemId = await uploadUnderWay(host, h, 'other-private.bin')
    // Switched away mid-upload: the upload waits in the database, its pending file on the old account.
    await host.call('profiles:activate', { id: 'sandbox' })
    expect(await filesOf(h, USERS.main)).toEqual([['other-private.bin', 'pending']])
    queueReply(host.database, profile.id, 'comment-of-the-old-account')
    createInboxStore(host.database).save(profile.id, [], { complete: true, now: new Date() })
    // A campaign whose posts went out on the old account: their service ids are that account's.
    const campaigns = createCampaignStore(host.database)
    campaigns.create({
      profileId: profile.id,
      at: '2026-12-01T02:00:00.000Z',
      members: [
        { accountId: 'ig', offsetMinutes: 0, draftId: 'sent-1' },
        { accountId: 'tt', offsetMinutes: 0, draftId: 'sent-2' },
      ],
    })
    campaigns.linkSchedules([
      { draftId: 'sent-1', scheduleId: 'old-account-post-1' },
      { draftId: 'sent-2', scheduleId: 'old-account-post-2' },
    ])

    await host.call('profiles:save', {
      id: profile.id,
      name: 'Other client',
      baseUrl: h.sandbox.url,
      accessKey: USERS.small.accessKey,
      secretKey: USERS.small.secretKey,
    })

    expect(await filesOf(h, USERS.main)).toEqual([])
    const db = sqlOf(host.database)
    expect(db.prepare('SELECT state FROM upload_items WHERE id = ?').get(itemId)).toEqual({
      state: 'cancelled',
    })
    const leases = db.prepare('SELECT count(*) AS n FROM leases WHERE resource = ?')
    expect(leases.get(`upload:${itemId}`)).toEqual({ n: 0 })
    expect(
      db.prepare('SELECT count(*) AS n FROM inbox_replies WHERE profile_id = ?').get(profile.id),
    ).toEqual({
      n: 0,
    })
    expect(createInboxStore(host.database).fetchedAt(profile.id)).toBeNull()
    expect(campaigns.idOf({ scheduleId: 'old-account-post-1' })).toBeUndefined()
    expect(campaigns.listForProfile(profile.id)).toEqual([])
    expect(await host.call('profiles:held-work', { id: profile.id })).toMatchObject({
      replies: 0,
      uploads: 0,
    })

    // Opened again, with the new account's keys: nothing of the old account's work runs or is sent there.
    await host.call('profiles:activate', { id: profile.id })
    await host.active().uploads.whenIdle()
    expect(
      host
        .active()
        .uploads.list()
        .filter((i) => !['done', 'cancelled', 'failed'].includes(i.state)),
    ).toEqual([])
    expect(await filesOf(h, USERS.small)).toEqual([])
  }, 60_000)
})
