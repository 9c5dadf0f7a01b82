// The connection indicator says why a saved profile cannot be used (issue 22): the app started on it without
// switching to the Sandbox, and main gave the reason's code; in English and Bahasa Indonesia.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import ConnectionStatus from '../../../../renderer/components/layout/ConnectionStatus.vue'
import { useConnectionStore } from '../../../../renderer/stores/connection'
import { mountWith, setupTest } from '../../support/mount'

enableAutoUnmount(afterEach)

const unusable = {
  status: 'unauthorized' as const,
  mode: 'service' as const,
  profileId: 'p1',
  profileName: 'Work',
  baseUrl: 'https://api.example',
  lastCheckedAt: null,
  error: {
    kind: 'unauthorized' as const,
    code: 'profile-secret-lost',
    params: { name: 'Work' },
    message: 'cannot be used',
  },
}

describe('the connection indicator', () => {
  for (const [locale, words] of [
    ['en', '“Work” cannot be used: its secret key was kept for the last session only.'],
    ['id', '“Work” tidak dapat dipakai: kunci rahasianya hanya disimpan untuk sesi terakhir.'],
  ] as const) {
    it(`says why the profile cannot be used (${locale})`, async () => {
      const context = setupTest({ data: { connection: unusable }, locale })
      const wrapper = await mountWith(ConnectionStatus, context)
      await useConnectionStore().load()
      await flushPromises()
      const button = wrapper.get('[data-testid="connection-status"]')
      expect(button.attributes('data-status')).toBe('unauthorized')
      expect(button.attributes('title')).toContain(words)
      expect(button.attributes('aria-label')).toContain(words)
    })
  }

  it('says nothing more when the keys are merely refused', async () => {
    const { error: _none, ...refused } = unusable
    const context = setupTest({ data: { connection: refused } })
    const wrapper = await mountWith(ConnectionStatus, context)
    await useConnectionStore().load()
    await flushPromises()
    expect(wrapper.get('[data-testid="connection-status"]').attributes('title')).not.toContain(
      'cannot be used',
    )
  })
})
