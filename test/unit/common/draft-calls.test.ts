// The bulk calls' bounds, as main applies them before any handler runs.
import { describe, expect, it } from 'vitest'
import { requestSchemas } from '../../../common/contract'
import { MAX_BULK_DRAFTS } from '../../../common/drafts'
import { samplePost } from '../core/drafts/helpers'

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}` }))

describe('draft bulk calls', () => {
  it('take up to MAX_BULK_DRAFTS drafts, each once, with the revision seen', () => {
    const schedule = requestSchemas['drafts:schedule-many']
    expect(schedule.safeParse({ drafts: [{ id: 'a', revision: 3 }, { id: 'b' }] }).success).toBe(true)
    expect(schedule.safeParse({ drafts: ids(MAX_BULK_DRAFTS) }).success).toBe(true)
    expect(schedule.safeParse({ drafts: ids(MAX_BULK_DRAFTS + 1) }).success).toBe(false)
    expect(schedule.safeParse({ drafts: [] }).success).toBe(false)
    expect(schedule.safeParse({ drafts: [{ id: 'a' }, { id: 'a' }] }).success).toBe(false)
    expect(schedule.safeParse({ drafts: [{ id: 'a', revision: -1 }] }).success).toBe(false)
    expect(schedule.safeParse({ drafts: [{ id: 'a', status: 'queued' }] }).success).toBe(false)
    expect(requestSchemas['drafts:delete-many'].safeParse({ drafts: [{ id: '' }] }).success).toBe(false)
  })

  it('move each draft to a time with its zone', () => {
    const move = requestSchemas['drafts:move-many']
    expect(move.safeParse({ drafts: [{ id: 'a', scheduleAt: '2026-07-20T09:00:00+07:00' }] }).success).toBe(
      true,
    )
    expect(move.safeParse({ drafts: [{ id: 'a', scheduleAt: '2026-07-20 09:00' }] }).success).toBe(false)
    expect(move.safeParse({ drafts: [{ id: 'a' }] }).success).toBe(false)
  })

  it('saves and queues in one call only when asked exactly', () => {
    const save = requestSchemas['drafts:save']
    const post = { post: samplePost(), localMedia: [] }
    expect(save.safeParse({ ...post, queue: true }).success).toBe(true)
    expect(save.safeParse({ ...post, queue: 'yes' }).success).toBe(false)
  })
})
