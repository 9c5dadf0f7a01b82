import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftValidationAppError } from '../../../../main/core/drafts/draft-errors'
import { openStoreAt } from '../../../support/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { createDraftsService } from '../../../../main/core/drafts/drafts-service'
import { NOW, localImage, samplePost, tempDir } from './helpers'

let store: DraftStore
let cleanup: () => Promise<void>

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  store = await openStoreAt(path.join(t.dir, 'drafts.json'))
})
afterEach(() => cleanup())

describe('drafts service', () => {
  it('saves a new draft without needing anything but the post', () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
    const draft = drafts.save({ post: samplePost({ accountId: '', scheduleAt: '' }), localMedia: [] })
    expect(draft).toMatchObject({ status: 'draft', createdAt: NOW.toISOString() })
    expect(drafts.list()).toEqual([draft])
  })

  it('refuses to queue an incomplete draft, listing every field, and leaves it a draft', () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
    const draft = drafts.save({ post: samplePost({ accountId: '', scheduleAt: '' }), localMedia: [] })
    let error: unknown
    try {
      drafts.queue(draft.id)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(DraftValidationAppError)
    const data = (error as DraftValidationAppError).toJSON()
    expect(data).toMatchObject({ kind: 'validation', field: 'accountId' })
    expect(data.fields.map((f) => f.field)).toEqual(['accountId', 'scheduleAt'])
    expect(drafts.get(draft.id).status).toBe('draft')
  })

  it('keeps a queued post queued when an edit still passes (a drag to another day), refuses one that does not', () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
    const queued = drafts.queue(drafts.save({ post: samplePost(), localMedia: [] }).id)
    const moved = drafts.save({
      id: queued.id,
      post: samplePost({ scheduleAt: '2026-07-22T09:00:00.000Z' }),
      localMedia: [],
    })
    expect(moved).toMatchObject({ status: 'queued', post: { scheduleAt: '2026-07-22T09:00:00.000Z' } })
    expect(() =>
      drafts.save({
        id: queued.id,
        post: samplePost({ scheduleAt: '2026-07-01T09:00:00.000Z' }),
        localMedia: [],
      }),
    ).toThrow(DraftValidationAppError)
    expect(drafts.get(queued.id).post.scheduleAt).toBe('2026-07-22T09:00:00.000Z')
  })

  it('takes a queued post back to draft, refuses edits of sending and scheduled posts', () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
    const queued = drafts.queue(drafts.save({ post: samplePost(), localMedia: [] }).id)
    expect(drafts.unqueue(queued.id).status).toBe('draft')
    store.put({ ...drafts.get(queued.id), status: 'scheduled', scheduleId: 's1' })
    expect(() => drafts.save({ id: queued.id, post: samplePost(), localMedia: [] })).toThrow(
      /already on the service/,
    )
    expect(() => drafts.unqueue(queued.id)).toThrow(/delete it from the service/)
    store.put({ ...drafts.get(queued.id), status: 'sending' })
    expect(() => drafts.remove(queued.id)).toThrow(/being sent/)
  })

  it('resolves a post that needs attention by a new time or by keeping it as a draft', () => {
    const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
    const d = drafts.save({ post: samplePost(), localMedia: [] })
    store.put({ ...d, status: 'needs-attention', attention: { reason: 'time-passed', message: 'x' } })
    expect(() =>
      drafts.resolve(d.id, { action: 'reschedule', scheduleAt: '2026-07-01T00:00:00.000Z' }),
    ).toThrow(DraftValidationAppError)
    const again = drafts.resolve(d.id, { action: 'reschedule', scheduleAt: '2026-07-30T00:00:00.000Z' })
    expect(again.status).toBe('queued')
    expect(again.attention).toBeUndefined()
    store.put({ ...again, status: 'needs-attention', attention: { reason: 'time-passed', message: 'x' } })
    expect(drafts.resolve(d.id, { action: 'keep-draft' }).status).toBe('draft')
    expect(() => drafts.resolve(d.id, { action: 'keep-draft' })).toThrow(/does not need a decision/)
  })

  describe('a draft for several accounts', () => {
    it('keeps its accounts while a draft, and becomes one queued draft per account when queued', () => {
      let n = 0
      const drafts = createDraftsService({
        profileId: () => 'sandbox',
        store,
        now: () => NOW,
        newId: () => `d${++n}`,
      })
      const targets = [
        { accountId: 'acc-ig' },
        { accountId: 'acc-x', description: 'Short for X' },
        { accountId: 'acc-fb' },
      ]
      const saved = drafts.save({
        post: samplePost({ accountId: 'acc-ig', type: 'image' }),
        localMedia: [localImage()],
        targets,
      })
      expect(saved.targets).toEqual(targets)
      expect(drafts.list()).toHaveLength(1)

      const first = drafts.queue(saved.id)
      expect(first).toMatchObject({ id: 'd1', status: 'queued', post: { accountId: 'acc-ig' } })
      expect(first.targets).toBeUndefined()
      const all = drafts.list()
      expect(all.map((d) => [d.post.accountId, d.post.description, d.status])).toEqual([
        ['acc-ig', 'Hola! A post about batik', 'queued'],
        ['acc-x', 'Short for X', 'queued'],
        ['acc-fb', 'Hola! A post about batik', 'queued'],
      ])
      expect(new Set(all.map((d) => d.id)).size).toBe(3)
      expect(all.every((d) => d.localMedia[0]?.path === '/tmp/photo.png' && !('targets' in d))).toBe(true)
    })

    it('queues none when one account’s post would be refused, and says each refusal once', () => {
      const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
      const saved = drafts.save({
        post: samplePost({ accountId: 'acc-ig', scheduleAt: '' }),
        localMedia: [],
        targets: [{ accountId: 'acc-ig' }, { accountId: 'acc-x', description: '' }],
      })
      let error: unknown
      try {
        drafts.queue(saved.id)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(DraftValidationAppError)
      const fields = (error as DraftValidationAppError).toJSON().fields.map((f) => f.field)
      expect(fields.filter((f) => f === 'scheduleAt')).toHaveLength(1)
      expect(drafts.list()).toEqual([expect.objectContaining({ id: saved.id, status: 'draft' })])
    })

    it('forgets the accounts list when the person goes back to one account', () => {
      const drafts = createDraftsService({ profileId: () => 'sandbox', store, now: () => NOW })
      const saved = drafts.save({
        post: samplePost(),
        localMedia: [],
        targets: [{ accountId: 'acc-1' }, { accountId: 'acc-2' }],
      })
      const one = drafts.save({
        id: saved.id,
        post: samplePost(),
        localMedia: [],
        targets: [{ accountId: 'acc-1' }],
      })
      expect('targets' in one).toBe(false)
    })
  })
})
