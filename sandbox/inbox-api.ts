// The programmatic way to make people write to the sandbox's accounts (RunningSandbox.addIncoming): comments on
// a content and direct messages, at once and on demand, for tests and demos. They arrive as any comment does
// (pending, then the content's automation acts) and any message does (unread).
import { accountContents } from './content-api'
import type { SandboxContext } from './context'
import { addMessage, chatWith, receiveComment, type MessageBody } from './inbox'
import type { AccountRecord, PersonRecord } from './model'
import { hashString } from './random'
import type { StoreChange } from './store'

export interface IncomingComment {
  text: string
  /** The account commented on: by default the first connected one with a content. */
  accountId?: string
  /** The content it is on: by default the account's newest. */
  contentId?: string
  /** The commenter's name (default "Sandbox Visitor"); their id is derived from it. */
  from?: string
  /** When it was written (default: the sandbox's now). */
  at?: Date | string
}

export interface IncomingChatMessage {
  text?: string
  /** A picture, video, audio or document instead of text alone: `{type: 'image', image: {url, mimetype}}`. */
  body?: MessageBody
  /** The chat it continues; else the chat of `accountId` with `from`, opened if needed. */
  chatId?: string
  accountId?: string
  from?: string
  at?: Date | string
}

export interface AddedIncoming {
  /** `id` is the queue's (GET /public/comment/{id}), `commentId` the platform's. */
  comments: { id: string; commentId: string; contentId: string; accountId: string; status: string }[]
  messages: { id: string; messageId: string; chatId: string; accountId: string }[]
}

function person(name: string): PersonRecord {
  return {
    id: String(1_000_000_000 + (hashString(name) % 8_999_999_999)),
    name,
    picture: `/__sandbox/avatar/${encodeURIComponent(name)}.png`,
  }
}

function when(ctx: SandboxContext, at: Date | string | undefined): Date {
  const date = at === undefined ? ctx.now() : new Date(at)
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(at)}`)
  return date
}

export function addIncoming(
  ctx: SandboxContext,
  accessKey: string,
  items: { comments?: IncomingComment[]; messages?: IncomingChatMessage[] },
): { added: AddedIncoming; changes: StoreChange[] } {
  const user = ctx.store.data.users.find((u) => u.accessKey === accessKey)
  if (!user) throw new Error(`no sandbox user ${accessKey}`)
  const accounts = ctx.store.data.accounts.filter((a) => a.userId === user.userId)
  const account = (id: string | undefined, fits: (a: AccountRecord) => boolean): AccountRecord => {
    const found =
      id === undefined ? accounts.find((a) => a.isConnected && fits(a)) : accounts.find((a) => a._id === id)
    if (!found)
      throw new Error(id === undefined ? `user ${accessKey} has no account for it` : `no account ${id}`)
    return found
  }
  const added: AddedIncoming = { comments: [], messages: [] }
  const changes: StoreChange[] = []
  for (const c of items.comments ?? []) {
    const on = account(c.accountId, (a) => accountContents(ctx, a).length > 0)
    const contents = accountContents(ctx, on)
    const contentId = c.contentId ?? contents[0]?.id
    if (!contentId || !contents.some((x) => x.id === contentId)) {
      throw new Error(`no content ${c.contentId ?? ''} on account ${on._id}`)
    }
    const owner = person(c.from ?? 'Sandbox Visitor')
    const { record, changes: made } = receiveComment(ctx, {
      account: on,
      contentId,
      text: c.text,
      owner,
      at: when(ctx, c.at),
    })
    changes.push(...made)
    added.comments.push({
      id: record._id,
      commentId: record.comment.id,
      contentId,
      accountId: on._id,
      status: record.status,
    })
  }
  for (const m of items.messages ?? []) {
    const at = when(ctx, m.at)
    let chat = m.chatId === undefined ? undefined : ctx.store.data.chats.find((c) => c._id === m.chatId)
    if (m.chatId !== undefined && (!chat || chat.userId !== user.userId))
      throw new Error(`no chat ${m.chatId}`)
    const on = chat ? account(chat.accountId, () => true) : account(m.accountId, (a) => a.type !== 'youtube')
    chat ??= chatWith(ctx, on, person(m.from ?? 'Sandbox Visitor'), at).chat
    const body: MessageBody = m.body ?? { type: 'text', text: m.text ?? '' }
    const { message, changes: made } = addMessage(ctx, chat, on, body, { fromMe: false, at })
    changes.push(...made)
    added.messages.push({
      id: message._id,
      messageId: message.messageId,
      chatId: chat._id,
      accountId: on._id,
    })
  }
  return { added, changes }
}

/**
 * Messages gone from their chat on the network (their sender unsent them): the service lists them no more, and
 * every older message moves a place up its pages. Answers how many of `ids` the user's chats held.
 */
export function removeMessages(
  ctx: SandboxContext,
  accessKey: string,
  ids: readonly string[],
): { removed: number; changes: StoreChange[] } {
  const user = ctx.store.data.users.find((u) => u.accessKey === accessKey)
  if (!user) throw new Error(`no sandbox user ${accessKey}`)
  const gone = new Set(ids)
  const messages = ctx.store.data.messages
  const changes: StoreChange[] = []
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.userId !== user.userId || !gone.has(m._id)) continue
    messages.splice(i, 1)
    changes.push({ remove: { collection: 'messages', id: m._id } })
  }
  return { removed: changes.length, changes }
}
