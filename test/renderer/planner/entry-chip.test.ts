// A calendar chip says whose post it is at a glance: the account's network mark, at any width; and a planned
// post of a disconnected account is flagged as soon as the account watch says so, whatever its date.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePlannerStore } from '../../../renderer/stores/planner'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

describe('EntryChip', () => {
  let context: TestContext
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({
      data: {
        schedules: [
          makeSchedule(1, {
            title: 'Instagram post',
            accountId: 'acc-ig',
            scheduleAt: '2026-11-22T01:00:00.000Z',
          }),
          makeSchedule(2, {
            title: 'Facebook post',
            accountId: 'acc-fb',
            scheduleAt: '2026-11-23T01:00:00.000Z',
          }),
        ],
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it("shows the account's network mark on each chip, hidden from speech (the name is spoken)", async () => {
    const planner = usePlannerStore()
    planner.timeZone = 'Asia/Jakarta'
    planner.anchor = new Date(NOW)
    const wrapper = await mountWith(PlannerView, context, { route: '/planner' })
    await flushPromises()
    const ig = wrapper.find('[data-key="post:sched-1"] [data-network]')
    expect(ig.attributes('data-network')).toBe('instagram')
    expect(ig.text()).toBe('IG')
    expect(ig.attributes('aria-hidden')).toBe('true')
    expect(wrapper.find('[data-key="post:sched-2"] [data-network]').attributes('data-network')).toBe(
      'facebook',
    )
  })

  it('flags the planned posts of an account the watch finds disconnected, and unflags them when it is back', async () => {
    const planner = usePlannerStore()
    planner.timeZone = 'Asia/Jakarta'
    planner.anchor = new Date(NOW)
    const wrapper = await mountWith(PlannerView, context, { route: '/planner' })
    await flushPromises()
    const ig = () => wrapper.find('[data-key="post:sched-1"]')
    const fb = () => wrapper.find('[data-key="post:sched-2"]')
    expect(ig().attributes('data-disconnected')).toBeUndefined()

    const later = new Date(Date.parse(NOW) + 60_000).toISOString()
    context.fake.emit('watch:changed', {
      alerts: [],
      checkedAt: later,
      connected: { 'acc-ig': false, 'acc-fb': true },
    })
    await flushPromises()
    expect(ig().attributes('data-disconnected')).toBe('true')
    expect(ig().text()).toContain('Senja Roastery disconnected: reconnect before its time')
    expect(fb().attributes('data-disconnected')).toBeUndefined()

    // An answer older than the list shown does not overrule it.
    context.fake.emit('watch:changed', {
      alerts: [],
      checkedAt: new Date(Date.parse(NOW) - 3_600_000).toISOString(),
      connected: { 'acc-ig': true },
    })
    await flushPromises()
    expect(ig().attributes('data-disconnected')).toBe('true')

    context.fake.emit('watch:changed', {
      alerts: [],
      checkedAt: new Date(Date.parse(later) + 60_000).toISOString(),
      connected: { 'acc-ig': true, 'acc-fb': true },
    })
    await flushPromises()
    expect(ig().attributes('data-disconnected')).toBeUndefined()
  })
})
