// The month view as a WAI-ARIA grid: one Tab stop, arrows between days, Enter into a day's posts, Escape out.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePlannerStore } from '../../../renderer/stores/planner'
import PlannerView from '../../../renderer/views/PlannerView.vue'
import { NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const key = (target: Element, k: string) => {
  // Vue runs a second listener on the event's path only once the clock moved since it was attached
  // (runtime-dom's `_vts` check); the fake clock stands still.
  vi.setSystemTime(Date.now() + 1)
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))
}

describe('MonthGrid keyboard', () => {
  let context: TestContext
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(NOW))
    context = setupTest({
      data: {
        schedules: [
          makeSchedule(1, { title: 'Morning post', scheduleAt: '2026-11-22T01:00:00.000Z' }),
          makeSchedule(2, { title: 'Second post', scheduleAt: '2026-11-22T03:00:00.000Z' }),
        ],
      },
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  async function mount() {
    const planner = usePlannerStore()
    planner.timeZone = 'Asia/Jakarta'
    planner.anchor = new Date(NOW)
    const wrapper = await mountWith(PlannerView, context, { route: '/planner', attachTo: document.body })
    await flushPromises()
    return wrapper
  }

  it('is a single Tab stop: today, and nothing else in the grid', async () => {
    await mount()
    const grid = document.querySelector('[data-testid=planner-month]')!
    const tabbable = Array.from(grid.querySelectorAll<HTMLElement>('button, [tabindex], a[href]')).filter(
      (el) => el.tabIndex >= 0,
    )
    expect(tabbable.map((el) => el.dataset.day)).toEqual([NOW.slice(0, 10)])
    expect(tabbable[0]!.getAttribute('role')).toBe('gridcell')
  })

  it('moves between days with the arrows, into a day with Enter, around it with Tab, and out with Escape', async () => {
    await mount()
    const today = document.querySelector<HTMLElement>(`[role=gridcell][data-day="${NOW.slice(0, 10)}"]`)!
    today.focus()
    // NOW is Friday 20 Nov 2026 (fixtures): two days right is Sunday the 22nd.
    for (let i = 0; i < 2; i++) {
      key(document.activeElement!, 'ArrowRight')
      await flushPromises()
    }
    const day = document.activeElement as HTMLElement
    expect(day.dataset.day).toBe('2026-11-22')
    expect(day.tabIndex).toBe(0)
    expect(today.tabIndex).toBe(-1)
    key(day, 'Enter')
    expect((document.activeElement as HTMLElement).textContent).toContain('Morning post')
    key(document.activeElement!, 'Tab')
    expect((document.activeElement as HTMLElement).textContent).toContain('Second post')
    key(document.activeElement!, 'Escape')
    expect(document.activeElement).toBe(day)
    key(day, 'ArrowDown')
    await flushPromises()
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-11-29')
    key(document.activeElement!, 'Home')
    await flushPromises()
    expect((document.activeElement as HTMLElement).dataset.day).toMatch(/^2026-11-(23|29)$/)
  })
})
