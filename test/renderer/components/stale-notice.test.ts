// The offline notice says how old the data is: the time of the copy on the same day ("Offline · as of 09:14",
// "Luring · per 09.14" in Bahasa Indonesia), the day too when the copy is older. The wall clock is set with fake
// timers, and the times are the browser's local ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import StaleNotice from '../../../renderer/components/common/StaleNotice.vue'
import { mountWith, setupTest } from '../support/mount'

const morning = new Date(2026, 10, 20, 9, 14).toISOString()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 10, 20, 17, 30))
})
afterEach(() => vi.useRealTimers())

describe('StaleNotice', () => {
  it('names the time of the copy, in English and in Bahasa Indonesia', async () => {
    const en = await mountWith(StaleNotice, setupTest(), { props: { fetchedAt: morning } })
    expect(en.get('[role="status"]').text()).toContain('Offline · as of 09:14')
    expect(en.text()).toContain('8 hours ago')
    const id = await mountWith(StaleNotice, setupTest({ locale: 'id' }), { props: { fetchedAt: morning } })
    expect(id.get('[role="status"]').text()).toContain('Luring · per 09.14')
  })

  it('names the day too when the copy is from another day', async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0))
    const wrapper = await mountWith(StaleNotice, setupTest(), { props: { fetchedAt: morning } })
    expect(wrapper.text()).toContain('Offline · as of Nov 20, 2026, 09:14')
  })
})
