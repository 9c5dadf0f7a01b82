// A comment of the service's queue or a chat, as one line of the inbox (common/inbox.ts): who, what, when and
// where it stands. The CLI's listing (main/cli/commands/inbox.ts) reads the same members.
import type { InboxEntry, InboxState } from '../../../common/inbox'
import type { Chat, InboxComment } from '../../../common/service'

export function commentEntry(c: InboxComment): InboxEntry {
  return {
    id: c.id,
    kind: 'comment',
    accountId: c.accountId,
    at: c.comment.createdAt || c.createdAt,
    status: c.status,
    from: c.comment.owner.name,
    text: c.comment.text,
    comment: c,
  }
}

/** Where a chat stands: messages not read, the other person's last word, or the account's. */
export function chatState(c: Chat): InboxState {
  const last = c.lastMessage
  if (c.unreadCount > 0) return 'unread'
  return last && !last.isFromMe ? 'unreplied' : 'replied'
}

export function chatEntry(c: Chat): InboxEntry {
  const last = c.lastMessage
  return {
    id: c.id,
    kind: 'chat',
    accountId: c.accountId,
    at: last?.sendAt || c.updatedAt,
    status: chatState(c),
    from: c.senderName,
    text: last?.text || (last ? `(${last.type})` : ''),
    chat: c,
  }
}

/** What a search offline looks in: the author, the text, and a comment's post. */
export function searchText(entry: InboxEntry): string {
  const post = entry.comment ? [entry.comment.content.title, entry.comment.content.description] : []
  return [entry.from, entry.text, ...post].join('\n').toLowerCase()
}
