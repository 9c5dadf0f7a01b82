// Direct messages (newer OpenAPI, "API Chat (Gold+)"): every account's chats, newest first, filtered by
// `unread` (a message from the person not yet read) or `unreplied` (the last message is the person's), by
// accounts and a search; one chat; its messages, newest first; a message from the account (text, image,
// video, audio with its `duration`, document with its `name` and `size`, or buttons); marking a chat read.
import { userAccounts } from './account-api'
import type { AuthedUser, Origins, SandboxContext } from './context'
import { requireText } from './content-api'
import { HttpError, readJsonBody, sendJson, sendNoContent } from './http-util'
import { addMessage, type MessageBody } from './inbox'
import type { AccountRecord, ChatRecord, MessageRecord } from './model'
import { checkSchema, OPENAPI, requestSchema } from './openapi'
import { paginate, readPageRequest } from './paginate'
import { orderText, presentAccount, resolveUrl } from './present'
import { reportFailure } from './report-api'
import type { Route } from './route'

const ID = '(?<id>[^/]+)'

export const CHAT_STATUSES = ['unread', 'unreplied'] as const

const SEND_BODY = requestSchema('POST', '/public/chat/{chatId}/message')

function findChat(ctx: SandboxContext, user: AuthedUser, id: string): ChatRecord {
  const found = ctx.store.data.chats.find((c) => c._id === id && c.userId === user.record.userId)
  if (!found) throw new HttpError(404, 'chat not found')
  return found
}

/** The user's messages by chat, oldest first: what a chat's summary is made from. */
function messagesByChat(ctx: SandboxContext, user: AuthedUser): Map<string, MessageRecord[]> {
  const out = new Map<string, MessageRecord[]>()
  for (const m of ctx.store.data.messages) {
    if (m.userId !== user.record.userId) continue
    let list = out.get(m.chatId)
    if (!list) out.set(m.chatId, (list = []))
    list.push(m)
  }
  for (const list of out.values())
    list.sort((a, b) => orderText(a.createdAt).localeCompare(orderText(b.createdAt)))
  return out
}

const MEDIA_MEMBERS = ['image', 'video', 'audio', 'document'] as const

function presentMessage(m: MessageRecord, origins: Origins) {
  const media: Record<string, unknown> = {}
  for (const name of MEDIA_MEMBERS) {
    const value = m[name]
    if (!value) continue
    media[name] = {
      ...value,
      ...(typeof value.url === 'string' ? { url: resolveUrl(value.url, origins) } : {}),
      ...(typeof value.thumbnail === 'string' ? { thumbnail: resolveUrl(value.thumbnail, origins) } : {}),
    }
  }
  return { ...m, ...media, __v: 0, id: m._id }
}

interface ChatSummary {
  lastMessage: MessageRecord | undefined
  lastFromSender: MessageRecord | undefined
  unreadCount: number
}

function summary(messages: readonly MessageRecord[]): ChatSummary {
  const incoming = messages.filter((m) => !m.isFromMe)
  return {
    lastMessage: messages.at(-1),
    lastFromSender: incoming.at(-1),
    unreadCount: incoming.filter((m) => m.status === 'sent').length,
  }
}

function presentChat(c: ChatRecord, s: ChatSummary, account: AccountRecord | undefined, origins: Origins) {
  const last = s.lastMessage
  return {
    _id: c._id,
    accountId: c.accountId,
    senderId: c.senderId,
    userId: c.userId,
    __v: 0,
    createdAt: c.createdAt,
    ...(last
      ? {
          lastMessage: {
            isFromMe: last.isFromMe,
            senderId: last.senderId,
            messageId: last.messageId,
            type: last.type,
            status: last.status,
            ...(last.text === undefined ? {} : { text: last.text }),
            sendAt: last.createdAt,
            fromSenderAt: (s.lastFromSender ?? last).createdAt,
          },
        }
      : {}),
    senderName: c.senderName,
    ...(c.senderPicture === undefined ? {} : { senderPicture: resolveUrl(c.senderPicture, origins) }),
    unreadCount: s.unreadCount,
    updatedAt: c.updatedAt,
    ...(account ? { account: presentAccount(account, origins) } : {}),
    id: c._id,
  }
}

function httpUrl(name: string, value: unknown): void {
  let ok = false
  try {
    ok = typeof value === 'string' && /^https?:$/.test(new URL(value).protocol)
  } catch {
    ok = false
  }
  if (!ok) throw new HttpError(400, `${name}: must be an http(s) address`)
}

/**
 * What a send carries, checked past the OpenAPI's schema (which requires only `type`): the member its type
 * names. The audio example sends its file under `video`; both are taken, and kept as `audio`.
 */
function messageBody(body: Record<string, unknown>): MessageBody {
  const type = body.type as string
  const text = typeof body.text === 'string' ? body.text : undefined
  const member = (name: string, required: readonly string[]): Record<string, unknown> => {
    const value = body[name]
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new HttpError(400, `${name}: is required for a message of type ${type}`)
    }
    const object = value as Record<string, unknown>
    for (const r of required)
      if (object[r] === undefined) throw new HttpError(400, `${name}.${r}: is required`)
    httpUrl(`${name}.url`, object.url)
    if (object.thumbnail !== undefined) httpUrl(`${name}.thumbnail`, object.thumbnail)
    return object
  }
  const positive = (name: string, value: unknown): void => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new HttpError(400, `${name}: must be a number of at least 0`)
    }
  }
  const withText = text === undefined ? {} : { text }
  switch (type) {
    case 'text':
      return { type, text: requireText('text', body.text) }
    case 'image':
      return { type, ...withText, image: member('image', ['url', 'mimetype']) }
    case 'video': {
      const video = member('video', ['url', 'duration', 'mimetype'])
      positive('video.duration', video.duration)
      return { type, ...withText, video }
    }
    case 'audio': {
      const audio = member(body.audio === undefined ? 'video' : 'audio', ['url', 'duration', 'mimetype'])
      positive('audio.duration', audio.duration)
      return { type, ...withText, audio }
    }
    case 'document': {
      const document = member('document', ['url', 'name', 'size', 'mimetype'])
      positive('document.size', document.size)
      requireText('document.name', document.name)
      return { type, ...withText, document }
    }
    default: {
      if (body.button === null || typeof body.button !== 'object') {
        throw new HttpError(400, `button: is required for a message of type ${type}`)
      }
      const button = body.button as { text?: unknown; image?: unknown }
      requireText('button.text', button.text)
      if (button.image !== undefined) httpUrl('button.image', button.image)
      return { type, button: body.button as Record<string, unknown> }
    }
  }
}

export const chatRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/public\/chat$/,
    tier: 'gold',
    async handle({ res, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const status = query.string('status')
      if (status !== undefined && !(CHAT_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(400, `status must be one of ${CHAT_STATUSES.join(', ')}`)
      }
      const accountIds = query.array('accountIds')
      const search = query.string('search')?.trim().toLowerCase()
      const accounts = new Map(userAccounts(ctx, user).map((a) => [a._id, a]))
      const byChat = messagesByChat(ctx, user)
      const chats = ctx.store.data.chats
        .filter((c) => c.userId === user.record.userId)
        .map((c) => ({ chat: c, summary: summary(byChat.get(c._id) ?? []) }))
        .filter(({ summary: s }) => status !== 'unread' || s.unreadCount > 0)
        .filter(
          ({ summary: s }) =>
            status !== 'unreplied' || (s.lastMessage !== undefined && !s.lastMessage.isFromMe),
        )
        .filter(({ chat }) => !accountIds || accountIds.includes(chat.accountId))
        .filter(({ chat, summary: s }) => {
          if (!search) return true
          const account = accounts.get(chat.accountId)
          return [chat.senderName, s.lastMessage?.text, account?.name, account?.username]
            .map(orderText)
            .join('\n')
            .toLowerCase()
            .includes(search)
        })
        .sort(
          (a, b) =>
            orderText(b.chat.updatedAt).localeCompare(orderText(a.chat.updatedAt)) ||
            orderText(b.chat._id).localeCompare(orderText(a.chat._id)),
        )
      const page = paginate(chats, pageRequest)
      sendJson(res, 200, {
        ...page,
        docs: page.docs.map(({ chat, summary: s }) =>
          presentChat(chat, s, accounts.get(chat.accountId), ctx.origins),
        ),
      })
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/chat/${ID}$`),
    tier: 'gold',
    async handle({ res, params, user, ctx }) {
      const chat = findChat(ctx, user, params.id!)
      const account = userAccounts(ctx, user).find((a) => a._id === chat.accountId)
      const s = summary(messagesByChat(ctx, user).get(chat._id) ?? [])
      sendJson(res, 200, presentChat(chat, s, account, ctx.origins))
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/public/chat/${ID}/message$`),
    tier: 'gold',
    async handle({ res, params, query, user, ctx }) {
      const pageRequest = readPageRequest(query)
      const chat = findChat(ctx, user, params.id!)
      // Newest first, as the example lists them: page 2 is the older messages.
      const messages = [...(messagesByChat(ctx, user).get(chat._id) ?? [])].reverse()
      const page = paginate(messages, pageRequest)
      sendJson(res, 200, { ...page, docs: page.docs.map((m) => presentMessage(m, ctx.origins)) })
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/chat/${ID}/message$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      const body = await readJsonBody(req)
      const chat = findChat(ctx, user, params.id!)
      const problem = checkSchema(SEND_BODY, body, OPENAPI)
      if (problem) throw new HttpError(400, problem)
      const message = messageBody(body as Record<string, unknown>)
      const account = userAccounts(ctx, user).find((a) => a._id === chat.accountId)
      if (!account) throw new HttpError(404, 'account not found')
      const failure = reportFailure(account)
      if (failure) throw new HttpError(400, failure)
      const sent = addMessage(ctx, chat, account, message, { fromMe: true, at: ctx.now() })
      await ctx.store.commit(sent.changes)
      sendJson(res, 200, { messageId: sent.message.messageId })
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/public/chat/${ID}/read$`),
    tier: 'gold',
    async handle({ req, res, params, user, ctx }) {
      await readJsonBody(req)
      const chat = findChat(ctx, user, params.id!)
      const changed = ctx.store.data.messages.filter(
        (m) => m.chatId === chat._id && !m.isFromMe && m.status === 'sent',
      )
      const at = ctx.now().toISOString()
      for (const m of changed) {
        m.status = 'read'
        m.updatedAt = at
      }
      if (changed.length > 0) {
        await ctx.store.commit(changed.map((record) => ({ upsert: { collection: 'messages', record } })))
      }
      sendNoContent(res)
    },
  },
]
