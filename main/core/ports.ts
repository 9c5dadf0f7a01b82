// The ports of main: what the composition root (main/host) hands to handlers and core modules, each under one
// name. Core and handlers depend on these interfaces only; main/host and main/app provide the implementations
// (main/core/connection/connection-monitor.ts, main/host/embedded-sandbox.ts, main/host/logging.ts, ...).
import type { ConnectionState } from '../../common/app-state'
import type { EmittedPayload, EventName } from '../../common/contract'
import type {
  CommentTriage,
  InboxCounts,
  InboxEntry,
  InboxFilter,
  InboxListAnswer,
  InboxReplyView,
  InboxOlderMessages,
  InboxThread,
  ReplyMediumInput,
} from '../../common/inbox'
import type { DraftStore } from './drafts/draft-store'
import type { DraftsService } from './drafts/drafts-service'
import type { OutboxRunner } from './drafts/outbox-runner'
import type { ServiceClient } from './service-client'
import type { UploadEngine } from './uploads/upload-engine'

/** Sends one contract event to every transport (the app window, browser-mode sockets). */
export type EventSink = <E extends EventName>(name: E, payload: EmittedPayload<E>) => void

/** What the active profile gives every domain: its client and its upload queue. Both change on a switch. */
export interface ActiveService {
  profileId: string
  mode: 'sandbox' | 'service'
  client: ServiceClient
  uploads: UploadEngine
}

/** The drafts store, the calls over it and the runner sending its queue, as the drafts handlers use them. */
export interface DraftsDomain {
  store: DraftStore
  service: DraftsService
  runner: OutboxRunner
  /**
   * Sends the page the drafts' changes still waiting, and answers the number of the last `drafts:changed`
   * sent: a list read right after includes every change up to it (common/list-changes.ts).
   */
  publishedSeq(): number
}

/** Opens the drafts domain on first use (main/host/drafts-outbox.ts); the runner starts with it. */
export interface DraftsPort {
  open(): Promise<DraftsDomain>
}

/** The profile the connection monitor watches. */
export interface ConnectionTarget {
  mode: 'sandbox' | 'service'
  profileId: string
  profileName: string
  baseUrl: string
  /** A cheap authenticated GET; rejects with an AppError. */
  probe(): Promise<void>
}

/** Whether the active profile's service answers; modules that only read it take a Pick of this. */
export interface ConnectionMonitor {
  current(): ConnectionState
  isOnline(): boolean
  /**
   * Checks now (a cheap authenticated GET, and a second at once when the first differs from what it says) and
   * returns the new state; not held by the least time between two changes, as the monitor's own probes are.
   */
  check(): Promise<ConnectionState>
  onChange(listener: (state: ConnectionState) => void): () => void
  /** Points the monitor at another profile and checks it now. */
  setTarget(target: ConnectionTarget): Promise<ConnectionState>
  /**
   * Tell the monitor a call failed. A network error or timeout is one failure, which a probe a second later
   * confirms (offline) or not; a 5xx asks for a check
   * (one failing endpoint is not an outage). `profileId` is the profile the call was made for: a late failure
   * of the profile just switched away from says nothing about the new one.
   */
  reportFailure(error: unknown, profileId?: string): void
  close(): void
}

export interface Logger {
  info(...data: unknown[]): void
  warn(...data: unknown[]): void
  error(...data: unknown[]): void
  debug(...data: unknown[]): void
}

/** The built-in Sandbox profile's service, as the profile handlers see it. */
export interface EmbeddedSandbox {
  readonly running: boolean
  /** The API base URL; throws before the first start. */
  readonly url: string
  readonly port: number
  readonly credentials: { accessKey: string; secretKey: string }
  /** Starts it (idempotent), on the same port as before when it ran already. */
  start(): Promise<void>
  /** Stops it, keeping the port: tests use stop/start to simulate the service going offline. */
  stop(): Promise<void>
}

/** What only the platform can do; Electron gives both, browser mode and tests may give neither. */
export interface PlatformAdapters {
  /** The native open dialog: absolute paths of what the user chose; [] when cancelled. */
  pickFiles?(options: { directories: boolean }): Promise<string[]>
  /** Opens an allow-listed https address in the user's browser. */
  openExternal?(url: string): Promise<void>
}

/** The active profile's inbox as the handlers use it (main/host/inbox.ts). */
export interface InboxPort {
  /** The copy's newest `limit` (at most 300) conversations the filter matches, and how many match. */
  list(filter?: InboxFilter, limit?: number): InboxListAnswer
  /** Sends what waits, then reads the whole inbox; offline, answers the copy marked stale. */
  refresh(): Promise<InboxListAnswer>
  thread(id: string): Promise<InboxThread>
  /** A chat's messages before `before` (one shown): the service's older page, or the copy's offline. */
  olderMessages(
    id: string,
    from: { before: string; at?: string; shown?: number },
  ): Promise<InboxOlderMessages>
  reply(input: {
    id: string
    text: string
    media: ReplyMediumInput[]
    privately?: boolean
  }): Promise<InboxReplyView>
  /** Queues the account's like of a comment, sent at once when the service can be reached. */
  like(id: string): Promise<InboxReplyView>
  setStatus(id: string, status: CommentTriage): Promise<InboxEntry>
  /** The active profile's counts from the copy (common/inbox.ts InboxCounts). */
  counts(): InboxCounts
}
