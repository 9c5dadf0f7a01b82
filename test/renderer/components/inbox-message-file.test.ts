// A chat message's file in the inbox (renderer/components/inbox/InboxMessageFile.vue): "Open" is offered only
// where main opens the address (the external-link allow-list, common/external-links.ts); a file on a host off
// the list (a network's media CDN) says, in the person's language, to copy its address instead of offering a
// button that main refuses.
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { chatMessageSchema } from '../../../common/service'
import InboxMessageFile from '../../../renderer/components/inbox/InboxMessageFile.vue'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)
afterEach(() => document.body.replaceChildren())

const video = (url: string) =>
  chatMessageSchema.parse({
    _id: 'm1',
    chatId: 'ch-1',
    type: 'video',
    text: '',
    createdAt: '2026-11-01T10:00:00.000Z',
    video: { url, mimetype: 'video/mp4', duration: 12 },
  })

describe('a chat file', () => {
  it('on a media CDN off the allow-list offers no Open, and says to copy it, in English and Indonesian', async () => {
    const url = 'https://video.fcgk1-1.fna.fbcdn.net/v/t42/klip.mp4?oh=1'
    for (const [locale, words] of [
      ['en', /Copy the address to open it/],
      ['id', /Salin alamatnya untuk membukanya/],
    ] as const) {
      const context = setupTest({ locale })
      const wrapper = await mountWith(InboxMessageFile, context, { props: { message: video(url) } })
      expect(wrapper.find('[data-testid="message-file-open"]').exists()).toBe(false)
      expect(wrapper.get('[data-testid="message-file-not-openable"]').text()).toMatch(words)
      expect(wrapper.find('[data-testid="message-file-copy"]').exists()).toBe(true)
      wrapper.unmount()
    }
  })

  it('a picture shown in the pane does not say to copy its address to open it', async () => {
    const url = 'https://scontent.cdninstagram.com/v/t51/foto.jpg'
    const picture = chatMessageSchema.parse({
      _id: 'm2',
      chatId: 'ch-1',
      type: 'image',
      text: '',
      createdAt: '2026-11-01T10:00:00.000Z',
      image: { url, mimetype: 'image/jpeg' },
    })
    const context = setupTest()
    const wrapper = await mountWith(InboxMessageFile, context, { props: { message: picture } })
    expect(wrapper.find('[data-testid="message-picture"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="message-file-not-openable"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="message-file-copy"]').exists()).toBe(true)
  })

  it("on a network's own site offers Open, which asks main to open it", async () => {
    const url = 'https://www.instagram.com/reel/abc/'
    const context = setupTest()
    const wrapper = await mountWith(InboxMessageFile, context, { props: { message: video(url) } })
    expect(wrapper.find('[data-testid="message-file-not-openable"]').exists()).toBe(false)
    await wrapper.get('[data-testid="message-file-open"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('app:open-external')).toEqual([{ url }])
  })
})
