// Which of the inbox's two kinds an id names: a comment of the service's queue, or a chat. The queue is asked
// first (a comment is the more common answer), then the chats; an id neither holds is null.
import { AppError } from '../../../common/errors'
import type { Chat, InboxComment } from '../../../common/service'
import type { ServiceClient } from '../service-client'

export type InboxItem = { kind: 'comment'; comment: InboxComment } | { kind: 'chat'; chat: Chat }

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') return null
    throw error
  }
}

export async function findInboxItem(client: ServiceClient, id: string): Promise<InboxItem | null> {
  const comment = await orNull(() => client.getComment(id))
  if (comment) return { kind: 'comment', comment }
  const chat = await orNull(() => client.getChat(id))
  return chat ? { kind: 'chat', chat } : null
}
