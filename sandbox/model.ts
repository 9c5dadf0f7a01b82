// What the sandbox keeps on disk. Records hold only what cannot be derived: public URLs are built from the
// key and the storage origin at read time (so they follow the port), and an automation's embedded account
// summary is joined at read time (so a reconnect shows everywhere at once).
import type { AutomationConfig, FileStatus, ScheduleStatus } from '../common/service'

export interface UserRecord {
  /** 24-hex id, shaped like the service's Mongo ids. */
  userId: string
  accessKey: string
  createdAt: string
  /** The inbox's demo data was added (a store seeded before the inbox existed gets it at the next start). */
  inboxSeeded?: boolean
  /** How many items of the incoming stream (config `incoming`) have arrived so far. */
  incomingCount?: number
}

export interface AccountRecord {
  _id: string
  generatedId: string
  name: string
  username: string
  /** Absent for an account without a picture (the demo seed has one). */
  picture?: string
  isConnected: boolean
  type: string
  userId: string
  createdAt: string
  updatedAt: string
  /** Internal: the default rules set with PUT /public/account/{id}/automation (the service shows them nowhere). */
  automationDefaults?: Record<string, unknown>
}

export interface AutomationRecord {
  _id: string
  detail: {
    id: string
    title: string
    description: string
    topic: string
    type: string
    owner: { id: string; name: string; picture?: string }
    medias: unknown[]
    url: string
    createdAt: string
  }
  config: AutomationConfig
  accountId: string
  userId: string
  createdAt: string
  updatedAt: string
}

export interface FileRecord {
  _id: string
  filename: string
  mimetype: string
  size: number
  key: string
  status: FileStatus
  userId: string
  createdAt: string
  updatedAt: string
}

export interface ScheduleRecord {
  _id: string
  title: string
  description: string
  topic: string
  type: string
  /** As sent: the OpenAPI requires only `type` and `url` of a media entry. */
  medias: { alt?: string; type: string; thumbnail?: string; url: string; [k: string]: unknown }[]
  meta: { title: string; description: string; url: string }
  additionalInfo: Record<string, unknown>
  replies: unknown[]
  status: ScheduleStatus
  scheduleAt: string
  accountId: string
  userId: string
  createdAt: string
  updatedAt: string
  errorMessage?: string
  /** Internal: when a post in `process` finishes publishing (never sent on the wire). */
  processUntil?: string
}

/** A saved rule set (/public/template). */
export interface TemplateRecord {
  _id: string
  name: string
  config: Record<string, unknown>
  userId: string
  createdAt: string
  updatedAt: string
}

/** What a rule of an automation did (GET /public/report), shaped as the OpenAPI example. */
export interface ReportRecord {
  _id: string
  type: string
  value: Record<string, unknown>
  status: 'error' | 'success'
  contentLiveId: string
  accountId: string
  userId: string
  createdAt: string
  updatedAt: string
  /** Why it failed; present exactly when status is error. */
  errorMessage?: string
}

/** Who wrote a comment or a reply, as the platform shows them (the account itself for its replies). */
export interface PersonRecord {
  id: string
  name: string
  /** Sandbox-relative (`/__sandbox/avatar/...`) or absolute; absent when the person has no picture. */
  picture?: string
}

/** A comment or a reply under it, as GET /public/content/{id}/comment and the inbox show it. */
export interface PlatformComment {
  /** The platform's id of the comment (`{post}_{n}`), which the content endpoints address. */
  id: string
  type: string
  text: string
  owner: PersonRecord
  medias: { type: string; url: string; thumbnail?: string }[]
  createdAt: string
  /** Internal: liked by the account (POST /public/content/{id}/like/{commentId}); shown nowhere. */
  liked?: boolean
}

/**
 * A comment on one of an account's contents, stored in the service's queue (GET /public/comment: "previously
 * known as queue") with its triage status; its replies, the account's own included, live inside it.
 */
export interface CommentRecord {
  _id: string
  status: 'pending' | 'resolved' | 'ignored'
  /** The content it is on: a published post's id (a `success` schedule) or an automation's content id. */
  contentId: string
  comment: PlatformComment & { replies: PlatformComment[] }
  accountId: string
  userId: string
  createdAt: string
  updatedAt: string
  /** Internal: a top-level comment the account wrote itself (POST /public/content/{id}/comment); never queued. */
  own?: boolean
}

/** A direct-message conversation of an account with one person (GET /public/chat). */
export interface ChatRecord {
  _id: string
  accountId: string
  senderId: string
  senderName: string
  senderPicture?: string
  userId: string
  createdAt: string
  updatedAt: string
}

/** One message of a chat, either way (`isFromMe`), shaped as GET /public/chat/{id}/message shows it. */
export interface MessageRecord {
  _id: string
  chatId: string
  messageId: string
  senderId: string
  type: string
  /** Incoming: `sent` until the chat is read, then `read`; the account's own: `unread` (as the example). */
  status: string
  isFromMe: boolean
  text?: string
  image?: Record<string, unknown>
  video?: Record<string, unknown>
  audio?: Record<string, unknown>
  document?: Record<string, unknown>
  button?: Record<string, unknown>
  accountId: string
  userId: string
  createdAt: string
  updatedAt: string
}

export interface StoreData {
  version: 1
  /** Secret of the storage origin's SigV4 credentials; persisted so addresses outlive a restart. */
  storageSecret: string
  users: UserRecord[]
  accounts: AccountRecord[]
  automations: AutomationRecord[]
  files: FileRecord[]
  schedules: ScheduleRecord[]
  /** Absent in a store written before templates and reports existed; read as empty. */
  templates: TemplateRecord[]
  reports: ReportRecord[]
  /** Absent in a store written before the inbox existed; read as empty. */
  comments: CommentRecord[]
  chats: ChatRecord[]
  messages: MessageRecord[]
}
