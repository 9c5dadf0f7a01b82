// The planner's bulk actions over a real database on disk: one transaction and one announcement for many
// drafts, each decided on its row as stored now (a second connection stands for the CLI beside the app).
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDraftBulk } from '../../../../main/core/drafts/draft-bulk'
import type { DraftChanges } from '../../../../main/core/drafts/draft-store'
import { createDraftsService, type DraftsService } from '../../../../main/core/drafts/drafts-service'
import { closeStores, openStoreAt, type TestDraftStore } from '../../../support/draft-store'
import { NOW, samplePost, tempDir } from './helpers'

let store: TestDraftStore
let other: TestDraftStore
let service: DraftsService
let heard: DraftChanges[]
let cleanup: () => Promise<void>

const serviceOver = (over: TestDraftStore) =>
  createDraftsService({ profileId: () => 'sandbox', store: over, now: () => NOW })

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  store = await openStoreAt(path.join(t.dir, 'drafts.json'))
  other = await openStoreAt(path.join(t.dir, 'drafts.json'))
  service = serviceOver(store)
  heard = []
  store.onChange((changes) => heard.push(changes))
})
afterEach(async () => {
  closeStores()
  await cleanup()
})

const saved = (title: string, overrides: Parameters<typeof samplePost>[0] = {}) =>
  service.save({ post: samplePost({ title, ...overrides }), localMedia: [] })

describe('draft bulk', () => {
  it('queues many drafts in one transaction, heard of once, and says which were refused and why', () => {
    const [a, b] = [saved('a'), saved('b')]
    const incomplete = saved('no account', { accountId: '' })
    heard = []
    const result = createDraftBulk(store, service).schedule([a, b, incomplete].map(({ id }) => ({ id })))
    expect(result.changed.map((d) => [d.id, d.status])).toEqual([
      [a.id, 'queued'],
      [b.id, 'queued'],
    ])
    expect(result.refused).toEqual([
      {
        id: incomplete.id,
        error: expect.objectContaining({
          kind: 'validation',
          fields: [expect.objectContaining({ field: 'accountId' })],
        }),
        current: expect.objectContaining({ id: incomplete.id, status: 'draft' }),
      },
    ])
    expect(heard).toHaveLength(1)
    expect(heard[0]!.changed.map((d) => d.id).sort()).toEqual([a.id, b.id].sort())
    expect(service.get(incomplete.id).status).toBe('draft')
  })

  it('refuses a draft changed elsewhere since the page saw it, and one the CLI sent meanwhile, acting on the rest', () => {
    const [edited, sent, plain] = [saved('edited'), saved('sent'), saved('plain')]
    const queued = service.queue(sent.id)
    // The CLI beside the app: its edit and its send commit before the page's bulk call arrives.
    const cli = serviceOver(other)
    cli.save({ id: edited.id, post: samplePost({ title: 'edited by the CLI' }), localMedia: [] })
    other.update(queued, { status: 'scheduled', scheduleId: 'svc-1' }, NOW)
    const result = createDraftBulk(store, service).remove([
      { id: edited.id, revision: edited.revision },
      { id: sent.id, revision: queued.revision },
      { id: plain.id, revision: plain.revision },
    ])
    expect(result.removed).toEqual([plain.id])
    expect(result.refused.map((r) => [r.id, r.error.code])).toEqual([
      [edited.id, 'draft-changed-elsewhere'],
      [sent.id, 'draft-changed-elsewhere'],
    ])
    expect(service.get(edited.id).post.title).toBe('edited by the CLI')
    expect(service.get(sent.id).status).toBe('scheduled')
    // Without a revision the row as stored decides: a post on the service is not deleted here.
    const again = createDraftBulk(store, service).remove([{ id: sent.id }])
    expect(again.refused.map((r) => r.error.code)).toEqual(['draft-on-service'])
  })

  it('answers each refused draft as stored now, for the page to show at once, and none for one gone', () => {
    const [edited, gone] = [saved('edited'), saved('gone')]
    const cli = serviceOver(other)
    cli.save({ id: edited.id, post: samplePost({ title: 'edited by the CLI' }), localMedia: [] })
    cli.remove(gone.id)
    const result = createDraftBulk(store, service).schedule([
      { id: edited.id, revision: edited.revision },
      { id: gone.id, revision: gone.revision },
    ])
    expect(result.refused.map((r) => [r.id, r.error.code, r.current?.post.title])).toEqual([
      [edited.id, 'draft-changed-elsewhere', 'edited by the CLI'],
      [gone.id, 'draft-not-found', undefined],
    ])
    expect(result.refused[0]!.current).toEqual(service.get(edited.id))
  })

  it('moves drafts to their new times, keeps a queued one queued, and refuses a time that has passed', () => {
    const [draft, queued, third] = [saved('draft'), service.queue(saved('queued').id), saved('third')]
    const result = createDraftBulk(store, service).move([
      { id: draft.id, scheduleAt: '2026-07-20T09:00:00.000Z' },
      { id: queued.id, scheduleAt: '2026-07-21T09:00:00.000Z' },
      { id: third.id, scheduleAt: '2026-07-21T10:00:00.000Z' },
    ])
    expect(result.changed.map((d) => [d.post.scheduleAt, d.status])).toEqual([
      ['2026-07-20T09:00:00.000Z', 'draft'],
      ['2026-07-21T09:00:00.000Z', 'queued'],
      ['2026-07-21T10:00:00.000Z', 'draft'],
    ])
    const past = createDraftBulk(store, service).move([
      { id: queued.id, scheduleAt: '2026-07-01T09:00:00.000Z' },
    ])
    expect(past.refused.map((r) => r.error.kind)).toEqual(['validation'])
    expect(service.get(queued.id).post.scheduleAt).toBe('2026-07-21T09:00:00.000Z')
  })

  it('takes queued posts back to drafts together', () => {
    const queued = [saved('a'), saved('b')].map((d) => service.queue(d.id))
    const result = createDraftBulk(store, service).unschedule(queued.map(({ id }) => ({ id })))
    expect(result.changed.map((d) => d.status)).toEqual(['draft', 'draft'])
    expect(result.refused).toEqual([])
  })

  it('changes nothing and announces nothing when the store fails under it', () => {
    const [a, b] = [saved('a'), saved('b')]
    heard = []
    // The disk goes away mid-call: the second draft's write fails with a database error, not a refusal.
    const failing = {
      batch: <T>(fn: () => T) =>
        store.batch(() => {
          const result = fn()
          if (store.get(b.id)?.status === 'queued')
            throw Object.assign(new Error('disk I/O error'), { errcode: 10 })
          return result
        }),
    }
    expect(() => createDraftBulk(failing, service).schedule([{ id: a.id }, { id: b.id }])).toThrow()
    expect([service.get(a.id).status, service.get(b.id).status]).toEqual(['draft', 'draft'])
    expect(heard).toEqual([])
  })
})

describe('save and queue', () => {
  it('saves and queues in one commit, heard of once', () => {
    const draft = saved('first')
    heard = []
    const queued = service.saveAndQueue({
      id: draft.id,
      post: samplePost({ title: 'edited' }),
      localMedia: [],
    })
    expect(queued).toMatchObject({ status: 'queued', post: { title: 'edited' } })
    expect(heard).toHaveLength(1)
  })

  it('saves nothing and announces nothing when the draft cannot be queued', () => {
    const draft = saved('first')
    heard = []
    expect(() =>
      service.saveAndQueue({
        id: draft.id,
        post: samplePost({ title: 'edited', accountId: '' }),
        localMedia: [],
      }),
    ).toThrow(/accountId/)
    expect(service.get(draft.id)).toEqual(draft)
    expect(() => service.saveAndQueue({ post: samplePost({ scheduleAt: '' }), localMedia: [] })).toThrow()
    expect(service.list()).toEqual([draft])
    expect(heard).toEqual([])
  })
})
