// The posts table's counts are written as the language writes numbers (renderer/lib/format.ts through
// useFormat): Bahasa Indonesia groups thousands with a dot, so a year of posts reads "2.000", not "2000", in
// the table's caption and its "show more". The same for the best slots' counts beside the heat map.
import { enableAutoUnmount, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import InsightsPostsTable from '../../../../renderer/components/insights/InsightsPostsTable.vue'
import BestSlotsList from '../../../../renderer/components/insights/BestSlotsList.vue'
import { insightsPosts } from '../../support/insights-fixtures'
import { setupTest } from '../../support/mount'

enableAutoUnmount(afterEach)

const page = {
  rows: insightsPosts('acc-ig', 50),
  total: 2_000,
  sort: { key: 'publishedAt', descending: true },
}

/** The app's plugins in `locale`. */
function inLocale(locale: 'en' | 'id') {
  const context = setupTest({ locale })
  return { plugins: [context.pinia, context.router, context.i18n] }
}

describe('the insights counts, in each language', () => {
  it.each([
    ['en', '2,000 posts in the period', 'Show more (1,950 left)'],
    ['id', '2.000 postingan dalam periode', 'Tampilkan lagi (1.950 tersisa)'],
  ] as const)('writes the posts table’s counts as %s writes numbers', (locale, caption, more) => {
    const wrapper = mount(InsightsPostsTable, {
      props: { page, columns: ['like', 'comment'] },
      global: inLocale(locale),
    })
    expect(wrapper.find('caption').text()).toContain(caption)
    expect(wrapper.find('[data-testid="insights-more-posts"]').text()).toBe(more)
    // The figures in the rows through the same helper.
    expect(wrapper.findAll('[data-testid="post-engagement"]')[0]!.text()).toBe('12')
  })

  it.each([
    ['en', '1,500 posts with figures'],
    ['id', '1.500 postingan berangka'],
  ] as const)('writes the best slots’ count of posts as %s writes numbers', (locale, text) => {
    const wrapper = mount(BestSlotsList, {
      props: { slots: [], posts: 1_500, timeZone: 'Asia/Jakarta' },
      global: inLocale(locale),
    })
    expect(wrapper.find('[data-testid="best-slots-none"]').text()).toContain(text)
  })
})
