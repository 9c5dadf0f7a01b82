// A profile deleted in the real host against the real sandbox: the host first says what it holds (queued
// drafts, other drafts, unsent replies, unfinished uploads), and the delete cancels its uploads on its account
// (the pending file deleted there), drops the leases at once, whoever held them, and leaves no row of its work.
// Before, the delete removed the profile and its replica only: its drafts, replies, inbox copy and upload queue
// stayed in the data folder, and an upload it had begun kept its pending file on the account for good.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLeases } from '../../../main/core/db/leases'
import { sqlOf } from '../../../main/core/db/handle'
import { openDraftStore } from '../../../main/core/drafts/draft-store'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { createStatusOutbox } from '../../../main/core/inbox/status-outbox'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { sampleDraft } from '../../unit/core/drafts/helpers'
import { startHarness, USERS, type Harness } from '../core/sandbox-harness'
import { filesOf, queueReply, uploadUnderWay } from './support/profile-work'

let h: Harness
let root: string
let host: AppHost

beforeAll(async () => {
  h = await startHarness()
  root = mkdtempSync(join(tmpdir(), 'profile-delete-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
  await host.call('settings:update', { uploadRateLimit: 40_000 })
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
  await h.close()
})

/** Rows of every table of a profile's work that still name it (by id, or the upload queue's scope). */
function rowsOf(profileId: string): Record<string, number> {
  const db = sqlOf(host.database)
  const count = (sql: string) => Number((db.prepare(sql).get(profileId) as { n: number }).n)
  return {
    drafts: count('SELECT count(*) AS n FROM drafts WHERE profile_id = ?'),
    replies: count('SELECT count(*) AS n FROM inbox_replies WHERE profile_id = ?'),
    inbox: count('SELECT count(*) AS n FROM inbox_scopes WHERE scope = ?'),
    uploads: count('SELECT count(*) AS n FROM upload_items WHERE scope = ?'),
    replica: count('SELECT count(*) AS n FROM replica_profiles WHERE profile_id = ?'),
  }
}

/** The leases of a profile's drafts, replies and uploads that are left. */
const leasesLeft = (): string[] =>
  (sqlOf(host.database).prepare('SELECT resource FROM leases').all() as Array<{ resource: string }>)
    .map((row) => row.resource)
    .filter((resource) => resource !== 'outbox:other-1')

describe('a profile deleted', () => {
  it('says what it holds, then cancels its upload on its account and removes every row of its work', async () => {
    const profile = await host.call('profiles:save', {
      name: 'Client',
      baseUrl: h.sandbox.url,
      ...USERS.main,
    })
    await host.call('profiles:activate', { id: profile.id })
    await host.call('accounts:list', {})
    await uploadUnderWay(host, h, 'client-private.bin')
    expect(await filesOf(h, USERS.main)).toEqual([['client-private.bin', 'pending']])
    // Switched away: its upload waits in the database, its pending file on the account.
    await host.call('profiles:activate', { id: 'sandbox' })

    const drafts = await openDraftStore(host.database, { dataDir: host.dataDir })
    drafts.put(sampleDraft({ id: 'queued-1', profileId: profile.id, status: 'queued' }))
    drafts.put(sampleDraft({ id: 'draft-1', profileId: profile.id, status: 'draft' }))
    drafts.put(sampleDraft({ id: 'sent-1', profileId: profile.id, status: 'scheduled' }))
    drafts.put(sampleDraft({ id: 'other-1', profileId: 'another-profile', status: 'queued' }))
    const reply = queueReply(host.database, profile.id, 'comment-1')
    createInboxStore(host.database).save(profile.id, [], { complete: true, now: new Date() })
    // A comment resolved in the inbox while the service could not be reached.
    createStatusOutbox({
      database: host.database,
      leases: createLeases(host.database),
      profileId: profile.id,
      client: () => host.active().client,
      now: () => new Date(),
    }).queue({ commentId: 'comment-1', status: 'resolved', base: 'pending' })
    // Another process (alive, of another machine) is sending the queued draft and the reply.
    const elsewhere = createLeases(host.database, { owner: 'other-machine/1/abc' })
    expect(elsewhere.acquire('outbox:queued-1')).toBe(true)
    expect(elsewhere.acquire(`inbox-reply:${reply.id}`)).toBe(true)

    expect(await host.call('profiles:held-work', { id: profile.id })).toEqual({
      queuedDrafts: 1,
      otherDrafts: 1,
      replies: 1,
      statusChanges: 1,
      uploads: 1,
    })
    expect(rowsOf(profile.id)).toEqual({ drafts: 3, replies: 1, inbox: 1, uploads: 1, replica: 1 })

    const after = await host.call('profiles:delete', { id: profile.id })

    expect(after.profiles.map((p) => p.id)).toEqual(['sandbox'])
    expect(await filesOf(h, USERS.main)).toEqual([])
    expect(rowsOf(profile.id)).toEqual({ drafts: 0, replies: 0, inbox: 0, uploads: 0, replica: 0 })
    expect(leasesLeft()).toEqual([])
    expect(await host.call('profiles:held-work', { id: profile.id })).toMatchObject({ statusChanges: 0 })
    expect(elsewhere.holds('outbox:queued-1')).toBe(false)
    // Another profile's work is left as it was.
    expect(drafts.get('other-1')?.status).toBe('queued')
  }, 60_000)

  it('the active one mid-upload: the Sandbox takes over and its upload is cancelled on its account', async () => {
    const profile = await host.call('profiles:save', {
      name: 'Client',
      baseUrl: h.sandbox.url,
      ...USERS.small,
    })
    await host.call('profiles:activate', { id: profile.id })
    await uploadUnderWay(host, h, 'small-private.bin')
    expect(await filesOf(h, USERS.small)).toEqual([['small-private.bin', 'pending']])
    expect(await host.call('profiles:held-work', { id: profile.id })).toMatchObject({ uploads: 1 })

    const after = await host.call('profiles:delete', { id: profile.id })

    expect(after.activeId).toBe('sandbox')
    expect(await filesOf(h, USERS.small)).toEqual([])
    expect(rowsOf(profile.id)).toEqual({ drafts: 0, replies: 0, inbox: 0, uploads: 0, replica: 0 })
    expect(leasesLeft()).toEqual([])
    expect(
      host
        .active()
        .uploads.list()
        .filter((i) => i.name === 'small-private.bin'),
    ).toEqual([])
  }, 60_000)

  it('of an id that is no profile is refused, and nothing is removed', async () => {
    await expect(host.call('profiles:delete', { id: 'no-such' })).rejects.toMatchObject({ kind: 'not-found' })
    expect(await host.call('profiles:held-work', { id: 'no-such' })).toEqual({
      queuedDrafts: 0,
      otherDrafts: 0,
      replies: 0,
      statusChanges: 0,
      uploads: 0,
    })
  })
})
