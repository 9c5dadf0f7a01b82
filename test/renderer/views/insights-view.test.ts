// Insights when the profile's accounts cannot be read and no copy of them is kept (a switch to a profile whose
// service is out of reach): the view says so, with Retry, where it showed an empty account bar and nothing else.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import InsightsView from '../../../renderer/views/InsightsView.vue'
import { POSTS_FIRST } from '../../../renderer/stores/insights'
import { insightsPosts, insightsView } from '../support/insights-fixtures'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)

describe('InsightsView', () => {
  it.each(['en', 'id'] as const)(
    'says there is no copy of the accounts yet when it has none and the service is out of reach (%s)',
    async (locale) => {
      const context = setupTest({ locale })
      context.fake.fail(
        'accounts:list',
        { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:9' },
        Infinity,
      )
      const wrapper = await mountWith(InsightsView, context, { route: '/insights' })
      await flushPromises()
      expect(wrapper.find('.ui-empty--danger').exists()).toBe(true)
      expect(wrapper.find('.ui-empty--danger').text()).toContain(
        locale === 'en'
          ? 'No copy of this profile yetIt will be read when the service can be reached.'
          : 'Belum ada salinan profil iniSalinannya akan dibaca saat layanan dapat dijangkau.',
      )
      expect(wrapper.findAll('[data-testid^="insights-account-"]')).toHaveLength(0)
    },
  )
})

// The chart is drawn first: the sections after it (the heat map, the posts) wait until it is drawn or known
// not to come, so opening a year does not lay out some 300 rows and cells before the chart.
const chart = vi.hoisted(() => ({ settle: (_how: 'drawn' | 'failed') => undefined as void }))
vi.mock('../../../renderer/components/insights/InsightsChart.vue', async () => {
  const { defineComponent, h } = await import('vue')
  return {
    __esModule: true,
    default: defineComponent({
      emits: ['drawn', 'failed'],
      setup(_, { emit }) {
        chart.settle = (how) => (how === 'drawn' ? emit('drawn') : emit('failed', new Error('no canvas')))
        return () => h('div', { 'data-testid': 'insights-chart' })
      },
    }),
  }
})

// uPlot with it: jsdom has no canvas for it (the view fetches it ahead, and a failed fetch shows the rest).
vi.mock('../../../renderer/components/insights/load-uplot', () => ({ loadUPlot: () => Promise.resolve({}) }))

describe('InsightsView, the chart first', () => {
  it.each(['drawn', 'failed'] as const)(
    'shows the heat map and the posts once the chart is %s, not before',
    async (how) => {
      const context = setupTest({
        data: { insightsView, insightsPosts: insightsPosts('acc-fb', 120) },
      })
      const wrapper = await mountWith(InsightsView, context, { route: '/insights' })
      await flushPromises()
      await vi.waitFor(() => expect(wrapper.find('[data-testid="insights-chart"]').exists()).toBe(true))
      expect(wrapper.find('[data-testid="heat-map"]').exists()).toBe(false)
      expect(wrapper.find('[data-testid="insights-posts"]').exists()).toBe(false)
      // The chart's table alternative is there from the start.
      expect(wrapper.find('[data-testid="insights-days"]').exists()).toBe(true)

      chart.settle(how)
      await flushPromises()
      // Not in the chart's own frame: after it.
      expect(wrapper.find('[data-testid="heat-map"]').exists()).toBe(false)
      await vi.waitFor(() => expect(wrapper.find('[data-testid="heat-map"]').exists()).toBe(true))
      await flushPromises()
      expect(wrapper.findAll('[data-testid="insights-post"]')).toHaveLength(POSTS_FIRST)
      expect(wrapper.find('[data-testid="insights-more-posts"]').text()).toBe(
        `Show more (${120 - POSTS_FIRST} left)`,
      )
    },
  )
})

describe('InsightsView, an account with no days', () => {
  it('shows the sections on a return to a kept view with no days, even when its read again fails', async () => {
    const context = setupTest({
      data: {
        insightsView: (request) => ({ ...insightsView(request), days: [] }),
        insightsPosts: insightsPosts('acc-fb', 10),
      },
    })
    const first = await mountWith(InsightsView, context, { route: '/insights' })
    await vi.waitFor(() => expect(first.find('[data-testid="heat-map"]').exists()).toBe(true))
    first.unmount()

    // Back on Insights: the store still holds the view; its read again fails, so it never changes.
    context.fake.fail('insights:view', { kind: 'network', message: 'connect ECONNREFUSED' }, Infinity)
    const again = await mountWith(InsightsView, context, { route: '/insights' })
    await flushPromises()
    expect(again.find('[data-testid="insights-chart"]').exists()).toBe(false)
    await vi.waitFor(() => expect(again.find('[data-testid="heat-map"]').exists()).toBe(true))
  })
})
