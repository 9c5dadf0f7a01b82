// Insights when the profile's accounts cannot be read and no copy of them is kept (a switch to a profile whose
// service is out of reach): the view says so, with Retry, where it showed an empty account bar and nothing else.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import InsightsView from '../../../renderer/views/InsightsView.vue'
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
