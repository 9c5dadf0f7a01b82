import type { InboxReplyView, InboxThread } from '../../common/inbox'

/**
 * The outbox's replies still to be shown beside a conversation: a sent reply goes once the conversation as read
 * from the service holds what it made (the comment's reply, or its chat messages), by the ids the service
 * answered. The pane showed both, the outbox's copy and the service's, for a day.
 */
export function repliesNotInThread(replies: InboxReplyView[], thread: InboxThread): InboxReplyView[] {
  const sent = replies.filter((r) => r.state === 'sent' && r.resultIds.length > 0)
  if (sent.length === 0) return replies
  const seen = new Set<string>()
  for (const r of thread.entry.comment?.comment.replies ?? []) seen.add(r.id)
  for (const m of thread.messages ?? []) {
    seen.add(m.id)
    if (m.messageId) seen.add(m.messageId)
  }
  return replies.filter(
    (r) => !(r.state === 'sent' && r.resultIds.length > 0 && r.resultIds.every((id) => seen.has(id))),
  )
}
