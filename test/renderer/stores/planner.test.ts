// The calendar's entries as the drafts change: an entry that shows the same is the same object, and the list is
// the same list when no entry of the period changed, so a change of one draft among thousands draws nothing
// that did not change (Vue wakes what depends on a computed only when its value is another).
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HOST_LINK_EVENT } from '../../../common/app-state'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import { useAppStore } from '../../../renderer/stores/app'
import { useDraftsStore } from '../../../renderer/stores/drafts'
import { usePlannerStore } from '../../../renderer/stores/planner'
import { createFakeMediadeck, installFakeMediadeck, type FakeMediadeck } from '../support/fake-mediadeck'
import { NOW, makeSchedule } from '../support/fixtures'

function draft(id: string, scheduleAt: string, description = `Draft ${id}`): Draft {
  return {
    id,
    profileId: 'sandbox',
    status: 'draft',
    post: { ...emptyScheduleRequest(), description, accountId: 'acc-ig', scheduleAt },
    localMedia: [],
    createdAt: NOW,
    updatedAt: NOW,
  }
}

const IN_PERIOD = '2026-11-24T09:00:00.000Z'
const NEXT_YEAR = '2027-06-01T09:00:00.000Z'
let fake: FakeMediadeck

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(NOW))
  fake = installFakeMediadeck(
    createFakeMediadeck({
      schedules: [makeSchedule(1)],
      drafts: [draft('near', IN_PERIOD), draft('other', IN_PERIOD), draft('far', NEXT_YEAR)],
    }),
  )
  setActivePinia(createPinia())
})
afterEach(() => vi.useRealTimers())

async function opened() {
  const drafts = useDraftsStore()
  drafts.subscribe()
  await drafts.load()
  const planner = usePlannerStore()
  await planner.load()
  return planner
}

describe('planner entries', () => {
  it('a change of a draft outside the period leaves the entries as they were', async () => {
    const planner = await opened()
    const before = planner.entries
    expect(before.map((e) => e.key).sort()).toEqual(['draft:near', 'draft:other', 'post:sched-1'])
    fake.draftsChanged([draft('far', NEXT_YEAR, 'edited next year')])
    expect(planner.entries).toBe(before)
  })

  it('a change in the period gives a new list whose other entries are the same objects', async () => {
    const planner = await opened()
    const before = new Map(planner.entries.map((e) => [e.key, e]))
    fake.draftsChanged([draft('near', IN_PERIOD, 'edited')])
    const after = new Map(planner.entries.map((e) => [e.key, e]))
    expect(after.get('draft:near')?.text).toBe('edited')
    expect(after.get('draft:near')).not.toBe(before.get('draft:near'))
    expect(after.get('draft:other')).toBe(before.get('draft:other'))
    expect(after.get('post:sched-1')).toBe(before.get('post:sched-1'))
  })
})

describe('switching views', () => {
  // The anchor after a month's or a week's step is today moved by that step (20 Dec, 27 Nov): a list started
  // there skipped the start of the period the person was looking at.
  it('Month, Next, List lists the next month from its first day, and back to Month shows that month', async () => {
    const planner = await opened()
    planner.timeZone = 'Asia/Jakarta'
    await planner.go(1)
    await planner.setView('list')
    expect(planner.days[0]!.key).toBe('2026-12-01')
    await planner.setView('month')
    expect(planner.days.find((day) => day.inPeriod)!.key).toBe('2026-12-01')
  })

  it('Week, Next, List keeps that week, and List, Week comes back to it', async () => {
    const planner = await opened()
    planner.timeZone = 'Asia/Jakarta'
    await planner.setView('week')
    await planner.go(1)
    expect(planner.days[0]!.key).toBe('2026-11-23')
    await planner.setView('list')
    expect(planner.days[0]!.key).toBe('2026-11-23')
    await planner.setView('week')
    expect(planner.days[0]!.key).toBe('2026-11-23')
  })

  it('the list of the current week starts today, not on its Monday', async () => {
    const planner = await opened()
    planner.timeZone = 'Asia/Jakarta'
    await planner.setView('week')
    await planner.setView('list')
    expect(planner.days[0]!.key).toBe('2026-11-20')
  })
})

describe('the view remembered across restarts', () => {
  it('is written to the settings when the person chooses it', async () => {
    const planner = await opened()
    await planner.setView('week')
    expect(fake.data.settings.plannerView).toBe('week')
    expect(fake.requests('settings:update')).toEqual([{ plannerView: 'week' }])
  })

  it('is shown when the settings arrive after the planner first loaded, and loaded for that view', async () => {
    fake.data.settings = { ...fake.data.settings, plannerView: 'list' }
    const planner = await opened()
    expect(planner.view).toBe('month')
    await useAppStore().load()
    await vi.waitFor(() => expect(planner.view).toBe('list'))
    const asked = fake.requests('schedules:list')
    expect(asked[asked.length - 1]).toEqual(expect.objectContaining(planner.periodQuery()))
  })

  it('gives way to a view the person chose before the settings came', async () => {
    fake.data.settings = { ...fake.data.settings, plannerView: 'list' }
    const planner = await opened()
    await planner.setView('week')
    await useAppStore().load()
    expect(planner.view).toBe('week')
  })

  it('gives way to a day a link or a notification opened before the settings came, without being kept', async () => {
    fake.data.settings = { ...fake.data.settings, plannerView: 'list' }
    const planner = await opened()
    await planner.showDay(new Date('2031-12-01T09:00:00Z'))
    await useAppStore().load()
    expect(planner.view).toBe('week')
    expect(fake.requests('settings:update')).toEqual([])
  })

  it('is the view a planner opened after the settings starts on', async () => {
    fake.data.settings = { ...fake.data.settings, plannerView: 'week' }
    await useAppStore().load()
    expect(usePlannerStore().view).toBe('week')
  })
})

describe('the planner and the link to main', () => {
  it('reads the period and the failed posts again when the link comes back: what main sent meanwhile is lost', async () => {
    const planner = await opened()
    const stop = planner.subscribe()
    await planner.loadFailed()
    expect(planner.posts.map((p) => p.status)).toEqual(['pending'])
    const link = (linked: boolean) =>
      window.dispatchEvent(new CustomEvent(HOST_LINK_EVENT, { detail: { linked } }))
    link(false)
    // While the socket was down the post failed; main's schedules:changed went nowhere.
    fake.data.schedules = [makeSchedule(1, { status: 'error', errorMessage: 'account disconnected' })]
    link(true)
    await flushPromises()
    expect(planner.posts.map((p) => p.status)).toEqual(['error'])
    expect(planner.failed.map((p) => p._id)).toEqual(['sched-1'])
    stop()
    // Stopped: no more reads when the link comes and goes.
    const reads = fake.requests('schedules:list').length
    link(false)
    link(true)
    await flushPromises()
    expect(fake.requests('schedules:list')).toHaveLength(reads)
  })

  it('reads the period and the failed posts again when a numbered change was missed, and not while in order', async () => {
    const planner = await opened()
    const stop = planner.subscribe()
    await planner.loadFailed()
    const reads = () => fake.requests('schedules:list').length
    const before = reads()
    fake.emit('schedules:changed', { posts: [makeSchedule(1, { description: 'edited' })], removed: [] })
    fake.emit('schedules:changed', { posts: [], removed: [] })
    await flushPromises()
    expect(reads()).toBe(before)
    expect(planner.posts[0]!.description).toBe('edited')
    // Number 3 never arrived: the post failed meanwhile, and the period is read again.
    fake.data.schedules = [makeSchedule(1, { status: 'error', errorMessage: 'account disconnected' })]
    fake.emit('schedules:changed', { posts: [], removed: [], seq: 4 })
    await flushPromises()
    expect(reads()).toBeGreaterThan(before)
    expect(planner.posts.map((p) => p.status)).toEqual(['error'])
    expect(planner.failed.map((p) => p._id)).toEqual(['sched-1'])
    stop()
  })
})

// An agency leaves the planner open overnight: the day's mark and the current period moved on only when the
// person navigated, so the morning's planner marked yesterday and, past a week's or a month's end, showed the
// period that had ended.
describe('the planner left open past midnight', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] }))

  async function openAt(iso: string) {
    vi.setSystemTime(new Date(iso))
    const planner = await opened()
    planner.timeZone = 'UTC'
    await flushPromises()
    return planner
  }
  async function pastMidnight() {
    vi.advanceTimersByTime(2 * 60_000)
    await flushPromises()
  }
  const todayOf = (planner: ReturnType<typeof usePlannerStore>) =>
    planner.days.filter((day) => day.isToday).map((day) => day.key)

  it('marks the new day, in the same month', async () => {
    const planner = await openAt('2026-11-20T23:59:00.000Z')
    expect(todayOf(planner)).toEqual(['2026-11-20'])
    await pastMidnight()
    expect(todayOf(planner)).toEqual(['2026-11-21'])
    expect(planner.days.find((day) => day.inPeriod)!.key).toBe('2026-11-01')
  })

  it('moves from the month that ended to the new one, and reads its posts', async () => {
    const planner = await openAt('2026-11-30T23:59:00.000Z')
    const reads = fake.requests('schedules:list').length
    await pastMidnight()
    expect(planner.days.find((day) => day.inPeriod)!.key).toBe('2026-12-01')
    expect(todayOf(planner)).toEqual(['2026-12-01'])
    expect(fake.requests('schedules:list').length).toBeGreaterThan(reads)
  })

  it('moves from the week that ended to the new one', async () => {
    const planner = await openAt('2026-11-29T23:59:00.000Z')
    await planner.setView('week')
    expect(planner.days[0]!.key).toBe('2026-11-23')
    await pastMidnight()
    expect(planner.days[0]!.key).toBe('2026-11-30')
    expect(todayOf(planner)).toEqual(['2026-11-30'])
  })

  it('leaves a month the person went to', async () => {
    const planner = await openAt('2026-11-30T23:59:00.000Z')
    await planner.go(-1)
    await pastMidnight()
    expect(planner.days.find((day) => day.inPeriod)!.key).toBe('2026-10-01')
  })
})
