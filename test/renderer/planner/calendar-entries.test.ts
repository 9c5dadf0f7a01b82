// A post of the service and a local draft as the calendar draws them, at the minute the page's clock says: a
// pending post whose time passed was put back by a retry (shown "next", not movable), a queued draft past its
// time is late, and only what can still take a new time is movable.
import { describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import type { Schedule } from '../../../common/service'
import { emptyScheduleRequest, scheduleIdOf } from '../../../common/service-vocabulary'
import { draftEntry, isLate, postEntry, retriedAt } from '../../../renderer/lib/planner/calendar-entries'
import { NOW, makeSchedule } from '../support/fixtures'

const now = Date.parse(NOW)
const HOUR = 3_600_000
const at = (offset: number) => new Date(now + offset).toISOString()

const draft = (o: Partial<Draft> = {}, scheduleAt = at(HOUR)): Draft => ({
  id: 'd-1',
  profileId: 'sandbox',
  status: 'queued',
  post: { ...emptyScheduleRequest(), title: '', description: 'Kopi susu', accountId: 'acc-ig', scheduleAt },
  localMedia: [],
  createdAt: NOW,
  updatedAt: NOW,
  ...o,
})

describe('calendar entries', () => {
  it('names a post by its id, or by _id when the answer has none', () => {
    expect(scheduleIdOf(makeSchedule(1))).toBe('sched-1')
    expect(scheduleIdOf({ ...makeSchedule(2), id: undefined } as unknown as Schedule)).toBe('sched-2')
  })

  it('says a pending post past its time was retried at its update, and nothing else was', () => {
    const retried = makeSchedule(1, { scheduleAt: at(-HOUR), updatedAt: at(-60_000) })
    expect(retriedAt(retried, now)).toBe(at(-60_000))
    expect(retriedAt(makeSchedule(1, { scheduleAt: at(HOUR) }), now)).toBeUndefined()
    expect(retriedAt({ ...retried, status: 'error' }, now)).toBeUndefined()
    expect(retriedAt({ ...retried, status: 'success' }, now)).toBeUndefined()
  })

  it('draws a pending post as movable, a retried or published one not', () => {
    const waiting = postEntry(makeSchedule(3, { title: '', description: 'Promo senja' }), now)
    expect(waiting).toMatchObject({
      key: 'post:sched-3',
      source: 'service',
      id: 'sched-3',
      status: 'pending',
      title: 'Promo senja',
      movable: true,
    })
    expect(waiting).not.toHaveProperty('retriedAt')
    const retried = postEntry(makeSchedule(3, { scheduleAt: at(-HOUR) }), now)
    expect(retried).toMatchObject({ movable: false, retriedAt: NOW })
    expect(postEntry(makeSchedule(3, { status: 'success' }), now).movable).toBe(false)
  })

  it('says a queued draft past its time is late, and a draft or a future one is not', () => {
    expect(isLate(draft({}, at(-60_000)), now)).toBe(true)
    expect(isLate(draft({}, at(60_000)), now)).toBe(false)
    expect(isLate(draft({ status: 'draft' }, at(-60_000)), now)).toBe(false)
    expect(isLate(draft({}, ''), now)).toBe(false)
  })

  it('draws a draft with its text as title when it has none, movable while draft or queued', () => {
    const late = draftEntry(draft({}, at(-60_000)), now)
    expect(late).toMatchObject({
      key: 'draft:d-1',
      source: 'local',
      title: 'Kopi susu',
      accountId: 'acc-ig',
      movable: true,
      late: true,
    })
    expect(draftEntry(draft(), now)).not.toHaveProperty('late')
    expect(draftEntry(draft({ status: 'failed' }), now).movable).toBe(false)
  })
})
