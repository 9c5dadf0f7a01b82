// Campaigns through the app host against its real embedded sandbox: a draft queued for three accounts is sent
// as three posts that the campaign record learns the ids of; an edit as one updates each pending post on the
// service (its own text, its time plus its offset); a published post is locked, neither changed nor removed;
// removing an account deletes its pending post on the service.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createCampaignStore } from '../../../main/core/campaigns/campaign-store'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import type { ServiceClient } from '../../../main/core/service-client'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { postFor } from './helpers'

let root: string
let host: AppHost
let client: ServiceClient

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'campaigns-'))
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
  })
  await host.connection.check()
  client = host.active().client
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

const info = postFor('x').additionalInfo
const variant = (accountId: string, offsetMinutes: number, description: string) => ({
  accountId,
  title: '',
  description,
  additionalInfo: info,
  offsetMinutes,
})

it('sends a three-account draft as a campaign, edits its posts on the service as one, removes one', async () => {
  const accounts = (await client.listAccounts({ page: 1, limit: 100 })).docs.filter((a) => a.isConnected)
  const [a, b, c] = accounts.map((account) => account._id)
  const at = '2027-03-01T02:00:00.000Z'
  const draft = await host.call('drafts:save', {
    post: postFor(a!, { description: 'Batik launch', scheduleAt: at }),
    localMedia: [],
    targets: [{ accountId: a! }, { accountId: b!, offsetMinutes: 30 }, { accountId: c!, offsetMinutes: -90 }],
  })
  await host.call('drafts:schedule', { id: draft.id })
  await vi.waitFor(
    async () => {
      const [campaign] = await host.call('campaigns:list', undefined)
      expect(campaign?.members.every((m) => m.scheduleId)).toBe(true)
    },
    { timeout: 15_000 },
  )
  const [campaign] = await host.call('campaigns:list', undefined)
  const idOf = (accountId: string) => campaign!.members.find((m) => m.accountId === accountId)!.scheduleId!
  expect((await client.getSchedule(idOf(c!))).scheduleAt).toBe('2027-03-01T00:30:00.000Z')

  const { outcomes } = await host.call('campaigns:update', {
    id: campaign!.id,
    at: '2027-03-02T02:00:00.000Z',
    shared: { type: 'text', medias: [], meta: { title: '', description: '', url: '' } },
    variants: [variant(a!, 0, 'for a'), variant(b!, 45, 'for b'), variant(c!, -90, 'for c')],
  })
  expect(outcomes.map((o) => o.outcome)).toEqual(['updated', 'updated', 'updated'])
  const b1 = await client.getSchedule(idOf(b!))
  expect([b1.description, b1.scheduleAt]).toEqual(['for b', '2027-03-02T02:45:00.000Z'])
  expect((await client.getSchedule(idOf(a!))).description).toBe('for a')

  const left = await host.call('campaigns:remove-account', { id: campaign!.id, accountId: c! })
  expect(left?.members.map((m) => m.accountId)).toEqual([a, b])
  await expect(client.getSchedule(idOf(c!))).rejects.toMatchObject({ status: 404 })
})

it('a published post of a campaign is locked: the edit leaves it, and it cannot be removed', async () => {
  const range = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' }
  const all = (await client.listSchedules({ page: 1, limit: 100, ...range })).docs
  const published = all.find((p) => p.status === 'success')!
  const pending = await client.createSchedule(
    postFor(all.find((p) => p.accountId !== published.accountId)!.accountId, {
      description: 'pending one',
      scheduleAt: '2027-04-01T02:00:00.000Z',
    }),
  )
  const pendingAccount = (await client.getSchedule(pending.scheduleId)).accountId
  const database = openDatabase({ file: join(root, 'data', DATABASE_FILE) })
  const record = createCampaignStore(database).create({
    profileId: host.active().profileId,
    at: '2027-04-01T02:00:00.000Z',
    members: [
      { accountId: published.accountId, offsetMinutes: 0, scheduleId: published._id },
      { accountId: pendingAccount, offsetMinutes: 0, scheduleId: pending.scheduleId },
    ],
  })
  database.close()

  const { outcomes } = await host.call('campaigns:update', {
    id: record.id,
    at: '2027-04-01T03:00:00.000Z',
    shared: { type: 'text', medias: [], meta: { title: '', description: '', url: '' } },
    variants: [variant(published.accountId, 0, 'changed?'), variant(pendingAccount, 0, 'changed')],
  })
  expect(outcomes.map((o) => [o.accountId, o.outcome])).toEqual([
    [published.accountId, 'locked'],
    [pendingAccount, 'updated'],
  ])
  expect((await client.getSchedule(published._id)).description).toBe(published.description)
  expect((await client.getSchedule(pending.scheduleId)).description).toBe('changed')
  await expect(
    host.call('campaigns:remove-account', { id: record.id, accountId: published.accountId }),
  ).rejects.toMatchObject({ code: 'campaign-post-locked' })
  expect((await client.getSchedule(published._id)).status).toBe('success')
})
