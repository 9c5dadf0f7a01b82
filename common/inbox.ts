// The inbox as the app shows it: every comment of the service's queue and every direct-message conversation of
// the profile's accounts, one list (main/core/inbox/inbox-store.ts keeps it in the database, so it opens offline
// with the last state seen), and the replies waiting in the outbox (main/core/inbox/reply-outbox.ts).
import type { Freshness } from './freshness'
import type { Chat, ChatMessage, InboxComment } from './service'

/** The most conversations one list answers (main/core/inbox/inbox-store.ts, INBOX_PAGE). */
export const INBOX_LIST_MAX = 300

export const INBOX_KINDS = ['comment', 'chat'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

/**
 * A comment's triage status, or where a chat stands: `unread` (messages not read), `unreplied` (the last
 * message is the other person's), `replied` (the last one is the account's).
 */
export const INBOX_STATES = ['pending', 'resolved', 'ignored', 'unread', 'unreplied', 'replied'] as const
export type InboxState = (typeof INBOX_STATES)[number]

/** The statuses a comment can be set to from the app. */
export const COMMENT_TRIAGE = ['pending', 'resolved', 'ignored'] as const
export type CommentTriage = (typeof COMMENT_TRIAGE)[number]

export interface InboxEntry {
  id: string
  kind: InboxKind
  accountId: string
  /** The newest activity: the comment's time, or the chat's last message. */
  at: string
  status: InboxState
  /** Who wrote it: the comment's author, the chat's other person. */
  from: string
  /** The comment's text, or the chat's last message (its type in brackets when it has no text). */
  text: string
  comment?: InboxComment
  chat?: Chat
}

/**
 * What the sidebar and the tray show of the active profile's inbox, from main's copy: chats with messages not
 * read, and conversations waiting for the account's answer (pending comments, chats whose last word is the
 * other person's). Sent as `inbox:counts` when they change, never as the list.
 */
export interface InboxCounts {
  profileId: string
  unread: number
  unreplied: number
}

export interface InboxFilter {
  kind?: InboxKind
  status?: InboxState
  accountIds?: string[]
  search?: string
  /** The comments on one published post (its content id), as insights' "see its comments" opens them. */
  contentId?: string
}

/** Where a queued reply stands (main/core/inbox/reply-outbox.ts). */
export const REPLY_STATES = ['queued', 'sending', 'sent', 'failed', 'attention'] as const
export type ReplyState = (typeof REPLY_STATES)[number]

/**
 * Where a comment's status set by the person stands (main/core/inbox/status-outbox.ts): `queued` until the
 * service can be reached, `sending` while its outcome is looked for, `conflict` when the service had moved on
 * meanwhile (the person decides, nothing is overridden), `attention` when its answer was never seen and the
 * comment still does not show it, `failed` when the service refused it. A change carried out leaves the queue.
 */
export const STATUS_CHANGE_STATES = ['queued', 'sending', 'conflict', 'attention', 'failed'] as const
export type StatusChangeState = (typeof STATUS_CHANGE_STATES)[number]

/** A status change not carried out yet, as the page shows it on its comment. */
export interface InboxStatusChangeView {
  id: string
  commentId: string
  status: CommentTriage
  /** What the comment showed when the person set it. */
  base: string
  state: StatusChangeState
  /** The service's status when it had moved on (a conflict), or after the last look (attention). */
  seen: string | null
  error: string | null
  createdAt: string
}

/**
 * What a queued reply does: `reply` answers in the thread (or writes in the chat), `like` likes a comment, and
 * `message` answers a comment privately, with a direct message to its author (POST /public/content/{id}/message).
 */
export const REPLY_ACTIONS = ['reply', 'like', 'message'] as const
export type ReplyAction = (typeof REPLY_ACTIONS)[number]

/** A reason of main's catalogue (common/messages `errors.*`) and its params. */
export interface ReplyErrorReason {
  code: string
  params?: Record<string, string | number>
}

/** A reply of the outbox as the page shows it beside its conversation. */
export interface InboxReplyView {
  id: string
  targetId: string
  action: ReplyAction
  text: string
  /** A local file still going up has its `path` and no `url` (its progress is the upload queue's). */
  media: Array<{ name: string; kind: string; url?: string; path?: string }>
  state: ReplyState
  error: string | null
  /** Why it failed as a reason of the catalogue (`errors.*`), worded in the person's language; `error` is English. */
  errorReason?: ReplyErrorReason
  createdAt: string
  /** The ids the service gave what it made of the reply (the comment's reply, or each chat message). */
  resultIds: string[]
}

export interface InboxListAnswer {
  items: InboxEntry[]
  /** How many match the filter (the list holds at most the first page of them). */
  total: number
  /** The number of the last `inbox:changed` the list includes: the next change is `seq + 1`. */
  seq: number
  /** When the list was last read whole from the service; null when never. */
  fetchedAt: string | null
  /** True when the last refresh could not reach the service: the list is the last state seen. */
  stale: boolean
  /** How far the list can be trusted, as main knows it: checking while a read runs, even one of its own. */
  freshness: Freshness
  /** The profile's replies not yet sent, and those sent since the app started. */
  replies: InboxReplyView[]
  /** The profile's status changes not carried out yet, in the order they were made. */
  statusChanges: InboxStatusChangeView[]
}

/**
 * What `inbox:list` answers beside the conversations: the copy's freshness and the outbox's work, sent whole
 * as `inbox:state` when one of them changes (a read starts or ends, a reply is queued or sent, a status set).
 */
export type InboxListState = Pick<
  InboxListAnswer,
  'fetchedAt' | 'stale' | 'freshness' | 'replies' | 'statusChanges'
> & {
  profileId: string
}

export interface InboxThread {
  entry: InboxEntry
  /** A chat's newest messages, oldest first; null for a comment (its thread is in `entry.comment`). */
  messages: ChatMessage[] | null
  /** True when the service could not be reached and this is the last copy seen. */
  stale: boolean
  /** A chat has messages older than the first of `messages` to page back to (`inbox:older-messages`). */
  older?: boolean
}

/** A chat's messages before one shown: from the service, or from the copy when it cannot be reached. */
export interface InboxOlderMessages {
  /** Oldest first, all older than the message asked from. */
  messages: ChatMessage[]
  /** Older ones still to page back to. */
  more: boolean
  /** Read from the copy: the service could not be reached. */
  stale: boolean
}

/** A file of the library (or any picture address) attached to a reply. */
export interface ReplyLibraryMedium {
  url: string
  mimetype: string
  name: string
  size?: number
}

/**
 * A file of this computer the person dropped or picked (granted by main): uploaded through the upload engine
 * before the reply is sent, which waits for it; main reads its type, size and a video's or audio's duration.
 */
export interface ReplyLocalMedium {
  path: string
  name: string
}

export type ReplyMediumInput = ReplyLibraryMedium | ReplyLocalMedium
export const isLocalMedium = (m: ReplyMediumInput): m is ReplyLocalMedium => 'path' in m
