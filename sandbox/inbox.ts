// The inbox's records and what happens to them: comments arriving on an account's contents (and the
// automation of that content answering them, with a report, as the service's automations do), the account's
// replies, and direct messages either way. The routes (comment-api.ts, chat-api.ts, content-api.ts), the demo
// seed, the incoming stream and the programmatic API all go through these, so a reply is written one way.
import { randomBytes } from 'node:crypto'
import type { SandboxContext } from './context'
import type {
  AccountRecord,
  AutomationRecord,
  ChatRecord,
  CommentRecord,
  MessageRecord,
  PersonRecord,
  PlatformComment,
  ReportRecord,
} from './model'
import { newObjectId } from './automation-api'
import { reportFailure } from './report-api'
import type { StoreChange } from './store'

/** How the sandbox makes the ids it hands out; the seed passes its own dice so demo data is reproducible. */
export interface IdSource {
  objectId(at: Date): string
  digits(length: number): string
  token(length: number): string
}

export const RANDOM_IDS: IdSource = {
  objectId: newObjectId,
  digits: (length) =>
    Array.from(randomBytes(length), (b) => String(b % 10))
      .join('')
      .replace(/^0/, '1'),
  token: (length) => randomBytes(length).toString('base64url').slice(0, length),
}

/** The account as the author of its own replies and messages. */
export function accountPerson(account: AccountRecord): PersonRecord {
  return {
    id: account.generatedId,
    name: account.name,
    ...(account.picture === undefined ? {} : { picture: account.picture }),
  }
}

export interface NewComment {
  account: AccountRecord
  contentId: string
  text: string
  owner: PersonRecord
  at: Date
  medias?: PlatformComment['medias']
}

/** A comment someone left on a content: queued as pending, then handed to the content's automation. */
export function receiveComment(
  ctx: SandboxContext,
  c: NewComment,
  ids: IdSource = RANDOM_IDS,
): { record: CommentRecord; changes: StoreChange[] } {
  const at = c.at.toISOString()
  const record: CommentRecord = {
    _id: ids.objectId(c.at),
    status: 'pending',
    contentId: c.contentId,
    comment: {
      id: `${c.contentId}_${ids.digits(16)}`,
      type: c.medias?.length ? c.medias[0]!.type : 'text',
      text: c.text,
      owner: c.owner,
      medias: c.medias ?? [],
      createdAt: at,
      replies: [],
    },
    accountId: c.account._id,
    userId: c.account.userId,
    createdAt: at,
    updatedAt: at,
  }
  ctx.store.data.comments.push(record)
  const changes: StoreChange[] = [{ upsert: { collection: 'comments', record } }]
  changes.push(...runAutomation(ctx, record, c.account, c.at, ids))
  return { record, changes }
}

/** The account's reply under a comment, written at `at`; a reply resolves the comment in the queue. */
export function replyToComment(
  record: CommentRecord,
  account: AccountRecord,
  text: string,
  at: Date,
  ids: IdSource = RANDOM_IDS,
): PlatformComment {
  const reply: PlatformComment = {
    id: `${record.contentId}_${ids.digits(16)}`,
    type: 'text',
    text,
    owner: accountPerson(account),
    medias: [],
    createdAt: at.toISOString(),
  }
  record.comment.replies.push(reply)
  record.status = 'resolved'
  record.updatedAt = at.toISOString()
  return reply
}

function contains(text: string, keyword: string, exact: boolean): boolean {
  const a = text.trim().toLowerCase()
  const b = keyword.trim().toLowerCase()
  return b !== '' && (exact ? a === b : a.includes(b))
}

/** What the reply rule answers to `text`, or null when it stays silent (its conditions, or no text). */
function ruleReply(config: AutomationRecord['config'], text: string, person: string): string | null {
  const rule = config?.reply
  if (!rule?.isActive) return null
  const words = (list: { isActive?: boolean; isExactMatch?: boolean; keywords?: string[] } | undefined) =>
    list?.isActive ? (list.keywords ?? []).filter((k) => contains(text, k, Boolean(list.isExactMatch))) : []
  if (rule.condition?.isActive && words(rule.condition).length === 0) return null
  if (words(rule.exception).length > 0) return null
  if (rule.type === 'keyword') {
    const hit = (rule.keyword?.values ?? []).find((v) =>
      contains(text, v.keyword, Boolean(rule.keyword?.isExactMatch)),
    )
    return hit?.text.trim() ? hit.text : null
  }
  // The sandbox has no model behind an "ai" rule: it answers a fixed thank-you naming the person.
  if (rule.type === 'ai') return `Terima kasih, ${person}! Kami balas detailnya lewat DM ya.`
  return rule.text?.trim() ? rule.text : null
}

/**
 * The content's automation (if any) acts on a new comment at once (its delay is not simulated): the like
 * rule likes it, the reply rule answers it and resolves it. Each action leaves a report, as GET /public/report
 * shows the service's; on a disconnected account the report is a failure and the comment stays pending.
 */
function runAutomation(
  ctx: SandboxContext,
  record: CommentRecord,
  account: AccountRecord,
  at: Date,
  ids: IdSource,
): StoreChange[] {
  const automation = ctx.store.data.automations.find(
    (a) => a.accountId === account._id && a.detail?.id === record.contentId,
  )
  if (!automation) return []
  const changes: StoreChange[] = []
  const failure = reportFailure(account)
  const { replies: _replies, liked: _liked, ...comment } = record.comment
  const report = (type: string, value: Record<string, unknown>): void => {
    const r: ReportRecord = {
      _id: ids.objectId(at),
      type,
      value,
      status: failure ? 'error' : 'success',
      contentLiveId: `${account.generatedId}_${record.contentId}`,
      accountId: account._id,
      userId: account.userId,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      ...(failure ? { errorMessage: failure } : {}),
    }
    ctx.store.data.reports.push(r)
    changes.push({ upsert: { collection: 'reports', record: r } })
  }
  if (automation.config?.like?.isActive) {
    if (!failure) record.comment.liked = true
    report('like', { ...comment })
  }
  const text = ruleReply(automation.config, record.comment.text, record.comment.owner.name)
  if (text !== null) {
    if (failure) report('reply', { ...comment })
    else {
      const reply = replyToComment(record, account, text, at, ids)
      report('reply', { ...comment, reply: { ...reply } })
    }
  }
  return changes
}

/** The chat of an account with one person, opened when the first message either way needs it. */
export function chatWith(
  ctx: SandboxContext,
  account: AccountRecord,
  person: PersonRecord,
  at: Date,
  ids: IdSource = RANDOM_IDS,
): { chat: ChatRecord; created: boolean } {
  const found = ctx.store.data.chats.find((c) => c.accountId === account._id && c.senderId === person.id)
  if (found) return { chat: found, created: false }
  const chat: ChatRecord = {
    _id: ids.objectId(at),
    accountId: account._id,
    senderId: person.id,
    senderName: person.name,
    ...(person.picture === undefined ? {} : { senderPicture: person.picture }),
    userId: account.userId,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  }
  ctx.store.data.chats.push(chat)
  return { chat, created: true }
}

/** What a message carries besides who and when: its type and the matching member (`text`, `image`, ...). */
export type MessageBody = Pick<
  MessageRecord,
  'type' | 'text' | 'image' | 'video' | 'audio' | 'document' | 'button'
>

/** A message in a chat, from the person (`fromMe` false, unread until the chat is read) or from the account. */
export function addMessage(
  ctx: SandboxContext,
  chat: ChatRecord,
  account: AccountRecord,
  body: MessageBody,
  o: { fromMe: boolean; at: Date; ids?: IdSource },
): { message: MessageRecord; changes: StoreChange[] } {
  const ids = o.ids ?? RANDOM_IDS
  const at = o.at.toISOString()
  const message: MessageRecord = {
    _id: ids.objectId(o.at),
    chatId: chat._id,
    messageId: `m_${ids.token(86)}`,
    senderId: o.fromMe ? account.generatedId : chat.senderId,
    ...body,
    status: o.fromMe ? 'unread' : 'sent',
    isFromMe: o.fromMe,
    accountId: account._id,
    userId: account.userId,
    createdAt: at,
    updatedAt: at,
  }
  ctx.store.data.messages.push(message)
  if (chat.updatedAt < at) chat.updatedAt = at
  return {
    message,
    changes: [
      { upsert: { collection: 'messages', record: message } },
      { upsert: { collection: 'chats', record: chat } },
    ],
  }
}
