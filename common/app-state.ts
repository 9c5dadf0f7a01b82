// App-level state shared by main and renderer: profiles, connection, settings, app info.
import type { AppErrorData } from './errors'
import { DEFAULT_QUIET_HOURS, type QuietHours } from './quiet-hours'

export const SANDBOX_PROFILE_ID = 'sandbox'
export const DEFAULT_SERVICE_BASE_URL = 'https://api.repliz.com'
/** The service's own web app: accounts are connected and reconnected there (OAuth), not through this app. */
export const SERVICE_WEB_URL = 'https://repliz.com'

/** A profile as the renderer sees it: never the secret itself. */
export interface ProfileView {
  id: string
  name: string
  kind: 'sandbox' | 'service'
  baseUrl: string
  accessKey: string
  hasSecret: boolean
  /**
   * encrypted: safeStorage; file: no OS encryption, kept in a file only the user can read (browser mode);
   * session: kept in memory until quit; none: not set.
   */
  secretStorage: 'encrypted' | 'file' | 'session' | 'none'
}

/**
 * What a profile holds on this computer that is not on the service yet, said before it is deleted (each is
 * cancelled and removed with it): drafts queued to be sent, its other drafts, replies of the inbox not sent,
 * and uploads not finished.
 */
export interface ProfileWork {
  queuedDrafts: number
  otherDrafts: number
  replies: number
  /** Comments' statuses set in the inbox and not carried out on the service yet (or asked about). */
  statusChanges: number
  uploads: number
}

export interface ProfilesState {
  profiles: ProfileView[]
  activeId: string
  /** False where the OS offers no encryption (safeStorage): secrets then live for the session only. */
  encryptionAvailable: boolean
  /**
   * How a secret saved now is kept: encrypted by the OS (the app), in a file only the user can read (browser
   * mode, docs/security.md), or for this session only.
   */
  secretKeeping: 'encrypted' | 'file' | 'session'
}

export type AreaAccess = 'allowed' | 'plan' | 'unknown'

export interface ConnectionTestResult {
  ok: boolean
  /** Set when the keys or address do not work at all. */
  error?: AppErrorData
  areas: { storage: AreaAccess; automations: AreaAccess; schedules: AreaAccess }
}

export type ConnectionStatus = 'checking' | 'online' | 'offline' | 'unauthorized'

/**
 * Browser mode: the page's link to the Mediadeck host that serves it (not the service's connection). The bridge
 * dispatches this window event with a `HostLinkDetail` when the host stops answering and when it is back; a
 * call made meanwhile fails at once with a `network` error whose code is `HOST_STOPPED_CODE`.
 */
export const HOST_LINK_EVENT = 'mediadeck:host-link'
export interface HostLinkDetail {
  linked: boolean
}
export const HOST_STOPPED_CODE = 'host-stopped'

export interface ConnectionState {
  status: ConnectionStatus
  mode: 'sandbox' | 'service'
  profileId: string
  profileName: string
  baseUrl: string
  lastCheckedAt: string | null
  error?: AppErrorData
}

export const LANGUAGES = ['system', 'en', 'id'] as const
export type LanguageSetting = (typeof LANGUAGES)[number]
export const THEMES = ['system', 'light', 'dark'] as const
export type ThemeSetting = (typeof THEMES)[number]
/** The planner's month and week grids, and its list of the days ahead. */
export const PLANNER_VIEWS = ['month', 'week', 'list'] as const
export type PlannerViewSetting = (typeof PLANNER_VIEWS)[number]

export interface Settings {
  uploadConcurrency: number
  /** Cap on the total upload speed, bytes a second; null for none. */
  uploadRateLimit: number | null
  language: LanguageSetting
  theme: ThemeSetting
  /** Closing the window keeps the app in the tray, so the outbox and the uploads go on. */
  runInBackground: boolean
  /** Start with the session (login item / XDG autostart), in the tray. */
  openAtLogin: boolean
  /** Finished uploads stay in the queue's history this many days, then are deleted from the local database. */
  uploadHistoryDays: number
  /** When no system notification is shown (common/quiet-hours.ts). */
  quietHours: QuietHours
  /** The planner's view as last chosen, shown again at the next start. */
  plannerView: PlannerViewSetting
}

export const DEFAULT_SETTINGS: Settings = {
  uploadConcurrency: 3,
  uploadRateLimit: null,
  language: 'system',
  theme: 'system',
  runInBackground: true,
  openAtLogin: false,
  uploadHistoryDays: 30,
  quietHours: { ...DEFAULT_QUIET_HOURS },
  plannerView: 'month',
}
export const MAX_UPLOAD_CONCURRENCY = 8
/** The upload history's retention, in days: a day at least, a year at most. */
export const MIN_UPLOAD_HISTORY_DAYS = 1
export const MAX_UPLOAD_HISTORY_DAYS = 365
/** The cap's bounds: 1 KiB/s (below that nothing useful moves) to 10 GiB/s (beyond any link). */
export const MIN_UPLOAD_RATE_LIMIT = 1024
export const MAX_UPLOAD_RATE_LIMIT = 10 * 1024 ** 3

export interface AppInfo {
  name: string
  version: string
  mode: 'electron' | 'browser'
  platform: string
  /** The runtime's versions; `napi` and `sqlite` say what node:sqlite and a native addon run against. */
  versions: { node: string; electron?: string; chrome?: string; v8?: string; napi?: string; sqlite?: string }
  dataDir: string
  logFile?: string
}

export interface Diagnostics {
  /** Suggested file name for "Save diagnostics". */
  filename: string
  /** The report as text (JSON), secrets removed. */
  content: string
}

export interface CrashReport {
  id: string
  date: string
  /** Where the dump is on this machine. */
  path: string
}

/** A file the user picked or dropped; only such paths are accepted for upload. */
export interface PickedFile {
  path: string
  name: string
  size: number
  /** Type guessed from the extension, for the row icon before the engine detects it. */
  mimetype: string | null
}

/**
 * Browser mode: dropped or picked files are not on the host's disk, so their bytes are sent to it before they
 * can be queued. A large drop takes a while there: this is how far that copy is. `finished` ends it (every
 * file sent, or the copy stopped on an error, which the drop's own call reports).
 */
export interface CopyProgress {
  files: number
  filesDone: number
  bytes: number
  bytesDone: number
  finished: boolean
}

/** What the preload needs of a dropped DOM File (a File satisfies it). */
export interface DroppedFile {
  readonly name: string
  readonly size: number
}
