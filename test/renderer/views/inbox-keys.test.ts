// The inbox's keyboard over the fake window.mediadeck: `?` lists every shortcut in the app's language, and `O`
// opens the open comment's post through main (its external-link allow-list decides), a refusal said in a toast.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../common/inbox'
import { inboxCommentSchema } from '../../../common/service'
import { useToastsStore } from '../../../renderer/stores/toasts'
import InboxView from '../../../renderer/views/InboxView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)
afterEach(() => document.body.replaceChildren())

const comment: InboxEntry = {
  id: 'cm-1',
  kind: 'comment',
  accountId: 'acc-ig',
  at: '2026-11-28T09:00:00.000Z',
  status: 'pending',
  from: 'Dian',
  text: 'Masih ada stok?',
  comment: inboxCommentSchema.parse({
    _id: 'cm-1',
    accountId: 'acc-ig',
    createdAt: '2026-11-28T09:00:00.000Z',
    content: { id: 'post-1', title: 'Kopi susu baru', url: 'https://www.instagram.com/p/abc' },
    comment: { id: 'p1', text: 'Masih ada stok?', owner: { id: 'u1', name: 'Dian' }, replies: [] },
  }),
}
const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key }))

describe('the inbox keyboard', () => {
  for (const [locale, title, openPost] of [
    ['en', 'Inbox shortcuts', 'Open the comment’s post on its network'],
    ['id', 'Pintasan kotak masuk', 'Buka postingan komentar di jaringannya'],
  ] as const) {
    it(`? lists the shortcuts (${locale})`, async () => {
      stubElementSize()
      const context = setupTest({ data: { inbox: [comment] }, locale })
      await mountWith(InboxView, context, { route: '/inbox' })
      await flushPromises()
      press('?')
      await flushPromises()
      const help = document.querySelector('[data-testid=inbox-shortcuts]')!
      expect(document.querySelector('[role=dialog]')!.textContent).toContain(title)
      const keys = [...help.querySelectorAll('dt')].map((dt) => dt.textContent!.replace(/\s+/g, ''))
      expect(keys).toEqual(['J+↓', 'K+↑', 'R', 'E', 'I', 'O', '/', '?', 'Esc'])
      expect(help.textContent).toContain(openPost)
    })
  }

  it('O opens the open comment’s post through main, and says so when it is refused', async () => {
    stubElementSize()
    const context = setupTest({ data: { inbox: [comment] } })
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await flushPromises()
    press('o')
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([])
    press('j')
    await flushPromises()
    expect(wrapper.get('[data-id="cm-1"]').attributes('aria-current')).toBe('true')
    press('o')
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([{ url: 'https://www.instagram.com/p/abc' }])
    context.fake.fail('app:open-external', { kind: 'validation', message: 'not on the allow-list' })
    press('o')
    await flushPromises()
    expect(useToastsStore().items.map((toast) => toast.title)).toEqual(['The post could not be opened'])
  })
})
