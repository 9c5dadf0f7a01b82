// A long chat in the inbox's pane: it opens at its newest message, earlier ones come as the pane is scrolled to
// its top or by the "Show earlier messages" button (a button, so the keyboard reaches it), put before the shown
// ones with the person's place kept; and a message's file: a picture through main's picture route, a video, an
// audio or a document as a link to copy or to open through main's external-link rules, its name as text.
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InboxEntry } from '../../../common/inbox'
import { chatMessageSchema, chatSchema, type ChatMessage } from '../../../common/service'
import InboxView from '../../../renderer/views/InboxView.vue'
import { stubElementSize } from '../support/browser-stubs'
import { mountWith, setupTest, type TestContext } from '../support/mount'

enableAutoUnmount(afterEach)

const chat: InboxEntry = {
  id: 'ch-1',
  kind: 'chat',
  accountId: 'acc-tt',
  at: '2026-11-28T10:00:00.000Z',
  status: 'unreplied',
  from: 'Budi',
  text: 'pesan 120',
  chat: chatSchema.parse({ _id: 'ch-1', accountId: 'acc-tt', senderName: 'Budi', unreadCount: 0 }),
}
const message = (n: number, extra: Record<string, unknown> = {}): ChatMessage =>
  chatMessageSchema.parse({
    _id: `m${n}`,
    chatId: 'ch-1',
    text: `pesan ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
    ...extra,
  })
/** Each message drawn is 40 px tall in the fake layout, so the pane's height follows what it shows. */
const ROW_PX = 40

function stubPaneLayout() {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.querySelectorAll('[data-testid="thread-message"]').length * ROW_PX
    },
  })
}

const shown = (wrapper: VueWrapper) =>
  wrapper.findAll('[data-testid="thread-message"] .bubble__text').map((p) => p.text())

describe('a chat paged backwards in the inbox', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    stubPaneLayout()
    const messages = Array.from({ length: 120 }, (_, i) => message(i + 1))
    context = setupTest({ data: { inbox: [chat], inboxMessages: { 'ch-1': messages } } })
  })
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight
    document.body.replaceChildren()
  })

  async function openChat() {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    return wrapper
  }

  it('opens at the newest message and reads earlier ones by the button', async () => {
    const wrapper = await openChat()
    expect(shown(wrapper)).toHaveLength(50)
    expect(shown(wrapper).at(-1)).toBe('pesan 120')
    const pane = wrapper.get('[data-testid="thread-body"]').element as HTMLElement
    expect(pane.scrollTop).toBe(50 * ROW_PX)

    const button = wrapper.get('[data-testid="thread-older"]')
    expect(button.element.tagName).toBe('BUTTON')
    expect(button.text()).toBe('Show earlier messages')
    await button.trigger('click')
    await flushPromises()
    // What the pane shows goes with it (its count and its first message's time): main finds the page from
    // these when its copy no longer holds that message (past its 2,000 newest).
    const first = context.fake.data.inboxMessages!['ch-1']!.find((m) => m.id === 'm71')!
    expect(context.fake.requests('inbox:older-messages')).toEqual([
      { id: 'ch-1', before: 'm71', at: first.createdAt, shown: 50 },
    ])
    expect(shown(wrapper)).toHaveLength(100)
    expect(shown(wrapper)[0]).toBe('pesan 21')

    await wrapper.get('[data-testid="thread-older"]').trigger('click')
    await flushPromises()
    expect(shown(wrapper)[0]).toBe('pesan 1')
    expect(wrapper.find('[data-testid="thread-older"]').exists()).toBe(false)
  })

  it('reads earlier ones when the pane is scrolled to its top, keeping the person’s place', async () => {
    const wrapper = await openChat()
    const pane = wrapper.get('[data-testid="thread-body"]').element as HTMLElement
    pane.scrollTop = 8
    await wrapper.get('[data-testid="thread-body"]').trigger('scroll')
    await flushPromises()
    expect(shown(wrapper)).toHaveLength(100)
    // 50 messages were put above: the one that was at the top is still where it was.
    expect(pane.scrollTop).toBe(50 * ROW_PX + 8)
    // Away from the top, nothing more is read.
    await wrapper.get('[data-testid="thread-body"]').trigger('scroll')
    await flushPromises()
    expect(context.fake.requests('inbox:older-messages')).toHaveLength(1)
  })

  it('shows a reply that went out in the background as the service’s message, older pages kept', async () => {
    context.fake.data.inboxOffline = true
    const wrapper = await openChat()
    await wrapper.get('[data-testid="thread-older"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="reply-text"]').setValue('sudah dikirim')
    await wrapper.get('[data-testid="reply-form"]').trigger('submit')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="outbox-reply"]')).toHaveLength(1)

    // The service comes back and main sends the queued reply: its message is in the chat, the reply "sent".
    const data = context.fake.data
    data.inboxOffline = false
    data.inboxMessages!['ch-1']!.push(message(121, { text: 'sudah dikirim', isFromMe: true }))
    const reply = data.inboxReplies![0]!
    Object.assign(reply, { state: 'sent', resultIds: ['m121'] })
    context.fake.inbox.state()
    await flushPromises()

    expect(shown(wrapper).at(-1)).toBe('sudah dikirim')
    expect(shown(wrapper)[0]).toBe('pesan 21')
    expect(shown(wrapper)).toHaveLength(101)
    expect(wrapper.findAll('[data-testid="outbox-reply"]')).toHaveLength(0)
  })

  it('says, offline and in Bahasa Indonesia, that what the copy does not keep waits for the service', async () => {
    context.fake.data.inboxOffline = true
    context.fake.data.inboxMessages = { 'ch-1': [message(1), message(2)] }
    context.i18n.global.locale.value = 'id'
    const wrapper = await openChat()
    expect(wrapper.find('[data-testid="thread-older"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="thread-older-offline"]').text()).toBe(
      'Pesan sebelumnya yang tidak tersimpan di komputer ini dibaca setelah layanan dapat dihubungi.',
    )
  })
})

describe('a chat message’s file in the inbox', () => {
  let context: TestContext
  beforeEach(() => {
    stubElementSize()
    const files = [
      message(1, {
        type: 'image',
        text: '',
        image: { url: 'https://cdn.example/p/foto.jpg', mimetype: 'image/jpeg' },
      }),
      message(2, {
        type: 'video',
        text: '<img src=x onerror=alert(1)>',
        video: { url: 'https://cdn.example/v/klip.mp4', mimetype: 'video/mp4', duration: 12 },
      }),
      message(3, {
        type: 'document',
        text: '',
        document: {
          url: 'https://cdn.example/d/1',
          name: '<b>harga</b>.pdf',
          size: 10,
          mimetype: 'application/pdf',
        },
      }),
    ]
    context = setupTest({ data: { inbox: [chat], inboxMessages: { 'ch-1': files } } })
  })
  afterEach(() => document.body.replaceChildren())

  it('shows a picture through main’s picture route and other files as links, text as text', async () => {
    const wrapper = await mountWith(InboxView, context, { route: '/inbox' })
    await wrapper.get('[data-id="ch-1"]').trigger('click')
    await flushPromises()
    const picture = wrapper.get('[data-testid="message-picture"]')
    expect(picture.attributes('src')).toBe(
      `picture?src=${encodeURIComponent('https://cdn.example/p/foto.jpg')}`,
    )
    expect(wrapper.findAll('video, audio, iframe, object, embed')).toHaveLength(0)
    const urls = wrapper.findAll('[data-testid="message-file-url"]').map((u) => u.text())
    expect(urls).toEqual([
      'https://cdn.example/p/foto.jpg',
      'https://cdn.example/v/klip.mp4',
      '<b>harga</b>.pdf',
    ])
    expect(wrapper.findAll('[data-testid="thread-message"] b')).toHaveLength(0)
    expect(wrapper.text()).toContain('<img src=x onerror=alert(1)>')
    expect(wrapper.findAll('[data-testid="thread-message"] a')).toHaveLength(0)

    // A host off the external-link allow-list: no Open that main would refuse, the address to copy instead
    // (test/renderer/components/inbox-message-file.test.ts).
    const video = wrapper.findAll('[data-testid="message-file"]')[1]!
    expect(video.find('[data-testid="message-file-open"]').exists()).toBe(false)
    expect(video.get('[data-testid="message-file-not-openable"]').text()).toMatch(/Copy the address/)
    expect(context.fake.requests('app:open-external')).toEqual([])
  })
})
