// The app without its windows: data dir, stores, profiles, the embedded sandbox, the active profile's client
// and upload queue, the connection monitor, event batching and the handler map. Electron main and the
// browser mode each build one and hand its handlers and events to their transport; tests build one directly.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import type { AppInfo } from '../../common/app-state'
import type { CallName, CallRequest, CallResponse } from '../../common/contract'
import { AppError } from '../../common/errors'
import type { SandboxConfig } from '../../sandbox/index'
import { createConnectionMonitor, type MonitorTimers } from '../core/connection/connection-monitor'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../core/db/database'
import { openFileGrants, type FileGrants } from '../core/files/file-grants'
import { envProxyDispatcher, type DispatcherFactory } from '../core/http/network'
import type { ActiveService, ConnectionMonitor, PlatformAdapters } from '../core/ports'
import { createProfileStore, type ProfileStore } from '../core/profiles/profile-store'
import { createSessionOnlyCipher, type SecretCipher } from '../core/profiles/secret-cipher'
import type { SecretVault } from '../core/profiles/secret-file'
import type { ServiceClientOptions } from '../core/service-client'
import { openAppStore, type AppStore, type KeyValueBackend } from '../core/settings/app-store'
import { createConfBackend } from '../core/settings/conf-backend'
import { createHandlers } from '../handlers/index'
import type { HostDeps } from '../handlers/host-deps'
import { profilesState } from '../handlers/profile-handlers'
import type { Handlers } from '../handlers/types'
import { dispatchCall } from './dispatch'
import { createEmbeddedSandbox, type SandboxHandle } from './embedded-sandbox'
import { createEventHub, type EventHub } from './event-hub'
import { createRedactor, silentLogger, type Logger, type Redactor } from './logging'
import { followSentPosts, type PostNotifier } from './post-notifications'
import { createProfileSession, type ProfileSession, type ProfileSessionDeps } from './profile-session'
import { createDraftsOutbox } from './drafts-outbox'
import { createUploadEffects } from './upload-effects'
import { watchCopies } from './copy-janitors'
import { COVERS_DIR, coverQuotaError, MAX_UNCLAIMED_COVER_BYTES } from '../core/files/cover-files'

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
  sandbox?: { host?: string; config?: SandboxConfig }
  /** The connection monitor's rhythm; tests pass fake timers to step through its checks. */
  connection?: {
    onlineIntervalMs?: number
    minBackoffMs?: number
    maxBackoffMs?: number
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
}

export interface AppHost {
  readonly dataDir: string
  readonly mode: 'electron' | 'browser'
  readonly handlers: Handlers
  readonly events: EventHub
  readonly sandbox: SandboxHandle
  readonly grants: FileGrants
  /** The data folder's database (main/core/db/database.ts), shared with other processes on the same folder. */
  readonly database: AppDatabase
  /** What was found damaged and set aside on open (the database, the settings file), in words. */
  readonly startupNotices: readonly string[]
  readonly profiles: ProfileStore
  readonly store: AppStore
  readonly connection: ConnectionMonitor
  readonly redactor: Redactor
  readonly log: Logger
  active(): ActiveService
  /** Pausing holds new transfers on every profile's queue (a switch keeps it) until resumed; not persisted. */
  uploadsPaused(): boolean
  setUploadsPaused(paused: boolean): void
  /** Writes the drafts store's pending changes to the drafts file (nothing to do before it is opened). */
  flushDrafts(): Promise<void>
  /** Runs a call as a transport would (validated); rejects with an AppError. For tests and the CLI. */
  call<C extends CallName>(name: C, ...request: CallArgs<C>): Promise<CallResponse<C>>
  close(): Promise<void>
}

type CallArgs<C extends CallName> =
  undefined extends CallRequest<C> ? [request?: CallRequest<C>] : [CallRequest<C>]

export async function createAppHost(options: AppHostOptions): Promise<AppHost> {
  const { dataDir, mode } = options
  mkdirSync(dataDir, { recursive: true })
  const log = options.log ?? silentLogger
  const network = options.network ?? envProxyDispatcher(process.env)
  const redactor = options.redactor ?? createRedactor()
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  for (const notice of database.notices) {
    if (notice.kind === 'damaged') log.error(notice.message)
    else log.info(notice.message)
  }
  const store = openAppStore(options.storeBackend ?? createConfBackend(dataDir))
  if (store.notice) log.error(store.notice.message)
  // Said to the person once the app is up (main/app/database-check.ts): nothing set aside goes unsaid.
  const startupNotices: string[] = [
    ...database.notices.filter((notice) => notice.kind === 'damaged').map((notice) => notice.message),
    ...(store.notice ? [store.notice.message] : []),
  ]
  const cipher = options.cipher ?? createSessionOnlyCipher()
  const profiles = createProfileStore({
    store,
    cipher,
    vault: options.secretVault,
    onSecret: (s) => redactor.add(s),
  })
  const grants = await openFileGrants({
    database,
    file: join(dataDir, 'grants.json'),
    warn: (message) => log.warn(message),
  })
  const events = createEventHub(
    (error) => log.error('event listener failed', error),
    (payload) => redactor.redactPayload(payload),
  )
  const disposers: Array<() => Promise<void> | void> = []
  const activeListeners = new Set<(active: ActiveService) => void>()
  let uploadsPaused = false

  const sandbox = createEmbeddedSandbox({
    dataDir,
    host: options.sandbox?.host,
    config: options.sandbox?.config,
    preferredPort: store.get('sandboxPort'),
    // Only a preference for the next start: a disk that refuses it must not stop the sandbox.
    onPort: (port) => {
      try {
        store.set('sandboxPort', port)
      } catch (error) {
        log.warn('could not remember the sandbox port', error)
      }
    },
    log,
  })
  redactor.add(sandbox.credentials.secretKey)

  const uploadEffects = createUploadEffects({
    emit: (name, payload) => events.emit(name, payload),
    connection: () => monitor,
  })

  /** The active session, with its upload engine followed by the side effects for as long as it is active. */
  interface Active extends ProfileSession {
    unfollow(): void
  }
  async function build(id: string, how: { allowUnusable?: boolean } = {}): Promise<Active> {
    const session = await createProfileSession(
      id,
      {
        dataDir,
        database,
        sandbox,
        profiles,
        store,
        grants,
        redactor,
        log,
        network,
        service: options.service,
        progressIntervalMs: options.progressIntervalMs,
        uploadTimers: options.uploadTimers,
        reportFailure: (error, profileId) => monitor?.reportFailure(error, profileId),
      },
      how,
    )
    if (uploadsPaused) session.service.uploads.setPaused(true)
    return { ...session, unfollow: uploadEffects.follow(session.service.uploads) }
  }
  const disposeSession = async (session: Active) => {
    session.unfollow()
    await session.dispose()
  }

  // Failures can come in while the first profile is built, before the monitor exists: it checks at start.
  let monitor: ConnectionMonitor | undefined = undefined

  // Start on the saved profile, reachable or not: its replica answers offline. The app never switches
  // profiles on its own: one whose secret did not survive the last session is still started on, and the
  // connection state says why it cannot be used (profile-session.ts). Only a saved id that names no profile
  // any more starts the Sandbox, and that is said too.
  let current: Active
  try {
    current = await build(profiles.activeId(), { allowUnusable: true })
  } catch (error) {
    const reason = AppError.from(error).message
    log.warn('the saved profile cannot be used, starting on the Sandbox', reason)
    startupNotices.push(
      `The saved profile could not be opened (${reason}); the built-in Sandbox was started.`,
    )
    profiles.setActiveId(SANDBOX_PROFILE_ID)
    current = await build(SANDBOX_PROFILE_ID)
  }
  const connection = createConnectionMonitor({ target: current.target, ...options.connection })
  monitor = connection
  connection.onChange((state) => {
    log.info(`connection ${state.status} (${state.profileName})`)
    events.emit('connection:changed', state)
  })

  let switching: Promise<void> = Promise.resolve()
  function switchTo(id: string): Promise<void> {
    const run = switching.then(async () => {
      const next = await build(id)
      const previous = current
      const previousIds = previous.service.uploads.list().map((item) => item.id)
      current = next
      profiles.setActiveId(id)
      // The monitor moves first (it says "checking" at once): whoever reacts to the switch (the outbox) must not
      // read the previous profile's "online" as the new one's.
      void connection.setTarget(next.target)
      await disposeSession(previous).catch((error) => log.error('closing the previous profile failed', error))
      // The queue on screen is the new profile's: replace the old items in one message.
      uploadEffects.showQueue(previousIds, next.service.uploads)
      draftsOutbox.profileChanged()
      for (const listener of [...activeListeners]) listener(next.service)
      events.emit('profiles:changed', profilesState(deps))
      // The one signal of a switch: the renderer resets every per-profile store on it.
      events.emit('profiles:switched', { profileId: id })
    })
    switching = run.catch(() => undefined)
    return run
  }

  const draftsOutbox = createDraftsOutbox({
    dataDir,
    database,
    profiles: () => profiles.views(),
    active: () => current.service,
    connection,
    emit: (name, payload) => events.emit(name, payload),
  })

  // Cover frames are removed once no draft or upload needs them, in both modes.
  const covers = watchCopies(
    {
      dataDir,
      database,
      events,
      active: () => current.service,
      flushDrafts: () => draftsOutbox.flush(),
      log,
    },
    join(dataDir, COVERS_DIR),
    {
      forget: (paths) => grants.forget(paths),
      maxUnclaimedBytes: options.maxUnclaimedCoverBytes ?? MAX_UNCLAIMED_COVER_BYTES,
      quotaError: coverQuotaError,
    },
  )
  disposers.push(() => covers.close())

  const info = options.info ?? {}
  const deps: HostDeps = {
    dataDir,
    active: () => current.service,
    onActiveChanged(listener) {
      activeListeners.add(listener)
      return () => activeListeners.delete(listener)
    },
    connection,
    emit: (name, payload) => events.emit(name, payload),
    onDispose: (dispose) => disposers.push(dispose),
    store,
    profiles,
    grants,
    database,
    sandbox,
    platform: options.platform ?? {},
    redactor,
    crashReportsDir: options.crashReportsDir,
    network,
    drafts: draftsOutbox,
    replica: () => current.replica,
    activate: switchTo,
    refreshActive: () => switchTo(profiles.activeId()),
    claimCover: (path, bytes) => covers.received(path, bytes),
    appInfo: () => ({
      name: info.name ?? 'Mediadeck',
      version: info.version ?? '0.0.0',
      mode,
      platform: info.platform ?? process.platform,
      versions: info.versions ?? { node: process.versions.node, v8: process.versions.v8 },
      dataDir,
      ...(info.logFile ? { logFile: info.logFile } : {}),
    }),
  }

  const handlers = createHandlers(deps)
  // The first list also opens the drafts store, which starts the outbox: queued posts go out without a window.
  const sentPosts =
    options.notifications &&
    followSentPosts({
      ...options.notifications,
      events,
      drafts: () => handlers['drafts:list'](undefined),
      client: () => current.service.client,
      database,
      settledFile: join(dataDir, 'announced-posts.json'),
      log,
    })
  void connection.check()

  let closed: Promise<void> | undefined
  return {
    dataDir,
    mode,
    handlers,
    events,
    sandbox,
    grants,
    database,
    startupNotices,
    profiles,
    store,
    connection,
    redactor,
    log,
    active: () => current.service,
    uploadsPaused: () => uploadsPaused,
    setUploadsPaused(paused) {
      uploadsPaused = paused
      current.service.uploads.setPaused(paused)
    },
    flushDrafts: () => draftsOutbox.flush(),
    async call(name, ...[request]) {
      const result = await dispatchCall(handlers, name, request, log, redactor)
      if (!result.ok) throw new AppError(result.error)
      return result.value as never
    },
    close() {
      closed ??= (async () => {
        sentPosts?.stop()
        await switching
        connection.close()
        for (const dispose of disposers.splice(0).reverse()) {
          await Promise.resolve()
            .then(dispose)
            .catch((error) => log.error('shutdown step failed', error))
        }
        await draftsOutbox.close().catch((error) => log.error('closing the outbox failed', error))
        await disposeSession(current).catch((error) => log.error('closing the profile failed', error))
        uploadEffects.close()
        await sandbox.stop()
        database.close()
      })()
      return closed
    },
  }
}
