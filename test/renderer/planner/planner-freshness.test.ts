// The planner says how far its posts can be trusted (issue 34): a copy shown while its refresh hangs says
// "Checking…" with its age, never passes for current; offline it says its real age, and a queued post whose
// time passes while the service is out of reach turns "late" as the minutes go by, without leaving the view.
// The wall clock and the page's timers are fake; setImmediate stays real (mounting flushes promises with it).
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import { usePlannerStore } from '../../../renderer/stores/planner'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const SEEN = '2026-11-20T09:55:00.000Z'

function queued(id: string, scheduleAt: string): Draft {
  return {
    id,
    profileId: 'sandbox',
    status: 'queued',
    post: { ...emptyScheduleRequest(), description: `Draft ${id}`, accountId: 'acc-ig', scheduleAt },
    localMedia: [],
    createdAt: NOW,
    updatedAt: NOW,
  }
}

function setup(locale: 'en' | 'id' = 'en', drafts: Draft[] = []): TestContext {
  return setupTest({
    locale,
    data: {
      schedules: [makeSchedule(1, { title: 'Edited elsewhere', scheduleAt: '2026-11-22T01:00:00.000Z' })],
      drafts,
      replica: {
        schedules: {
          value: [makeSchedule(1, { title: 'As seen before', scheduleAt: '2026-11-22T01:00:00.000Z' })],
          stale: false,
          fetchedAt: SEEN,
          freshness: { state: 'checking', confirmedAt: SEEN },
        },
      },
    },
  })
}

/** Every refresh of the posts hangs until released, as a service that does not answer. */
function hangRefreshes(context: TestContext): () => void {
  const list = context.fake.api.schedules.list
  let release!: () => void
  const answered = new Promise<void>((resolve) => (release = resolve))
  context.fake.api.schedules.list = async (request) => {
    await answered
    return list(request)
  }
  return release
}

async function mountPlanner(context: TestContext) {
  const planner = usePlannerStore()
  planner.timeZone = 'Asia/Jakarta'
  planner.anchor = new Date(NOW)
  return mountWith(PlannerView, context, { route: '/planner' })
}

enableAutoUnmount(afterEach)

describe('planner freshness', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date(NOW))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('shows the copy as "Checking…" while its refresh hangs, then nothing once the service answered', async () => {
    const context = setup()
    const release = hangRefreshes(context)
    const wrapper = await mountPlanner(context)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(wrapper.text()).toContain('As seen before')
    const toolbar = wrapper.find('.planner__status')
    expect(toolbar.get('[data-testid=checking-notice]').text()).toContain('Checking… · as of 5 minutes ago')
    expect(usePlannerStore().freshness?.state).toBe('checking')
    release()
    await flushPromises()
    expect(wrapper.text()).toContain('Edited elsewhere')
    expect(usePlannerStore().freshness).toEqual({ state: 'fresh', confirmedAt: NOW })
    expect(toolbar.find('[data-testid=checking-notice]').exists()).toBe(false)
  })

  it('in Indonesian', async () => {
    const context = setup('id')
    hangRefreshes(context)
    const wrapper = await mountPlanner(context)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(wrapper.get('[data-testid=checking-notice]').text()).toContain(
      'Memeriksa… · per 5 menit yang lalu',
    )
  })

  it('offline, turns a queued post late once its time passes, as the minutes go by', async () => {
    // Due at 10:02 UTC (17:02 in Jakarta), two minutes after NOW; the other one's time passed already.
    const context = setup('en', [
      queued('d-soon', '2026-11-20T10:02:00.000Z'),
      queued('d-past', '2026-11-20T09:30:00.000Z'),
    ])
    context.fake.data.connection = { ...context.fake.data.connection, status: 'offline' }
    const wrapper = await mountPlanner(context)
    const chip = (id: string) => wrapper.get(`[data-key="draft:${id}"]`)
    expect(chip('d-past').attributes('data-late')).toBe('true')
    expect(chip('d-past').text()).toContain('late: its time passed before it could be sent')
    expect(chip('d-soon').attributes('data-late')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(3 * 60_000)
    expect(chip('d-soon').attributes('data-late')).toBe('true')
    expect(chip('d-soon').text()).toContain('late: its time passed before it could be sent')
  })

  it('says "late" in the list view too, in Indonesian', async () => {
    const context = setup('id', [queued('d-past', '2026-11-20T09:30:00.000Z')])
    const planner = usePlannerStore()
    planner.view = 'list'
    const wrapper = await mountPlanner(context)
    const row = wrapper.get('[data-testid=planner-list-row][data-key="draft:d-past"]')
    expect(row.get('[data-testid=late-badge]').text()).toBe('Terlambat')
  })
})
