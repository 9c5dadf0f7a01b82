// What the app host is given and what it gives (./app-host.ts builds it): the options each transport and test
// passes in, and the host's face to Electron main, the browser mode, the CLI and the tests.
import type { AppInfo } from '../../common/app-state'
import type { CallName, CallRequest, CallResponse } from '../../common/contract'
import type { SandboxConfig } from '../../sandbox/index'
import type { MonitorTimers } from '../core/connection/connection-monitor'
import type { AppDatabase, ChangeTimers } from '../core/db/database'
import type { FileGrants } from '../core/files/file-grants'
import type { DispatcherFactory } from '../core/http/network'
import type { ActiveService, ConnectionMonitor, PlatformAdapters } from '../core/ports'
import type { ProfileStore } from '../core/profiles/profile-store'
import type { SecretCipher } from '../core/profiles/secret-cipher'
import type { SecretVault } from '../core/profiles/secret-file'
import type { ServiceClientOptions } from '../core/service-client'
import type { AppStore, KeyValueBackend } from '../core/settings/app-store'
import type { Handlers } from '../handlers/types'
import type { SandboxHandle } from './embedded-sandbox'
import type { PictureServer, PictureServerDeps } from './pictures'
import type { EventHub } from './event-hub'
import type { Logger, Redactor } from './logging'
import type { PostNotifier } from './post-notifications'
import type { AccountAlertPort } from './account-watch'
import type { AccountWatch, FollowerClock } from '../core/posts/account-watch'
import type { ProfileSessionDeps } from './profile-session'
import type { Background } from './background'
import type { InboxHost } from './inbox'
import type { StartupNotice } from './data-folder'
import type { SchedulerClock } from '../core/scheduler/background-scheduler'

export interface AppHostOptions {
  dataDir: string
  mode: 'electron' | 'browser'
  /** electron-store in the app; conf in the data dir by default. */
  storeBackend?: KeyValueBackend
  /** safeStorage in the app; session-only (nothing written) by default. */
  cipher?: SecretCipher
  /**
   * Where secrets are kept when the cipher cannot encrypt: the browser mode passes a file only the user can
   * read (main/core/profiles/secret-file.ts); without one they last for the session.
   */
  secretVault?: SecretVault
  platform?: PlatformAdapters
  log?: Logger
  redactor?: Redactor
  info?: Partial<Pick<AppInfo, 'name' | 'version' | 'versions' | 'logFile' | 'platform'>>
  /** The embedded sandbox: its address, its users, and its clock (tests move the service's time with theirs). */
  sandbox?: { host?: string; config?: SandboxConfig; now?: () => Date }
  /** The connection monitor's rhythm; tests pass fake timers to step through its checks. */
  connection?: {
    onlineIntervalMs?: number
    minBackoffMs?: number
    maxBackoffMs?: number
    confirmAfterMs?: number
    minChangeGapMs?: number
    timers?: MonitorTimers
    now?: () => Date
  }
  /**
   * How the service and its storage are reached: the system's proxy in Electron (main/app/system-proxy.ts),
   * the environment's (HTTPS_PROXY / HTTP_PROXY / NO_PROXY) by default. The embedded sandbox, on loopback, is
   * always reached directly.
   */
  network?: DispatcherFactory
  /** Client timeouts and retries (tests shorten them). */
  service?: Pick<ServiceClientOptions, 'timeouts' | 'retry'>
  /** Where crashReporter keeps its dumps (Electron); listed in About and in the diagnostics. */
  crashReportsDir?: string
  /** Least time between two progress messages (default 100 ms: ~10 a second). */
  progressIntervalMs?: number
  /** The upload engine's clock for its bandwidth cap and progress interval (tests); the real one by default. */
  uploadTimers?: ProfileSessionDeps['uploadTimers']
  /** The system's notifications (Electron): given, the host announces what became of the posts it sent. */
  notifications?: PostNotifier
  /** Most bytes of cover frames saved and not named by a draft yet (default MAX_UNCLAIMED_COVER_BYTES). */
  maxUnclaimedCoverBytes?: number
  /**
   * The account watch (main/host/account-watch.ts): its clock and rhythm (tests step them), and the system
   * notification it raises for a disconnected account (Electron: main/app/account-alerts.ts), worded in the
   * language of `notifications`. Without `alerts` the planner's banner alone tells.
   */
  accountWatch?: { clock?: FollowerClock; intervalMs?: number; alerts?: AccountAlertPort }
  /**
   * The timer of the drafts' watch for other processes' commits (main/host/drafts-outbox.ts): tests hold it
   * still to act on the copy as it was before another process's commit.
   */
  draftsWatchTimers?: ChangeTimers
  /** The same for the inbox copy's watch (main/host/inbox-changes.ts): tests say when it looks. */
  inboxWatchTimers?: ChangeTimers
  /**
   * The background scheduler of the active profile (main/host/background.ts): its clock (tests step it) and
   * its request budget per minute (default 60).
   */
  scheduler?: { clock?: SchedulerClock; limit?: number }
  /** The picture store's settings (tests: a clock, small caps); main/core/pictures/picture-store.ts. */
  pictures?: PictureServerDeps['store']
}

export interface AppHost {
  readonly dataDir: string
  readonly mode: 'electron' | 'browser'
  readonly handlers: Handlers
  readonly events: EventHub
  readonly sandbox: SandboxHandle
  readonly grants: FileGrants
  /** The `picture` route both transports serve: pictures of other hosts, fetched and kept by main. */
  readonly pictures: PictureServer
  /** The data folder's database (main/core/db/database.ts), shared with other processes on the same folder. */
  readonly database: AppDatabase
  /** What was found damaged and set aside on open (the database, the settings file), or made private. */
  readonly startupNotices: readonly StartupNotice[]
  /** Damage the database's background integrity check found after open, in words; null when none. */
  readonly integrityNotice: Promise<string | null>
  /** Hears later notices about the data (rows set aside as unreadable), those said before it listened first. */
  onDataNotice(listener: (notice: string) => void): void
  readonly profiles: ProfileStore
  readonly store: AppStore
  readonly connection: ConnectionMonitor
  /** The account watch of the active profile (main/host/account-watch.ts): tests check on demand. */
  readonly accountWatch: AccountWatch
  /** The inbox of the active profile (main/host/inbox.ts): tests send its replies on demand. */
  readonly inbox: Pick<InboxHost, 'sendReplies'>
  /** The reads the app makes on its own, on the active profile's scheduler (docs/background.md). */
  readonly background: Background
  readonly redactor: Redactor
  readonly log: Logger
  active(): ActiveService
  /** Pausing holds new transfers on every profile's queue (a switch keeps it) until resumed; not persisted. */
  uploadsPaused(): boolean
  setUploadsPaused(paused: boolean): void
  /** Runs a call as a transport would (validated); rejects with an AppError. For tests and the CLI. */
  call<C extends CallName>(name: C, ...request: CallArgs<C>): Promise<CallResponse<C>>
  close(): Promise<void>
}

export type CallArgs<C extends CallName> =
  undefined extends CallRequest<C> ? [request?: CallRequest<C>] : [CallRequest<C>]
