// The campaigns calls as the host composes them, offline (the posts are still local drafts): a post queued
// for three accounts becomes one campaign of three queued drafts at their offsets; an edit as one changes each
// draft; an added account gets a post; a removed one loses its draft. Payloads are checked by the contract's
// schemas first, as main/host/dispatch.ts does.
import { mkdirSync } from 'node:fs'
import Papa from 'papaparse'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import {
  requestSchemas,
  type EmittedPayload,
  type EventName,
  type EventPayloads,
} from '../../../common/contract'
import { AppError } from '../../../common/errors'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'
import type { DraftStore } from '../../../main/core/drafts/draft-store'
import type { ActiveService } from '../../../main/core/ports'
import { createCampaignHandlers } from '../../../main/handlers/campaign-handlers'
import { createDraftHandlers } from '../../../main/handlers/drafts-handlers'
import { createDraftsOutbox } from '../../../main/host/drafts-outbox'
import { LIST_CHANGES_INTERVAL_MS } from '../../../main/core/list-publisher'
import { manualClock, type ManualClock } from '../../support/manual-clock'
import { NOW, samplePost, tempDir } from '../core/drafts/helpers'

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}
const active = (): ActiveService =>
  ({
    profileId: 'sandbox',
    mode: 'sandbox',
    get client(): never {
      throw new Error('no service while offline')
    },
  }) as unknown as ActiveService

let cleanup: () => Promise<void>
let database: AppDatabase
let close: () => Promise<void>
let handlers: ReturnType<typeof createDraftHandlers> & ReturnType<typeof createCampaignHandlers>
/** What the campaigns handlers read of the drafts store: every list call, and every draft read by id. */
let reads: string[]
/** The campaigns:changed events main sent the page. */
let events: Array<EventPayloads['campaigns:changed']>
/** The change events' clock. */
let time: ManualClock
/** The drafts store itself, unrecorded. */
let openDrafts: () => Promise<{ store: DraftStore }>

beforeEach(async () => {
  const temp = await tempDir()
  cleanup = temp.cleanup
  mkdirSync(temp.dir, { recursive: true })
  database = openDatabase({ file: path.join(temp.dir, DATABASE_FILE) })
  const connection = {
    current: () => offline,
    isOnline: () => false,
    check: async () => offline,
    onChange: () => () => undefined,
  }
  const base = {
    dataDir: temp.dir,
    active,
    connection,
    emit: <E extends EventName>(name: E, payload: EmittedPayload<E>) => {
      if (name === 'campaigns:changed') events.push(payload as EventPayloads['campaigns:changed'])
    },
    database,
    now: () => NOW,
  }
  const drafts = createDraftsOutbox({ ...base, profiles: () => [] })
  close = () => drafts.close()
  openDrafts = () => drafts.open()
  reads = []
  events = []
  time = manualClock(1_000)
  // The same store, its reads recorded: how much of the drafts a campaigns call reads is what it costs.
  const recorded = {
    ...drafts,
    open: async () => {
      const domain = await drafts.open()
      const store = new Proxy(domain.store, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key)
          if (key === 'get') return (id: string) => (reads.push(`get ${id}`), target.get(id))
          if (typeof key === 'string' && key.startsWith('list')) reads.push(key)
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value
        },
      })
      return { ...domain, store }
    },
  }
  handlers = {
    ...createDraftHandlers({ ...base, drafts, database }, { now: () => NOW }),
    ...createCampaignHandlers({ ...base, drafts: recorded }, { now: () => NOW, timers: time.clock }),
  }
})
afterEach(async () => {
  await close()
  database.close()
  await cleanup()
})

/** A post for three accounts, each with its own text; TikTok 30 minutes after, X an hour before. */
async function queueThree() {
  const draft = await handlers['drafts:save']({
    post: samplePost({ accountId: 'ig', scheduleAt: '2026-07-20T02:00:00.000Z', title: 'Batik' }),
    localMedia: [],
    targets: [
      { accountId: 'ig' },
      { accountId: 'tt', description: 'TikTok words', offsetMinutes: 30 },
      { accountId: 'x', description: 'short', title: 'X title', offsetMinutes: -60 },
    ],
  })
  await handlers['drafts:schedule']({ id: draft.id })
  const [campaign] = await handlers['campaigns:list'](undefined)
  return campaign!
}

const variant = (accountId: string, offsetMinutes = 0, description = `for ${accountId}`) => ({
  accountId,
  title: '',
  description,
  additionalInfo: samplePost().additionalInfo,
  offsetMinutes,
})

describe('campaigns handlers', () => {
  it('a post queued for three accounts is one campaign of three drafts at their offsets', async () => {
    const campaign = await queueThree()
    expect(campaign.at).toBe('2026-07-20T02:00:00.000Z')
    expect(campaign.members.map((m) => [m.accountId, m.offsetMinutes])).toEqual([
      ['ig', 0],
      ['tt', 30],
      ['x', -60],
    ])
    const drafts = await handlers['drafts:list'](undefined)
    const byAccount = new Map(drafts.map((d) => [d.post.accountId, d]))
    expect(byAccount.get('tt')).toMatchObject({
      status: 'queued',
      post: { scheduleAt: '2026-07-20T02:30:00.000Z', description: 'TikTok words' },
    })
    expect(byAccount.get('x')?.post).toMatchObject({
      scheduleAt: '2026-07-20T01:00:00.000Z',
      title: 'X title',
    })
    expect(campaign.members.map((m) => m.draftId).sort()).toEqual(drafts.map((d) => d.id).sort())
  })

  it('takes an offset of exactly 12 hours; the contract refuses one past it', async () => {
    const draft = await handlers['drafts:save']({
      post: samplePost({ accountId: 'ig' }),
      localMedia: [],
      targets: [{ accountId: 'ig' }, { accountId: 'tt', offsetMinutes: 720 }],
    })
    // 720 passes the contract (it is the bound); past it the contract refuses before any handler runs.
    expect(
      requestSchemas['drafts:save'].safeParse({
        post: samplePost(),
        localMedia: [],
        targets: [{ accountId: 'ig', offsetMinutes: 721 }],
      }).success,
    ).toBe(false)
    await handlers['drafts:schedule']({ id: draft.id })
    expect(await handlers['campaigns:list'](undefined)).toHaveLength(1)
  })

  it('edits every draft as one: shared type and link, each text and offset, an added account', async () => {
    const campaign = await queueThree()
    const request = requestSchemas['campaigns:update'].parse({
      id: campaign.id,
      at: '2026-07-21T03:00:00.000Z',
      shared: { type: 'link', medias: [], meta: { title: '', description: '', url: 'https://example.com' } },
      variants: [variant('ig'), variant('tt', 45), variant('x', -720), variant('fb', 15)],
    })
    const { campaign: after, outcomes } = await handlers['campaigns:update'](request)
    expect(outcomes.map((o) => [o.accountId, o.outcome])).toEqual([
      ['ig', 'updated'],
      ['tt', 'updated'],
      ['x', 'updated'],
      ['fb', 'added'],
    ])
    expect(after?.members.map((m) => [m.accountId, m.offsetMinutes])).toEqual([
      ['ig', 0],
      ['tt', 45],
      ['x', -720],
      ['fb', 15],
    ])
    const drafts = await handlers['drafts:list'](undefined)
    expect(drafts).toHaveLength(4)
    for (const draft of drafts) {
      expect(draft.status).toBe('queued')
      expect(draft.post.type).toBe('link')
      expect(draft.post.meta.url).toBe('https://example.com')
      expect(draft.post.description).toBe(`for ${draft.post.accountId}`)
    }
    const fb = drafts.find((d) => d.post.accountId === 'fb')!
    expect(fb.post.scheduleAt).toBe('2026-07-21T03:15:00.000Z')
    expect(drafts.find((d) => d.post.accountId === 'x')!.post.scheduleAt).toBe('2026-07-20T15:00:00.000Z')
  })

  it('removing an account deletes its draft; the last two make it a single post', async () => {
    const campaign = await queueThree()
    const left = await handlers['campaigns:remove-account']({ id: campaign.id, accountId: 'tt' })
    expect(left?.members.map((m) => m.accountId)).toEqual(['ig', 'x'])
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.accountId).sort()).toEqual([
      'ig',
      'x',
    ])
    expect(await handlers['campaigns:remove-account']({ id: campaign.id, accountId: 'x' })).toBeNull()
    expect(await handlers['campaigns:list'](undefined)).toEqual([])
    expect((await handlers['drafts:list'](undefined)).map((d) => d.post.accountId)).toEqual(['ig'])
  })

  it('the contract refuses an offset past 12 h, an account twice, and unknown members', () => {
    const base = {
      id: 'c1',
      at: '2026-07-21T03:00:00.000Z',
      shared: { type: 'text', medias: [], meta: { title: '', description: '', url: '' } },
    }
    const schema = requestSchemas['campaigns:update']
    expect(schema.safeParse({ ...base, variants: [variant('ig', 721)] }).success).toBe(false)
    expect(schema.safeParse({ ...base, variants: [variant('ig', -721)] }).success).toBe(false)
    expect(schema.safeParse({ ...base, variants: [variant('ig', 1.5)] }).success).toBe(false)
    expect(schema.safeParse({ ...base, variants: [variant('ig'), variant('ig')] }).success).toBe(false)
    expect(schema.safeParse({ ...base, variants: [], extra: 1 }).success).toBe(false)
    expect(schema.safeParse({ ...base, variants: [variant('ig', -720)] }).success).toBe(true)
    expect(requestSchemas['campaigns:remove-account'].safeParse({ id: 'c1' }).success).toBe(false)
  })

  it('the export names each post’s campaign, and an import that edits a row keeps it in its campaign', async () => {
    const campaign = await queueThree()
    const exported = await handlers['drafts:export']({ format: 'csv' })
    const rows = Papa.parse<Record<string, string>>(exported.content, {
      header: true,
      skipEmptyLines: true,
    }).data
    expect(rows.map((r) => r.campaignId)).toEqual([campaign.id, campaign.id, campaign.id])
    const edited = exported.content.replace('TikTok words', 'TikTok words edited')
    const result = await handlers['drafts:import']({ format: 'csv', content: edited })
    expect(result).toMatchObject({ imported: [], errors: [] })
    expect(result.changed.map((d) => d.post.description)).toEqual(['TikTok words edited'])
    const [after] = await handlers['campaigns:list'](undefined)
    expect(after?.members.map((m) => m.draftId)).toEqual(campaign.members.map((m) => m.draftId))
    expect(after?.members.find((m) => m.draftId === result.changed[0]!.id)?.accountId).toBe('tt')
  })

  it('learns the service ids of its sent drafts by reading those drafts alone, not the profile’s every draft', async () => {
    const campaign = await queueThree()
    for (let i = 0; i < 20; i++)
      await handlers['drafts:save']({ post: samplePost({ title: `other ${i}` }), localMedia: [] })
    const { store } = await openDrafts()
    const [ig, tt] = campaign.members.map((m) => store.get(m.draftId!)!)
    store.update(ig!, { status: 'scheduled', scheduleId: 'service-ig' }, NOW)
    store.update(tt!, { status: 'scheduled', scheduleId: 'service-tt' }, NOW)
    reads = []
    const [after] = await handlers['campaigns:list'](undefined)
    expect(after?.members.map((m) => [m.accountId, m.scheduleId ?? null])).toEqual([
      ['ig', 'service-ig'],
      ['tt', 'service-tt'],
      ['x', null],
    ])
    // The three drafts of the campaign, by id; none of the twenty others, and no list.
    expect(reads.sort()).toEqual(campaign.members.map((m) => `get ${m.draftId}`).sort())
    // Linked ones are not read again.
    reads = []
    await handlers['campaigns:list'](undefined)
    expect(reads).toEqual([`get ${campaign.members[2]!.draftId}`])
  })

  it('sends the page its campaigns as changes: one queued for three accounts, a sent post linked at once', async () => {
    expect(await handlers['campaigns:snapshot'](undefined)).toEqual({ items: [], seq: 0 })
    const draft = await handlers['drafts:save']({
      post: samplePost({ accountId: 'ig', scheduleAt: '2026-07-20T02:00:00.000Z' }),
      localMedia: [],
      targets: [{ accountId: 'ig' }, { accountId: 'tt', offsetMinutes: 30 }],
    })
    await handlers['drafts:schedule']({ id: draft.id })
    expect(events).toHaveLength(1)
    const [made] = events[0]!.changed
    expect(events[0]).toMatchObject({ seq: 1, removed: [] })
    expect(made?.members.map((m) => [m.accountId, m.scheduleId ?? null])).toEqual([
      ['ig', null],
      ['tt', null],
    ])
    // The outbox sends the first: its campaign learns the service id with no list read, and the page hears it.
    const { store } = await openDrafts()
    store.update(
      store.get(made!.members[0]!.draftId!)!,
      { status: 'scheduled', scheduleId: 'service-ig' },
      NOW,
    )
    await time.advance(LIST_CHANGES_INTERVAL_MS)
    expect(events).toHaveLength(2)
    expect(events[1]!.changed.map((c) => c.members.map((m) => m.scheduleId ?? null))).toEqual([
      ['service-ig', null],
    ])
    expect(events[1]).toMatchObject({ seq: 2, removed: [] })
    // Nothing but a text edit: no campaign changed, nothing sent.
    const edited = await handlers['drafts:get']({ id: made!.members[1]!.draftId! })
    await handlers['drafts:save']({
      id: edited.id,
      revision: edited.revision,
      post: { ...edited.post, description: 'edited' },
      localMedia: [],
    })
    expect(reads.filter((r) => r.startsWith('list'))).toEqual([])
    expect(events).toHaveLength(2)
  })

  it('an unknown campaign is not found', async () => {
    const error = await handlers['campaigns:remove-account']({ id: 'nope', accountId: 'ig' }).catch(
      (e: unknown) => e,
    )
    expect(AppError.from(error).kind).toBe('not-found')
  })
})
