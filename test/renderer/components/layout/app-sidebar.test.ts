// The sidebar's inbox counts over the fake window.mediadeck: read once, then kept by `inbox:counts` (the active
// profile's only), said in words to screen readers in both languages, and gone when nothing waits.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../../common/inbox'
import AppSidebar from '../../../../renderer/components/layout/AppSidebar.vue'
import { useProfilesStore } from '../../../../renderer/stores/profiles'
import { mountWith, setupTest } from '../../support/mount'

enableAutoUnmount(afterEach)

const entry = (id: string, status: InboxEntry['status']) =>
  ({
    id,
    kind: 'comment',
    accountId: 'a1',
    at: '2026-11-28T09:00:00Z',
    status,
    from: 'D',
    text: 't',
  }) as InboxEntry

describe('the sidebar inbox counts', () => {
  for (const [locale, words] of [
    ['en', '3 waiting for an answer, 1 unread'],
    ['id', '3 menunggu jawaban, 1 belum dibaca'],
  ] as const) {
    it(`shows what waits for an answer and what is unread (${locale})`, async () => {
      const context = setupTest({
        data: {
          inbox: [
            entry('c1', 'pending'),
            entry('c2', 'unread'),
            entry('c3', 'unreplied'),
            entry('c4', 'resolved'),
          ],
        },
        locale,
      })
      const wrapper = await mountWith(AppSidebar, context)
      await flushPromises()
      const counts = wrapper.get('[data-testid="nav-inbox-counts"]')
      expect([counts.attributes('data-unread'), counts.attributes('data-unreplied')]).toEqual(['1', '3'])
      expect(counts.get('.visually-hidden').text()).toBe(words)
      expect(wrapper.get('[data-testid="nav-inbox"]').attributes('title')).toContain(words)
      expect(context.fake.requests('inbox:counts')).toHaveLength(1)
    })
  }

  it('follows inbox:counts for the active profile only, and shows nothing when nothing waits', async () => {
    const context = setupTest({ data: { inbox: [entry('c1', 'pending')] } })
    const wrapper = await mountWith(AppSidebar, context)
    await useProfilesStore().load()
    await flushPromises()
    const active = useProfilesStore().activeId!
    context.fake.emit('inbox:counts', { profileId: 'another', unread: 9, unreplied: 9 })
    await flushPromises()
    expect(wrapper.get('[data-testid="nav-inbox-counts"]').attributes('data-unreplied')).toBe('1')
    context.fake.emit('inbox:counts', { profileId: active, unread: 2, unreplied: 5 })
    await flushPromises()
    expect(wrapper.get('[data-testid="nav-inbox-counts"]').attributes('data-unreplied')).toBe('5')
    context.fake.emit('inbox:counts', { profileId: active, unread: 0, unreplied: 0 })
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-inbox-counts"]').exists()).toBe(false)
    // Still one read: the rest came as changes.
    expect(context.fake.requests('inbox:counts')).toHaveLength(1)
  })
})
