// The app without its windows: data dir, stores, profiles, the embedded sandbox, the active profile's client
// and upload queue, the connection monitor, event batching and the handler map. Electron main and the
// browser mode each build one and hand its handlers and events to their transport; tests build one directly.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import { AppError } from '../../common/errors'
import { createConnectionMonitor } from '../core/connection/connection-monitor'
import { openFileGrants } from '../core/files/file-grants'
import { envProxyDispatcher } from '../core/http/network'
import type { ActiveService, ConnectionMonitor } from '../core/ports'
import { createProfileStore } from '../core/profiles/profile-store'
import { createSessionOnlyCipher } from '../core/profiles/secret-cipher'
import { createHandlers } from '../handlers/index'
import type { HostDeps } from '../handlers/host-deps'
import { profilesState } from '../handlers/profile-handlers'
import { dispatchCall } from './dispatch'
import { openDataFolder } from './data-folder'
import { createEmbeddedSandbox } from './embedded-sandbox'
import { createPictureServer } from './pictures'
import {
  createThumbnailCache,
  DEFAULT_THUMBNAIL_CACHE_BYTES,
  THUMBNAILS_DIR,
} from '../core/thumbnails/thumbnail-cache'
import { MAX_THUMBNAIL_BYTES } from '../../common/contract'
import { createEventHub } from './event-hub'
import { createRedactor, silentLogger } from './logging'
import { followPosts, type PostsFollow } from './post-notifications'
import { watchAccounts } from './account-watch'
import { createProfileSession, type ProfileSession } from './profile-session'
import { createProfileWork, finishProfileEnds } from './profile-ending'
import { createDraftsOutbox } from './drafts-outbox'
import { createInboxHost } from './inbox'
import { recountOnSwitch } from './inbox-counts'
import { inboxNotifications } from './inbox-notifications'
import { budgetedTarget, createBackground } from './background'
import { createUploadEffects } from './upload-effects'
import { watchCopies } from './copy-janitors'
import { COVERS_DIR, coverQuotaError, MAX_UNCLAIMED_COVER_BYTES } from '../core/files/cover-files'

export type { AppHost, AppHostOptions } from './app-host-types'
import type { AppHost, AppHostOptions } from './app-host-types'

export async function createAppHost(options: AppHostOptions): Promise<AppHost> {
  const { dataDir, mode } = options
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const log = options.log ?? silentLogger
  const network = options.network ?? envProxyDispatcher(process.env)
  const redactor = options.redactor ?? createRedactor()
  const { database, store, startupNotices, integrityNotice, onDataNotice } = openDataFolder(
    dataDir,
    log,
    options.storeBackend,
  )
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
    ...(options.sandbox?.now ? { now: options.sandbox.now } : {}),
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
        isOffline: () => monitor?.current().status === 'offline',
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

  // Start on the saved profile, reachable or not: its replica answers offline. The app never switches profiles
  // on its own: one whose secret did not survive the last session is still started on, and the connection state
  // says why it cannot be used (profile-session.ts). A saved id naming no profile starts the Sandbox, and says so.
  finishProfileEnds(database, profiles, log) // what a kill cut short first: no old account runs as the new
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
  // The one loop of the reads the app makes on its own, for the active profile (docs/background.md).
  const background = createBackground({ ...options.scheduler, log })
  await background.attach({ profileId: current.service.profileId, client: current.backgroundClient })
  const connection = createConnectionMonitor({
    target: budgetedTarget(background, current.target),
    ...options.connection,
  })
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
      void connection.setTarget(budgetedTarget(background, next.target))
      // The previous profile's background reads end (no timer left) before its clients close.
      await background.attach({ profileId: id, client: next.backgroundClient })
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
    ...(options.draftsWatchTimers ? { watchTimers: options.draftsWatchTimers } : {}),
  })

  // Runs for as long as the host does: queued replies go when the connection comes back, window or not.
  const inbox = createInboxHost({
    database,
    background,
    // New comments and messages, grouped per account, where the app has system notifications.
    ...(options.notifications
      ? {
          news: inboxNotifications(
            options.notifications,
            () => options.scheduler?.clock?.now() ?? Date.now(),
          ),
        }
      : {}),
    active: () => current.service,
    connection,
    emit: (name, payload) => events.emit(name, payload),
    allowFile: (path) => grants.allows(path),
    mediaDuration: (url) => pictures.mediaDuration(url),
    log: (message, error) => log.warn(`inbox: ${message}`, error),
    ...(options.inboxWatchTimers ? { watchTimers: options.inboxWatchTimers } : {}),
  })
  disposers.push(() => inbox.close())
  // The counts on screen follow the active profile (main/host/inbox-counts.ts).
  disposers.push(recountOnSwitch(events, () => inbox.recount()))

  // Cover frames are removed once no draft or upload needs them, in both modes.
  const covers = watchCopies(
    {
      dataDir,
      database,
      events,
      active: () => current.service,
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

  // Runs for as long as the host does: in the tray too, with no window open.
  const alertPort = options.accountWatch?.alerts
  const notifications = options.notifications
  const accountWatch = watchAccounts({
    events,
    // The background client (no retries of its own), each request counted against the profile's budget.
    client: () => current.backgroundClient,
    background,
    scope: () => profiles.activeId(),
    database,
    ...(alertPort && notifications ? { alerts: { port: alertPort, tr: () => notifications.tr() } } : {}),
    log,
    clock: options.accountWatch?.clock,
    intervalMs: options.accountWatch?.intervalMs,
  })
  disposers.push(() => accountWatch.stop())
  // One cache for the thumbnails:* calls that fill it and the picture route that serves it.
  const thumbnails = createThumbnailCache({
    dir: join(dataDir, THUMBNAILS_DIR),
    maxBytes: DEFAULT_THUMBNAIL_CACHE_BYTES,
    maxItemBytes: MAX_THUMBNAIL_BYTES,
  })
  const pictures = createPictureServer({
    dataDir,
    thumbnails,
    database,
    sandbox,
    active: () => current.service,
    account: () => current.replica.identity,
    network,
    log,
    store: options.pictures,
  })
  disposers.push(() => pictures.close())

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
    thumbnails,
    activate: switchTo,
    refreshActive: () => switchTo(profiles.activeId()),
    profileWork: createProfileWork({
      dataDir,
      database,
      grants,
      network,
      active: () => current.service,
      log,
    }),
    claimCover: (path, bytes) => covers.received(path, bytes),
    accountWatch,
    inbox,
    background,
    posts: { watch: (ids) => posts.watch(ids) },
    appInfo: () => ({
      name: info.name ?? 'Mediadeck',
      version: info.version ?? '0.0.0',
      mode,
      platform: info.platform ?? process.platform,
      versions: info.versions ?? {
        node: process.versions.node,
        v8: process.versions.v8,
        napi: process.versions.napi,
        sqlite: process.versions.sqlite,
      },
      dataDir,
      ...(info.logFile ? { logFile: info.logFile } : {}),
    }),
  }

  const handlers = createHandlers(deps)
  // The due posts followed while the app runs, in every mode (the views apply what changed); announced where
  // the app has system notifications. The first list also opens the drafts store, which starts the outbox:
  // queued posts go out without a window.
  const posts: PostsFollow = followPosts({
    background,
    events,
    profileId: () => current.service.profileId,
    drafts: () => handlers['drafts:list'](undefined),
    ...(options.notifications ? { notifier: options.notifications } : {}),
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
    pictures,
    database,
    startupNotices,
    integrityNotice,
    onDataNotice,
    profiles,
    store,
    connection,
    accountWatch,
    inbox,
    background,
    redactor,
    log,
    active: () => current.service,
    uploadsPaused: () => uploadsPaused,
    setUploadsPaused(paused) {
      uploadsPaused = paused
      current.service.uploads.setPaused(paused)
    },
    async call(name, ...[request]) {
      const result = await dispatchCall(handlers, name, request, log, redactor)
      if (!result.ok) throw new AppError(result.error)
      return result.value as never
    },
    close() {
      closed ??= (async () => {
        posts.stop()
        await switching
        await background.close()
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
