// The inbox view over the fake window.mediadeck: every conversation in one list with its account named by
// network and username, filters sent to main, a chat answered with a picture of the library, a comment resolved
// (text only, no library there), a reply written offline shown as waiting, and the list walked by keyboard.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import InboxView from '../../../renderer/views/InboxView.vue'
import { screenful } from '../../../renderer/stores/inbox'
import { stubElementSize } from '../support/browser-stubs'
import { chatEntry, commentEntry } from '../support/inbox-entries'
import { NOW } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const comment = commentEntry()
const chat = chatEntry()

describe('InboxView', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest({ data: { inbox: [comment, chat] } })
  })
  afterEach(() => document.body.replaceChildren())

  const mountInbox = () => mountWith(InboxView, context, { route: '/inbox' })

  it('lists comments and messages newest first, each account with its network and username', async () => {
    const wrapper = await mountInbox()
    const rows = wrapper.findAll('[data-testid="inbox-row"]')
    expect(rows.map((r) => r.attributes('data-id'))).toEqual(['ch-1', 'cm-1'])
    expect(rows[1]!.text()).toContain('Dian')
    expect(rows[1]!.text()).toContain('Senja Roastery')
    expect(rows[1]!.find('[data-testid="account-label"]').text()).toContain('@')
    expect(rows[0]!.text()).toContain('Unread')
    // The copy first, then a read of the service.
    expect(context.fake.requests('inbox:refresh')).toHaveLength(1)
  })

  it('asks main for the kind, state and accounts chosen', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-testid="inbox-kind"] select').setValue('Message')
    await flushPromises()
    // One chat: the screenful asked first is the whole list.
    expect(context.fake.requests('inbox:list').at(-1)).toEqual({ kind: 'chat', limit: screenful() })
    expect(wrapper.findAll('[data-testid="inbox-row"]').map((r) => r.attributes('data-id'))).toEqual(['ch-1'])
  })

  it('answers a chat with a picture of the library', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="reply-library"]').trigger('click')
    await flushPromises()
    const picks = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="library-pick"]')]
    // Every kind: main reads a video's length from the stored file.
    expect(picks.some((p) => p.textContent?.includes('.mp4'))).toBe(true)
    picks.find((p) => p.textContent?.includes('.jpg'))!.click()
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-testid="library-add"]')!.click()
    await flushPromises()
    await wrapper.get('[data-testid="reply-text"]').setValue('Ini menunya')
    await wrapper.get('[data-testid="reply-form"]').trigger('submit')
    await flushPromises()
    const [sent] = context.fake.requests('inbox:reply')
    expect(sent).toMatchObject({ id: 'ch-1', text: 'Ini menunya', media: [{ mimetype: 'image/jpeg' }] })
    expect((sent!.media[0] as { url: string }).url).toMatch(/^https:\/\/storage\.example\/.+\.jpg$/)
    // Shown once, as the service has it: the outbox's copy of a reply sent goes.
    expect(wrapper.findAll('[data-testid="thread-message"]').at(-1)!.text()).toContain('Ini menunya')
    expect(wrapper.find('[data-testid="outbox-reply"]').exists()).toBe(false)
  })

  it("shows a comment's reply once when it is sent, not its outbox copy beside the service's", async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="reply-text"]').setValue('Masih kak')
    await wrapper.get('[data-testid="reply-form"]').trigger('submit')
    await flushPromises()
    expect(context.fake.requests('inbox:reply')).toHaveLength(1)
    const thread = wrapper.get('[data-testid="inbox-thread"]').text()
    expect(thread.split('Masih kak')).toHaveLength(2)
    expect(wrapper.get('[data-testid="thread-replies"]').text()).toContain('Masih kak')
  })

  it('sends a file dropped on a chat reply box by its path, the reply waiting for its upload', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    const file = new File(['%PDF-1.4 menu'], 'menu.pdf', { type: 'application/pdf' })
    const form = wrapper.get('[data-testid="reply-form"]')
    await form.trigger('dragenter', { dataTransfer: { files: [file], types: ['Files'] } })
    expect(form.text()).toContain('Drop to attach')
    await form.trigger('drop', { dataTransfer: { files: [file], types: ['Files'] } })
    await flushPromises()
    expect(wrapper.get('[data-testid="reply-medium"]').text()).toContain('menu.pdf')
    await wrapper.get('[data-testid="reply-text"]').setValue('Ini menunya')
    await form.trigger('submit')
    await flushPromises()
    expect(context.fake.requests('inbox:reply')).toEqual([
      { id: 'ch-1', text: 'Ini menunya', media: [{ path: '/dropped/menu.pdf', name: 'menu.pdf' }] },
    ])
    const waiting = wrapper.get('[data-testid="outbox-reply"]')
    expect(waiting.attributes('data-state')).toBe('queued')
    expect(waiting.text()).toContain('menu.pdf')
  })

  it('takes no dropped file on a comment, which is answered with text only', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    const file = new File(['x'], 'menu.pdf', { type: 'application/pdf' })
    await wrapper.get('[data-testid="reply-form"]').trigger('drop', { dataTransfer: { files: [file] } })
    await flushPromises()
    expect(wrapper.find('[data-testid="reply-medium"]').exists()).toBe(false)
    expect(context.fake.requests('files:grant-dropped')).toEqual([])
  })

  it('resolves a comment, whose reply box takes text only', async () => {
    const wrapper = await mountInbox()
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="reply-library"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="inbox-thread"]').text()).toContain('Kopi susu baru')
    await wrapper.get('[data-testid="inbox-resolve"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('inbox:set-status')).toEqual([{ id: 'cm-1', status: 'resolved' }])
    expect(wrapper.get('[data-testid="thread-status"]').text()).toBe('Resolved')
  })

  it('shows a reply written offline as waiting, on its row and in its thread', async () => {
    context.fake.data.inboxOffline = true
    const wrapper = await mountInbox()
    expect(wrapper.find('[data-testid="inbox-freshness"]').exists()).toBe(true)
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="reply-text"]').setValue('Masih kak')
    await wrapper.get('[data-testid="reply-text"]').trigger('keydown', { key: 'Enter', ctrlKey: true })
    await flushPromises()
    expect(wrapper.get('[data-testid="outbox-reply"]').attributes('data-state')).toBe('queued')
    expect(wrapper.get('[data-id="cm-1"] [data-testid="row-waiting"]').text()).toBe('Reply waiting')
  })

  it('walks the list with J and K and goes to the reply box with R', async () => {
    const wrapper = await mountInbox()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }))
    await flushPromises()
    expect(context.fake.requests('inbox:thread').at(-1)).toEqual({ id: 'ch-1' })
    expect(document.activeElement?.getAttribute('data-id')).toBe('ch-1')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }))
    await flushPromises()
    expect(wrapper.get('[aria-current="true"]').attributes('data-id')).toBe('cm-1')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }))
    await flushPromises()
    expect(wrapper.get('[aria-current="true"]').attributes('data-id')).toBe('ch-1')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r' }))
    await flushPromises()
    expect(document.activeElement?.getAttribute('data-testid')).toBe('reply-text')
  })
})

describe('InboxView freshness, as main says it', () => {
  beforeEach(() => {
    stubElementSize()
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date(Date.parse(NOW) + 5 * 60_000))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  for (const [locale, checking] of [
    ['en', 'Checking… · as of 5 minutes ago'],
    ['id', 'Memeriksa… · per 5 menit yang lalu'],
  ] as const) {
    it(`says "checking" while main reads the inbox in the background, then nothing once it is read (${locale})`, async () => {
      const context = setupTest({ locale, data: { inbox: [comment, chat], inboxChecking: true } })
      const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
      await vi.advanceTimersByTimeAsync(1_000)
      const notice = wrapper.get('[data-testid="inbox-freshness"]')
      expect(notice.attributes('data-freshness')).toBe('checking')
      expect(notice.text()).toContain(checking)
      // The background read ended: main says so, and the page reads main's word again.
      context.fake.data.inboxChecking = false
      context.fake.emit('inbox:changed', { reason: 'refreshed' })
      await flushPromises()
      await vi.advanceTimersByTimeAsync(1_000)
      expect(wrapper.find('[data-testid="inbox-freshness"]').exists()).toBe(false)
    })
  }
})
