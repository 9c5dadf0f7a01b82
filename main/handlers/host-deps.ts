// Everything the host can offer handlers: the ports of HandlerDeps plus the stores, the grant set, the sandbox
// and the platform adapters (native dialog, external browser). No group receives all of it: each declares the
// members it uses (its *_NEEDS list) and main/handlers/index.ts hands it those alone.
import type { AccountWatchState } from '../../common/account-watch'
import type { AppInfo } from '../../common/app-state'
import type { AppDatabase } from '../core/db/database'
import type { ProfileStore } from '../core/profiles/profile-store'
import type { AppStore } from '../core/settings/app-store'
import type { FileGrants } from '../core/files/file-grants'
import type { DraftsPort, EmbeddedSandbox, InboxPort, PlatformAdapters } from '../core/ports'
import type { Replica } from '../core/replica/replica'
import type { Redactor } from '../core/redaction'
import type { DispatcherFactory } from '../core/http/network'
import type { ThumbnailCache } from '../core/thumbnails/thumbnail-cache'
import type { HandlerDeps } from './types'
import type { Background } from '../core/scheduler/background-port'
import type { ProfileWorkPort } from '../core/profiles/profile-work'

export interface HostDeps extends HandlerDeps {
  store: AppStore
  profiles: ProfileStore
  grants: FileGrants
  /** The data folder's database: repositories are built over it (main/core/db/). */
  database: AppDatabase
  sandbox: EmbeddedSandbox
  platform: PlatformAdapters
  /** How requests to a service (not the embedded sandbox) reach the network: the proxy in use. */
  network: DispatcherFactory
  appInfo(): AppInfo
  /** Masks every secret the app learned; diagnostics go through it. */
  redactor: Redactor
  /** Where crashReporter keeps its dumps (Electron only). */
  crashReportsDir?: string
  /** The drafts store and its outbox runner (main/host/drafts-outbox.ts). */
  drafts: DraftsPort
  /** The library tiles' small pictures (main/core/thumbnails), shared with the picture route. */
  thumbnails: ThumbnailCache
  /** The replica of the active profile's service (main/core/replica). */
  replica(): Replica
  /** Switches the active profile (serialised; emits profiles:changed and profiles:switched). */
  activate(id: string): Promise<void>
  /** Rebuilds the active service when the active profile was edited (its client, queue and replica). */
  refreshActive(): Promise<void>
  /**
   * A profile's work on this computer (main/host/profile-ending.ts): counted before a delete, ended when it is
   * deleted or names another account, the active one or not.
   */
  profileWork: ProfileWorkPort
  /**
   * Told of each cover frame file and its bytes before it is written, so it is kept until a draft names it
   * (host/copy-janitors.ts); throws, and nothing is written, when the unclaimed frames would pass their quota.
   */
  claimCover?(path: string, bytes: number): void
  /** The active profile's account watch (main/host/account-watch.ts); absent, `watch:alerts` answers none. */
  accountWatch?: { state(): AccountWatchState }
  /** The active profile's inbox: its copy, refresh, triage and replies (main/host/inbox.ts). */
  inbox: InboxPort
  /** The reads the app makes on its own (main/host/background.ts): a handler's refresh registers there. */
  background?: Background
  /**
   * The due posts' follow-up (main/host/post-notifications.ts): a retried post is followed until the service
   * says how it went, wherever its time.
   */
  posts?: { watch(ids: readonly string[]): void }
}
