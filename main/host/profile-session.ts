// One profile's live session: its service client (reporting failures to the connection monitor), a probe
// client for the monitor, its upload engine and its replica. The app host keeps one at a time and
// builds the next on a switch; disposing a session closes its engine and clients.
import { join } from 'node:path'
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import { AppError } from '../../common/errors'
import { FINAL_UPLOAD_STATES } from '../../common/uploads'
import { errorReason } from '../../common/messages/index'
import type { AppDatabase } from '../core/db/database'
import type { FileGrants } from '../core/files/file-grants'
import { directDispatcher, type DispatcherFactory } from '../core/http/network'
import type { ActiveService, ConnectionTarget, EmbeddedSandbox, Logger } from '../core/ports'
import type { ProfileStore } from '../core/profiles/profile-store'
import type { Redactor } from '../core/redaction'
import {
  createServiceClient,
  describeUnreadable,
  type ServiceClient,
  type ServiceClientOptions,
} from '../core/service-client'
import type { AppStore } from '../core/settings/app-store'
import { createUploadEngine, type UploadEngineOptions } from '../core/uploads/upload-engine'
import { credentialsIdentity } from '../core/drafts/profile-identity'
import { createReplica, replicaIdentity, type Replica } from '../core/replica/replica'
import { reportingFailures } from './reporting-client'

export interface ProfileSession {
  service: ActiveService
  /**
   * The client of the reads the app makes on its own (main/host/background.ts): no retries of its own, since
   * the scheduler backs off and keeps the budget, each retry being one more request; failures reported.
   */
  backgroundClient: ServiceClient
  replica: Replica
  target: ConnectionTarget
  dispose(): Promise<void>
}

export interface ProfileSessionDeps {
  dataDir: string
  /** The data folder's database: the replica and the upload queue live in it. */
  database: AppDatabase
  sandbox: EmbeddedSandbox
  profiles: ProfileStore
  store: AppStore
  grants: FileGrants
  redactor: Redactor
  log: Logger
  /** How a service (not the embedded sandbox, always reached directly) is reached. */
  network: DispatcherFactory
  service?: Pick<ServiceClientOptions, 'timeouts' | 'retry'>
  /** Least time between two upload progress messages (the engine's; default 100 ms). */
  progressIntervalMs?: number
  /** The upload engine's clock for its bandwidth cap and progress interval (tests); the real one by default. */
  uploadTimers?: UploadEngineOptions['timers']
  /** A call of this profile failed: the connection monitor decides what it means. */
  reportFailure(error: unknown, profileId: string): void
  /** The connection monitor says the service is out of reach: a copy peeked then is stale, not checking. */
  isOffline?: () => boolean
}

const fileSafe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_')

/** A profile's upload queue's name in the database (upload_items.scope): its old journal's file name. */
export const uploadScope = (profileId: string): string => fileSafe(profileId)

/**
 * The account a profile's uploads are sent to (main/core/drafts/profile-identity.ts); the built-in Sandbox is
 * one service whatever port it got this time.
 */
export const uploadIdentity = (
  profileId: string,
  credentials: { baseUrl: string; accessKey: string },
): string =>
  profileId === SANDBOX_PROFILE_ID
    ? 'sandbox'
    : credentialsIdentity(credentials.baseUrl, credentials.accessKey)

/** Where a profile's upload queue was journaled before the database (imported once, kept as *.pre-db). */
export const uploadJournalPath = (dataDir: string, profileId: string): string =>
  join(dataDir, 'uploads', `${fileSafe(profileId)}.jsonl`)

/**
 * The connection check has its own backoff, so its probe neither retries nor waits long: with the client's
 * retries and 30 s timeouts a service that went away stayed "Online" for a minute or more.
 */
const PROBE_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 }

/**
 * A profile that cannot be used now (its secret was kept for the last session only): every call of its client
 * fails with `problem`, which the connection monitor shows as the reason ('unauthorized', with the problem's
 * code and the profile's name). Its replica still answers, so the app can start on it offline and say why.
 */
function unusableClient(baseUrl: string, problem: AppError): ServiceClient {
  return new Proxy({ baseUrl } as ServiceClient, {
    get(target, key) {
      if (key === 'baseUrl') return target.baseUrl
      if (key === 'close') return async () => undefined
      if (key === 'then') return undefined
      return async () => {
        throw problem
      }
    },
  })
}

/** Why a saved profile cannot be used: said in the connection state, in the person's language. */
function secretLost(name: string): AppError {
  return new AppError({
    kind: 'unauthorized',
    ...errorReason('profile-secret-lost', { name }),
    message: `"${name}" cannot be used: its secret key was kept for the last session only; enter it again`,
  })
}

export async function createProfileSession(
  id: string,
  deps: ProfileSessionDeps,
  options: {
    /**
     * On start: a saved profile whose secret is gone is still the one started on (its replica answers, every
     * call says why it cannot be used), never another. A switch asked by the person throws instead.
     */
    allowUnusable?: boolean
  } = {},
): Promise<ProfileSession> {
  const { sandbox, redactor } = deps
  let credentials: { baseUrl: string; accessKey: string; secretKey: string }
  let name: string
  let problem: AppError | undefined
  if (id === SANDBOX_PROFILE_ID) {
    await sandbox.start()
    credentials = { baseUrl: sandbox.url, ...sandbox.credentials }
    name = 'Sandbox'
  } else {
    const profile = deps.profiles.get(id)
    if (!profile)
      throw new AppError({
        kind: 'not-found',
        ...errorReason('profile-not-found'),
        message: 'profile not found',
      })
    if (!profile.secretKey && !options.allowUnusable) {
      throw new AppError({
        kind: 'validation',
        field: 'secretKey',
        message: `enter the secret key of "${profile.name}" again: it was kept for the last session only`,
      })
    }
    if (!profile.secretKey) problem = secretLost(profile.name)
    credentials = {
      baseUrl: profile.baseUrl,
      accessKey: profile.accessKey,
      secretKey: profile.secretKey ?? '',
    }
    name = profile.name
  }
  // Logs, events and call results mask these from now on, in every form they can take on the wire
  // (the secret, access:secret, its base64 as the Authorization header carries it).
  if (!problem) redactor.addCredentials(credentials.accessKey, credentials.secretKey)
  const replica = createReplica({
    database: deps.database,
    profileId: id,
    // The built-in Sandbox is one service whatever port it got this time.
    identity:
      id === SANDBOX_PROFILE_ID ? 'sandbox' : replicaIdentity(credentials.baseUrl, credentials.accessKey),
    legacyFile: join(deps.dataDir, 'cache', `${fileSafe(id)}.json`),
    onUnreachable: (error) => deps.reportFailure(error, id),
    ...(deps.isOffline ? { isOffline: deps.isOffline } : {}),
  })
  // Nothing can refresh it until the secret is entered again: what it shows is the last copy, stale.
  if (problem) replica.markStale()
  // A 401 from any call (an upload, the outbox, a list) says the replica can no longer be refreshed: stale.
  const report = (error: unknown) => {
    if (AppError.from(error).kind === 'unauthorized' && !problem) replica.markStale()
    deps.reportFailure(error, id)
  }
  const via = id === SANDBOX_PROFILE_ID ? directDispatcher : deps.network
  const rawClient = problem
    ? unusableClient(credentials.baseUrl, problem)
    : createServiceClient({
        ...credentials,
        ...deps.service,
        network: via,
        onUnreadable: (note) => deps.log.warn(describeUnreadable(note)),
      })
  const client = reportingFailures(rawClient, report)
  const probeClient = problem
    ? rawClient
    : createServiceClient({
        ...credentials,
        network: via,
        timeouts: { ...PROBE_TIMEOUTS, ...deps.service?.timeouts },
        retry: { maxRetries: 0 },
      })
  const rawBackgroundClient = problem
    ? rawClient
    : createServiceClient({
        ...credentials,
        ...deps.service,
        network: via,
        retry: { ...deps.service?.retry, maxRetries: 0 },
        onUnreadable: (note) => deps.log.warn(describeUnreadable(note)),
      })
  const backgroundClient = reportingFailures(rawBackgroundClient, report)
  const settings = deps.store.get('settings')
  const uploads = createUploadEngine({
    client,
    // The queue stays the profile's (its list and history), and resumes only its account's items: an upload
    // of the credentials it had before an edit is never sent with the new ones.
    scope: uploadScope(id),
    identity: uploadIdentity(id, credentials),
    journalPath: uploadJournalPath(deps.dataDir, id),
    database: deps.database,
    historyDays: settings.uploadHistoryDays,
    concurrency: settings.uploadConcurrency,
    rateLimit: settings.uploadRateLimit,
    network: via,
    checkRead: deps.grants.checkOpened,
    progressIntervalMs: deps.progressIntervalMs,
    timers: deps.uploadTimers,
  })
  // Its unfinished uploads wait for the secret: run now, each would meet the same refusal and end failed.
  // (setImmediate starts the engine's queue, so holding it here is before any transfer.)
  if (problem) uploads.setPaused(true)
  const mode = id === SANDBOX_PROFILE_ID ? 'sandbox' : 'service'
  return {
    service: { profileId: id, mode, client, uploads },
    backgroundClient,
    replica,
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
      await uploads.close()
      await rawClient.close()
      await probeClient.close()
      if (rawBackgroundClient !== rawClient) await rawBackgroundClient.close()
    },
  }
}

/**
 * Ends a queue's unfinished uploads as cancelled (the account they were for is no longer the profile's): each
 * one's transfer stops, its pending file is deleted on that account, and its lease is released with its final
 * state, before the session's engine closes.
 */
export async function endUploads(uploads: ActiveService['uploads']): Promise<number> {
  const unfinished = uploads.list().filter((item) => !FINAL_UPLOAD_STATES.includes(item.state))
  await Promise.all(unfinished.map((item) => uploads.cancel(item.id)))
  return unfinished.length
}
