// The app without its windows: data dir, stores, profiles, the embedded sandbox, the active profile's client
// and upload queue, the connection monitor, event batching and the handler map. Electron main and the
// browser mode each build one and hand its handlers and events to their transport; tests build one directly.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import type { AppInfo } from '../../common/app-state'
import type { UploadItem } from '../../common/uploads'
import type { CallName, CallRequest, CallResponse } from '../../common/contract'
import { AppError, isUnreachable } from '../../common/errors'
import type { SandboxConfig } from '../../sandbox/index'
import type { DraftStore } from '../core/drafts/draft-store'
import { createProfileStore, type ProfileStore } from '../core/profiles/profile-store'
import { createSessionOnlyCipher, type SecretCipher } from '../core/profiles/secret-cipher'
import { createServiceClient, describeUnreadable, type ServiceClientOptions } from '../core/service-client'
import { createUploadEngine } from '../core/uploads/upload-engine'
import { directDispatcher, envProxyDispatcher, type DispatcherFactory } from '../core/http/network'
import { createHandlers } from '../handlers/index'
import type { HostDeps } from '../handlers/host-deps'
import { profilesState } from '../handlers/profile-handlers'
import type { Handlers } from '../handlers/types'
import type {
  ActiveService,
  ConnectionMonitor,
  ConnectionTarget,
  OfflineCache,
  PlatformAdapters,
} from '../core/ports'
import { openAppStore, type AppStore, type KeyValueBackend } from '../core/settings/app-store'
import { createConfBackend } from '../core/settings/conf-backend'
import { createConnectionMonitor, type MonitorTimers } from '../core/connection/connection-monitor'
import { dispatchCall } from './dispatch'
import { createEmbeddedSandbox, type SandboxHandle } from './embedded-sandbox'
import { createEventHub, type EventHub } from './event-hub'
import { openFileGrants, type FileGrants } from '../core/files/file-grants'
import { createRedactor, silentLogger, type Logger, type Redactor } from './logging'
import { createOfflineCache } from '../core/connection/offline-cache'
import { createProgressBatcher } from './progress-batcher'
import { reportingFailures } from './reporting-client'

export interface AppHostOptions {
  dataDir: string
  mode: 'electron' | 'browser'
  /** electron-store in the app; conf in the data dir by default. */
  storeBackend?: KeyValueBackend
  /** safeStorage in the app; session-only (nothing written) by default. */
  cipher?: SecretCipher
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
}

export interface AppHost {
  readonly dataDir: string
  readonly mode: 'electron' | 'browser'
  readonly handlers: Handlers
  readonly events: EventHub
  readonly sandbox: SandboxHandle
  readonly grants: FileGrants
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

interface Built {
  service: ActiveService
  cache: OfflineCache
  target: ConnectionTarget
  dispose(): Promise<void>
}

const fileSafe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_')

/** Where a profile's upload queue is journaled. */
export const uploadJournalPath = (dataDir: string, profileId: string): string =>
  join(dataDir, 'uploads', `${fileSafe(profileId)}.jsonl`)

/**
 * The connection check has its own backoff, so its probe neither retries nor waits long: with the client's
 * retries and 30 s timeouts a service that went away stayed "Online" for a minute or more.
 */
const PROBE_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 }

export async function createAppHost(options: AppHostOptions): Promise<AppHost> {
  const { dataDir, mode } = options
  mkdirSync(dataDir, { recursive: true })
  const log = options.log ?? silentLogger
  const network = options.network ?? envProxyDispatcher(process.env)
  const redactor = options.redactor ?? createRedactor()
  const store = openAppStore(options.storeBackend ?? createConfBackend(dataDir))
  const cipher = options.cipher ?? createSessionOnlyCipher()
  const profiles = createProfileStore({ store, cipher, onSecret: (s) => redactor.add(s) })
  const grants = await openFileGrants({
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

  const batcher = createProgressBatcher({
    emit: (event) => events.emit('uploads:progress', event),
    intervalMs: options.progressIntervalMs,
  })
  // Many files finishing close together should refresh the storage figure once, not once per file.
  let storageChangedTimer: ReturnType<typeof setTimeout> | undefined
  const storageChangedSoon = () => {
    storageChangedTimer ??= setTimeout(() => {
      storageChangedTimer = undefined
      events.emit('storage:changed', { reason: 'upload-completed' })
    }, 500)
  }

  async function build(id: string): Promise<Built> {
    let credentials: { baseUrl: string; accessKey: string; secretKey: string }
    let name: string
    if (id === SANDBOX_PROFILE_ID) {
      await sandbox.start()
      credentials = { baseUrl: sandbox.url, ...sandbox.credentials }
      name = 'Sandbox'
    } else {
      const profile = profiles.get(id)
      if (!profile) throw new AppError({ kind: 'not-found', message: 'profile not found' })
      if (!profile.secretKey) {
        throw new AppError({
          kind: 'validation',
          field: 'secretKey',
          message: `enter the secret key of "${profile.name}" again: it was kept for the last session only`,
        })
      }
      credentials = { baseUrl: profile.baseUrl, accessKey: profile.accessKey, secretKey: profile.secretKey }
      name = profile.name
    }
    // Logs, events and call results mask these from now on, in every form they can take on the wire
    // (the secret, access:secret, its base64 as the Authorization header carries it).
    redactor.addCredentials(credentials.accessKey, credentials.secretKey)
    const report = (error: unknown) => monitor?.reportFailure(error, id)
    const via = id === SANDBOX_PROFILE_ID ? directDispatcher : network
    const rawClient = createServiceClient({
      ...credentials,
      ...options.service,
      network: via,
      onUnreadable: (note) => log.warn(describeUnreadable(note)),
    })
    const client = reportingFailures(rawClient, report)
    const probeClient = createServiceClient({
      ...credentials,
      network: via,
      timeouts: { ...PROBE_TIMEOUTS, ...options.service?.timeouts },
      retry: { maxRetries: 0 },
    })
    const uploads = createUploadEngine({
      client,
      journalPath: uploadJournalPath(dataDir, id),
      concurrency: store.get('settings').uploadConcurrency,
      rateLimit: store.get('settings').uploadRateLimit,
      network: via,
      checkRead: grants.checkOpened,
    })
    if (uploadsPaused) uploads.setPaused(true)
    const seenDone = new Set<string>()
    const lastState = new Map<string, UploadItem['state']>()
    const unsubscribe = [
      uploads.onProgress((event) => {
        batcher.push(event)
        for (const item of event.items) {
          if (item.state === 'done' && !seenDone.has(item.id)) {
            seenDone.add(item.id)
            storageChangedSoon()
          }
          // The PUT goes to the storage origin, not through the client. Its failure for want of a network asks
          // for a check rather than declaring the service offline: the storage may be down while the API
          // answers. Items first seen failed were restored from the journal: old news.
          const before = lastState.get(item.id)
          lastState.set(item.id, item.state)
          const unreachable = item.error && isUnreachable(item.error)
          if (item.state === 'failed' && before !== undefined && before !== 'failed' && unreachable) {
            if (monitor?.isOnline()) void monitor.check()
          }
        }
      }),
      uploads.onBatchFinished((event) => {
        batcher.flush()
        events.emit('uploads:batch-finished', event)
      }),
    ]
    const mode = id === SANDBOX_PROFILE_ID ? 'sandbox' : 'service'
    const service: ActiveService = { profileId: id, mode, client, uploads }
    return {
      service,
      cache: createOfflineCache({
        file: join(dataDir, 'cache', `${fileSafe(id)}.json`),
        onUnreachable: report,
      }),
      target: {
        mode,
        profileId: id,
        profileName: name,
        baseUrl: client.baseUrl,
        probe: async () => {
          await probeClient.storageStatistic()
        },
      },
      async dispose() {
        for (const off of unsubscribe) off()
        await uploads.close()
        await rawClient.close()
        await probeClient.close()
      },
    }
  }

  // Failures can come in while the first profile is built, before the monitor exists: it checks at start.
  let monitor: ConnectionMonitor | undefined = undefined

  // Start on the saved profile; one whose secret did not survive the last session falls back to the Sandbox.
  let current: Built
  try {
    current = await build(profiles.activeId())
  } catch (error) {
    log.warn('the saved profile cannot be used, starting on the Sandbox', AppError.from(error).message)
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
      await previous.dispose().catch((error) => log.error('closing the previous profile failed', error))
      // The queue on screen is the new profile's: replace the old items in one message.
      const items = next.service.uploads.list()
      const kept = new Set(items.map((item) => item.id))
      batcher.push({
        items,
        removed: previousIds.filter((itemId) => !kept.has(itemId)),
        totals: next.service.uploads.totals(),
      })
      for (const listener of [...activeListeners]) listener(next.service)
      events.emit('profiles:changed', profilesState(deps))
      events.emit('storage:changed', { reason: 'profile-changed' })
    })
    switching = run.catch(() => undefined)
    return run
  }

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
    sandbox,
    platform: options.platform ?? {},
    redactor,
    crashReportsDir: options.crashReportsDir,
    network,
    cache: () => current.cache,
    activate: switchTo,
    refreshActive: () => switchTo(profiles.activeId()),
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

  let draftStore: DraftStore | undefined
  const handlers = createHandlers(deps, { onDraftStore: (store) => (draftStore = store) })
  void connection.check()

  let closed: Promise<void> | undefined
  return {
    dataDir,
    mode,
    handlers,
    events,
    sandbox,
    grants,
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
    flushDrafts: async () => draftStore?.flush(),
    async call(name, ...[request]) {
      const result = await dispatchCall(handlers, name, request, log, redactor)
      if (!result.ok) throw new AppError(result.error)
      return result.value as never
    },
    close() {
      closed ??= (async () => {
        await switching
        connection.close()
        if (storageChangedTimer) clearTimeout(storageChangedTimer)
        for (const dispose of disposers.splice(0).reverse()) {
          await Promise.resolve()
            .then(dispose)
            .catch((error) => log.error('shutdown step failed', error))
        }
        await current.dispose().catch((error) => log.error('closing the profile failed', error))
        batcher.close()
        await sandbox.stop()
      })()
      return closed
    },
  }
}
