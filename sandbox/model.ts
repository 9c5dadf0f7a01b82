// What the sandbox keeps on disk. Records hold only what cannot be derived: public URLs are built from the
// key and the storage origin at read time (so they follow the port), and an automation's embedded account
// summary is joined at read time (so a reconnect shows everywhere at once).
import type { AutomationConfig, FileStatus, ScheduleStatus } from '../common/service'

export interface UserRecord {
  /** 24-hex id, shaped like the service's Mongo ids. */
  userId: string
  accessKey: string
  createdAt: string
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
}
