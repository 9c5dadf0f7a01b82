// A queued reply that failed says why in the person's language (renderer/components/inbox/InboxOutboxReplies.vue):
// a library video queued offline whose length could not be read carries the catalogue's reason, which the page
// words in Bahasa Indonesia; a failure stored with its English alone (before reasons were kept) shows that.
import { enableAutoUnmount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { InboxReplyView } from '../../../common/inbox'
import InboxOutboxReplies from '../../../renderer/components/inbox/InboxOutboxReplies.vue'
import { mountWith, setupTest } from '../support/mount'

enableAutoUnmount(afterEach)
afterEach(() => document.body.replaceChildren())

const failed = (o: Partial<InboxReplyView>): InboxReplyView => ({
  id: 'r1',
  targetId: 'ch-1',
  action: 'reply',
  text: 'Ini videonya',
  media: [{ name: 'lain.mp4', kind: 'video', url: 'http://10.20.30.40/lain.mp4' }],
  state: 'failed',
  error: 'lain.mp4: its length could not be read from the stored file: refused a private address',
  createdAt: '2026-11-28T10:00:00.000Z',
  resultIds: [],
  ...o,
})

describe('a failed reply of the outbox', () => {
  it('words the reason main gave in Bahasa Indonesia, and shows the English of one stored without it', async () => {
    const context = setupTest({ locale: 'id' })
    const wrapper = await mountWith(InboxOutboxReplies, context, {
      props: {
        replies: [
          failed({ errorReason: { code: 'inbox-media-duration-refused', params: { name: 'lain.mp4' } } }),
          failed({ id: 'r2', error: 'a file of the reply could not be uploaded' }),
        ],
      },
    })
    const shown = wrapper.findAll('.bubble__error').map((p) => p.text())
    expect(shown).toEqual([
      'lain.mp4: berkas tersimpannya ada di alamat lokal atau pribadi, yang tidak dibaca aplikasi; lepas berkasnya dari komputer Anda saja.',
      'a file of the reply could not be uploaded',
    ])
  })
})
