// A comment liked and answered privately from the inbox's pane, over the fake window.mediadeck: the like and
// the private reply (text only, sent with `privately`) go through main's outbox and stay beside the comment
// saying what they did, since neither shows in its thread; offline, both wait. A chat offers neither.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import InboxView from '../../../renderer/views/InboxView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { chatEntry, commentEntry } from '../support/inbox-entries'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const comment = commentEntry('Harga grosir berapa?')
const chat = chatEntry()

describe('a comment liked and answered privately from the pane', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    context = setupTest({ data: { inbox: [comment, chat] } })
  })
  afterEach(() => document.body.replaceChildren())

  async function openComment() {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    return wrapper
  }

  it('likes the comment, and says so beside it', async () => {
    const wrapper = await openComment()
    await wrapper.get('[data-testid="inbox-like"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('inbox:like')).toEqual([{ id: 'cm-1' }])
    const done = wrapper.get('[data-testid="outbox-reply"]')
    expect(done.attributes('data-state')).toBe('sent')
    expect(done.get('[data-testid="outbox-action"]').text()).toBe('liked this comment')
  })

  it('answers privately with text only, not in the thread', async () => {
    const wrapper = await openComment()
    await wrapper.get('[data-testid="reply-privately"]').setValue(true)
    expect(wrapper.get('[data-testid="reply-send"]').text()).toBe('Send privately')
    await wrapper.get('[data-testid="reply-text"]').setValue('Kami kirim lewat DM ya')
    await wrapper.get('[data-testid="reply-form"]').trigger('submit')
    await flushPromises()
    expect(context.fake.requests('inbox:reply')).toEqual([
      { id: 'cm-1', text: 'Kami kirim lewat DM ya', media: [], privately: true },
    ])
    expect(wrapper.find('[data-testid="thread-replies"]').exists()).toBe(false)
    const done = wrapper.get('[data-testid="outbox-reply"]')
    expect(done.text()).toContain('answered privately')
    expect(done.text()).toContain('Kami kirim lewat DM ya')
    // The next answer is in the thread again unless asked.
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-id="cm-1"]').trigger('click')
    await flushPromises()
    expect((wrapper.get('[data-testid="reply-privately"]').element as HTMLInputElement).checked).toBe(false)
  })

  it('queues both offline', async () => {
    context.fake.data.inboxOffline = true
    const wrapper = await openComment()
    await wrapper.get('[data-testid="inbox-like"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="outbox-reply"]').attributes('data-state')).toBe('queued')
  })

  it('offers neither on a chat', async () => {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="inbox-like"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="reply-privately"]').exists()).toBe(false)
  })
})
