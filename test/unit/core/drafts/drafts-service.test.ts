import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftValidationAppError } from '../../../../main/core/drafts/draft-errors'
import { openDraftStore } from '../../../../main/core/drafts/draft-store'
import type { DraftStore } from '../../../../main/core/drafts/draft-store'
import { createDraftsService } from '../../../../main/core/drafts/drafts-service'
import { NOW, samplePost, tempDir } from './helpers'

let store: DraftStore
let cleanup: () => Promise<void>

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  store = await openDraftStore(path.join(t.dir, 'drafts.json'))
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
      drafts.schedule(draft.id)
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
    const queued = drafts.schedule(drafts.save({ post: samplePost(), localMedia: [] }).id)
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
    const queued = drafts.schedule(drafts.save({ post: samplePost(), localMedia: [] }).id)
    expect(drafts.unschedule(queued.id).status).toBe('draft')
    store.put({ ...drafts.get(queued.id), status: 'scheduled', scheduleId: 's1' })
    expect(() => drafts.save({ id: queued.id, post: samplePost(), localMedia: [] })).toThrow(
      /already on the service/,
    )
    expect(() => drafts.unschedule(queued.id)).toThrow(/delete it from the service/)
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
})
