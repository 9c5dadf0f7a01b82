// The inbox's two kinds of conversation as the renderer's tests give them to the fake window.mediadeck: a
// pending comment on an Instagram post and an unread chat on TikTok, each parsed by the service's own schemas.
import type { InboxEntry } from '../../../common/inbox'
import { chatSchema, inboxCommentSchema } from '../../../common/service'

export function commentEntry(text = 'Masih ada stok?'): InboxEntry {
  return {
    id: 'cm-1',
    kind: 'comment',
    accountId: 'acc-ig',
    at: '2026-11-28T09:00:00.000Z',
    status: 'pending',
    from: 'Dian',
    text,
    comment: inboxCommentSchema.parse({
      _id: 'cm-1',
      accountId: 'acc-ig',
      createdAt: '2026-11-28T09:00:00.000Z',
      content: { id: 'post-1', title: 'Kopi susu baru' },
      comment: { id: 'p1', text, owner: { id: 'u1', name: 'Dian' }, replies: [] },
    }),
  }
}

export function chatEntry(text = 'Bisa kirim menu?'): InboxEntry {
  return {
    id: 'ch-1',
    kind: 'chat',
    accountId: 'acc-tt',
    at: '2026-11-28T10:00:00.000Z',
    status: 'unread',
    from: 'Budi',
    text,
    chat: chatSchema.parse({ _id: 'ch-1', accountId: 'acc-tt', senderName: 'Budi', unreadCount: 1 }),
  }
}
