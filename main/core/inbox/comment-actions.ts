// A comment's like and its private reply (a direct message to its author), as the reply outbox sends them
// (reply-outbox.ts). Both name the comment by the post it is on, its platform id and the account (POST
// /public/content/{id}/like/{commentId}?accountId, POST /public/content/{id}/message), which the queue's
// comment gives: it is read at the send, so a reply queued offline needs nothing of the copy.
import type { ReplyAction } from '../../../common/inbox'
import type { ServiceClient } from '../service-client'

type CommentAction = Exclude<ReplyAction, 'reply'>

export interface CommentActionRequest {
  action: CommentAction
  /** The comment's id in the service's queue (GET /public/comment/{id}). */
  commentId: string
  text: string
}

/** Sends the action; answers the id of what it made (a like makes nothing: the liked comment's platform id). */
export async function sendCommentAction(
  client: ServiceClient,
  request: CommentActionRequest,
  signal?: AbortSignal,
): Promise<string> {
  const { content, comment, accountId } = await client.getComment(request.commentId, { signal })
  if (request.action === 'like') {
    await client.likeComment(content.id, comment.id, accountId, { signal })
    return comment.id
  }
  const sent = await client.messageComment(
    content.id,
    { accountId, commentId: comment.id, text: request.text },
    { signal },
  )
  return sent.messageId
}

/**
 * After an unknown outcome, the private reply the service already has, by the outbox's rule (reply-outbox.ts):
 * the account's message with that text in the author's chat, written since `since`. (A like leaves nothing the
 * service shows, and liking again is the same one like: the outbox sends it again instead.)
 */
export async function findPrivateReply(
  client: ServiceClient,
  request: { commentId: string; text: string },
  since: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const { comment, accountId } = await client.getComment(request.commentId, { signal })
  const chats = await client.listChats(
    { page: 1, limit: 50, accountIds: [accountId], search: comment.owner.name || undefined },
    { signal },
  )
  const chat = chats.docs.find((c) => c.senderId === comment.owner.id)
  if (!chat) return null
  const page = await client.listChatMessages(chat.id, { page: 1, limit: 50 }, { signal })
  const found = page.docs.find(
    (m) => m.isFromMe && m.type === 'text' && m.text === request.text && Date.parse(m.createdAt) >= since,
  )
  return found?.messageId ?? null
}
