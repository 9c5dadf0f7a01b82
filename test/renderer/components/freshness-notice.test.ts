// The one marker of how far a view's data can be trusted (common/freshness.ts): a stale copy says its age
// ("Offline · as of 8 hours ago", "Luring · per 8 jam yang lalu"), which moves on while it is shown; a copy
// being refreshed says "Checking…" once the check has lasted a moment; a fresh one says nothing, unless the
// service is out of reach, when nothing can confirm it. The wall clock and the page's ticks are fake timers;
// the times are the browser's local ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { Freshness } from '../../../common/freshness'
import FreshnessNotice from '../../../renderer/components/common/FreshnessNotice.vue'
import { NOW_TICK_MS } from '../../../renderer/composables/use-now'
import { useConnectionStore } from '../../../renderer/stores/connection'
import { mountWith, setupTest } from '../support/mount'

const morning = new Date(2026, 10, 20, 9, 14).toISOString()
const staleCopy: Freshness = { state: 'stale', confirmedAt: morning }

beforeEach(() => {
  // Not setImmediate: mounting flushes promises with it.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  vi.setSystemTime(new Date(2026, 10, 20, 17, 30))
})
afterEach(() => {
  // Unmounted, each notice stops using the page's clock, so the next test's starts on its fake timers.
  while (mounted.length) mounted.pop()!.unmount()
  vi.useRealTimers()
})

const mounted: Array<{ unmount(): void }> = []
async function mountNotice(context: ReturnType<typeof setupTest>, freshness: Freshness) {
  const wrapper = await mountWith(FreshnessNotice, context, { props: { freshness } })
  mounted.push(wrapper)
  return wrapper
}

describe('FreshnessNotice', () => {
  it("says a stale copy's age, in English and in Bahasa Indonesia, and the exact time in its details", async () => {
    const en = await mountNotice(setupTest(), staleCopy)
    expect(en.get('[data-testid="stale-notice"]').text()).toContain('Offline · as of 8 hours ago')
    expect(en.text()).toContain('from 09:14')
    const id = await mountNotice(setupTest({ locale: 'id' }), staleCopy)
    expect(id.get('[data-testid="stale-notice"]').text()).toContain('Luring · per 8 jam yang lalu')
  })

  it('names the day in its details when the copy is from another day', async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0))
    const wrapper = await mountNotice(setupTest(), staleCopy)
    expect(wrapper.text()).toContain('Offline · as of 3 days ago')
    expect(wrapper.text()).toContain('from Nov 20, 2026, 09:14')
  })

  it('ticks: the age moves on while the notice is shown', async () => {
    vi.setSystemTime(new Date(2026, 10, 20, 9, 19))
    const wrapper = await mountNotice(setupTest(), staleCopy)
    expect(wrapper.text()).toContain('as of 5 minutes ago')
    await vi.advanceTimersByTimeAsync(4 * 60_000 + NOW_TICK_MS)
    expect(wrapper.text()).toContain('as of 9 minutes ago')
  })

  it('says "Checking…" with the age of the copy once a refresh has lasted a moment, never fresh', async () => {
    vi.setSystemTime(new Date(2026, 10, 20, 9, 19))
    const checking: Freshness = { state: 'checking', confirmedAt: morning }
    const wrapper = await mountNotice(setupTest(), checking)
    // A refresh that answers at once would only flicker.
    expect(wrapper.find('[data-testid="checking-notice"]').exists()).toBe(false)
    await vi.advanceTimersByTimeAsync(600)
    expect(wrapper.get('[data-testid="checking-notice"]').text()).toContain('Checking… · as of 5 minutes ago')
    await wrapper.setProps({ freshness: { state: 'fresh', confirmedAt: new Date().toISOString() } })
    expect(wrapper.find('[role="status"]').exists()).toBe(false)
  })

  it('shows a fresh copy as stale while the service is out of reach: nothing can confirm it', async () => {
    const context = setupTest()
    const fresh: Freshness = { state: 'fresh', confirmedAt: morning }
    const wrapper = await mountNotice(context, fresh)
    expect(wrapper.find('[role="status"]').exists()).toBe(false)
    const connection = useConnectionStore()
    connection.state = { ...context.fake.data.connection, status: 'offline' }
    await nextTick()
    expect(wrapper.get('[data-testid="stale-notice"]').text()).toContain('Offline · as of 8 hours ago')
  })
})
