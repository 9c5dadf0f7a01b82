// A list's records travel packed (common/wire-packing.ts): what equals its kind's defaults is named, not sent,
// and comes back exactly as it was, absent fields absent. A change of 1,000 drafts weighs less than twice
// their CSV rows, what issue 31 asks of an import.
import { describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import type { ListChanges } from '../../../common/list-changes'
import { emptyScheduleRequest } from '../../../common/service'
import { DEFAULTED_KEY, pack, packEvent, unpack, unpackEvent } from '../../../common/wire-packing'
import { exportDrafts } from '../../../main/core/drafts/import-export'

/** A draft as a year of use leaves them: a caption, a time, an account, nothing else chosen. */
function captionDraft(i: number): Draft {
  return {
    id: `d${i}`,
    profileId: 'sandbox',
    status: 'draft',
    post: {
      ...emptyScheduleRequest(),
      title: `Post ${i}`,
      description: `A post of the year's use, number ${i}, with a caption of ordinary length. `.repeat(3),
      accountId: 'acc-ig',
      scheduleAt: new Date(Date.UTC(2027, 0, 1) + i * 52 * 60_000).toISOString(),
    },
    localMedia: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    revision: 2,
  }
}

const trip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe('wire packing', () => {
  it('leaves out what equals the defaults and puts it back exactly', () => {
    const draft = captionDraft(1)
    const packed = trip(packEvent('drafts:changed', { seq: 4, changed: [draft], removed: ['x'] }))
    const record = (packed as ListChanges<Record<string, unknown>>).changed[0]!
    expect(record).not.toHaveProperty('localMedia')
    expect((record.post as Record<string, unknown>)[DEFAULTED_KEY]).toEqual(
      expect.arrayContaining(['additionalInfo', 'meta', 'medias', 'replies', 'topic', 'type']),
    )
    expect(unpackEvent('drafts:changed', packed)).toEqual({ seq: 4, changed: [draft], removed: ['x'] })
  })

  it('keeps what differs at any depth, and a field absent stays absent', () => {
    const draft = captionDraft(2)
    draft.post.additionalInfo = { ...draft.post.additionalInfo, tags: ['batik'], isAiGenerated: true }
    draft.post.type = 'image'
    draft.targets = [{ accountId: 'acc-ig' }, { accountId: 'acc-tt', description: 'for TikTok' }]
    const { meta: _meta, ...withoutMeta } = draft.post
    const odd = { ...draft, post: withoutMeta as Draft['post'] }
    for (const value of [draft, odd]) {
      const defaults = { post: emptyScheduleRequest(), localMedia: [] }
      const back = unpack(trip(pack(value, defaults)), defaults)
      expect(back).toEqual(value)
      expect(Object.hasOwn((back as Draft).post, 'meta')).toBe(Object.hasOwn(value.post, 'meta'))
    }
  })

  it('sends a level that holds the packing key itself as it is', () => {
    const defaults = { a: 1, b: { c: 2 } }
    const value = { a: 1, [DEFAULTED_KEY]: ['a'], b: { c: 2 } }
    expect(unpack(trip(pack(value, defaults)), defaults)).toEqual(value)
  })

  it('other events pass as they are', () => {
    const payload = { seq: 1, changed: [{ id: 'a', localMedia: [] }], removed: [] }
    expect(packEvent('uploads:changed' as never, payload)).toBe(payload)
    expect(unpackEvent('uploads:changed' as never, payload)).toBe(payload)
  })

  it('a change of 1,000 drafts weighs less than twice their CSV rows', () => {
    const drafts = Array.from({ length: 1_000 }, (_, i) => captionDraft(i))
    const csv = exportDrafts(drafts, 'csv', new Date('2026-11-28T00:00:00.000Z'), 'UTC').content
    const wire = JSON.stringify(packEvent('drafts:changed', { seq: 1, changed: drafts, removed: [] }))
    expect(Buffer.byteLength(wire)).toBeLessThanOrEqual(2 * Buffer.byteLength(csv))
    expect(unpackEvent('drafts:changed', JSON.parse(wire))).toEqual({ seq: 1, changed: drafts, removed: [] })
  })
})
