// The failed-posts list as a cold start offline shows it: the replica's copy (rendered before the service's
// answer, as test/renderer/stores/render-then-refresh.test.ts checks), marked with the offline notice in its
// heading's row once the refresh failed, in English and Indonesian.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePlannerStore } from '../../../renderer/stores/planner'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const SEEN = '2026-11-20T02:14:00.000Z'
const OFFLINE = { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:4010' } as const
const failedBefore = makeSchedule(7, {
  status: 'error',
  title: 'Failed before the flight',
  errorMessage: 'account disconnected',
  scheduleAt: '2026-11-18T05:00:00.000Z',
})

enableAutoUnmount(afterEach)

function setup(locale: 'en' | 'id' = 'en'): TestContext {
  return setupTest({
    locale,
    data: {
      schedules: [],
      replica: {
        schedules: {
          value: [failedBefore],
          stale: false,
          fetchedAt: SEEN,
          freshness: { state: 'checking', confirmedAt: SEEN },
        },
      },
    },
  })
}

async function mountPlanner(context: TestContext) {
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  return mountWith(PlannerView, context, { route: '/planner' })
}

describe('failed posts offline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('offline: the copy stays, and the heading’s row says how old it is', async () => {
    const context = setup()
    // Every call: the month's and the failed list's.
    context.fake.fail('schedules:list', OFFLINE, 10)
    const wrapper = await mountPlanner(context)
    await flushPromises()
    const failed = wrapper.find('[data-testid=planner-failed]')
    expect(failed.find('[data-testid=failed-post]').text()).toContain('Failed before the flight')
    const notice = failed.find('header [data-testid=stale-notice]')
    // How long ago the copy was confirmed: its real age, against NOW.
    expect(notice.text()).toMatch(/^Offline · as of 8 hours ago/)
    expect(notice.attributes('role')).toBe('status')
    // The exact time (in the person's own time, as the clock shows), for screen readers and the tooltip.
    expect(notice.text()).toMatch(/the last copy seen, from .*\d\d:14/)
    expect(failed.find('[role=alert]').exists()).toBe(false)
  })

  it('in Indonesian', async () => {
    const context = setup('id')
    // Every call: the month's and the failed list's.
    context.fake.fail('schedules:list', OFFLINE, 10)
    const wrapper = await mountPlanner(context)
    await flushPromises()
    const notice = wrapper.find('[data-testid=planner-failed] header [data-testid=stale-notice]')
    expect(notice.text()).toMatch(/^Luring · per 8 jam yang lalu/)
  })
})
