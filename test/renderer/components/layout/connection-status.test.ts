// The connection indicator says why a saved profile cannot be used (issue 22): the app started on it without
// switching to the Sandbox, and main gave the reason's code; in English and Bahasa Indonesia.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

  // Main stamps the check with its own clock, read after the page's clock last ticked: a stamp a moment ahead
  // of the page is "now", never "in 1 second" (seen on the storage card, which says its stamp the same way).
  for (const [locale, words] of [
    ['en', 'Last checked now'],
    ['id', 'Terakhir diperiksa sekarang'],
  ] as const) {
    it(`says a check stamped a moment ahead of the page's clock as just now (${locale})`, async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-11-29T10:00:00.000Z'))
      try {
        const { error: _none, ...online } = unusable
        const context = setupTest({
          data: { connection: { ...online, status: 'online', lastCheckedAt: '2026-11-29T10:00:01.400Z' } },
          locale,
        })
        const wrapper = await mountWith(ConnectionStatus, context)
        await useConnectionStore().load()
        await flushPromises()
        expect(wrapper.get('[data-testid="connection-status"]').attributes('title')).toBe(words)
      } finally {
        vi.useRealTimers()
      }
    })
  }
})
