// A chat's newest page read again over what the pane shows: the older pages shown stay before it, and a page
// that shares nothing with what was shown replaces it rather than leave a gap.
import { describe, expect, it } from 'vitest'
import type { InboxEntry, InboxThread } from '../../../common/inbox'
import { chatMessageSchema, chatSchema } from '../../../common/service'
import { withNewestMessages } from '../../../renderer/lib/chat-messages'

const entry: InboxEntry = {
  id: 'ch-1',
  kind: 'chat',
  accountId: 'acc-tt',
  at: '2026-11-28T10:00:00.000Z',
  status: 'unreplied',
  from: 'Budi',
  text: 'halo',
  chat: chatSchema.parse({ _id: 'ch-1', accountId: 'acc-tt', senderName: 'Budi', unreadCount: 0 }),
}
const message = (n: number) =>
  chatMessageSchema.parse({
    _id: `m${n}`,
    chatId: 'ch-1',
    text: `pesan ${n}`,
    createdAt: '2026-11-01T00:00:00Z',
  })
const chat = (from: number, to: number, older: boolean): InboxThread => ({
  entry,
  messages: Array.from({ length: to - from + 1 }, (_, i) => message(from + i)),
  stale: false,
  older,
})
const ids = (t: InboxThread) => t.messages!.map((m) => m.id)

describe('withNewestMessages', () => {
  it('keeps the older pages shown before the newest page read again', () => {
    const merged = withNewestMessages(chat(1, 100, false), chat(52, 101, true))
    expect(ids(merged)).toEqual(Array.from({ length: 101 }, (_, i) => `m${i + 1}`))
    expect(merged.older).toBe(false)
  })

  it('takes the page alone, and its word on older ones, when it shares no message with what was shown', () => {
    const merged = withNewestMessages(chat(1, 50, false), chat(60, 109, true))
    expect(ids(merged)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 60}`))
    expect(merged.older).toBe(true)
  })
})
