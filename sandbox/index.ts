// The sandbox: a local stand-in of the Repliz service (API + S3-style storage origin) on one port.
// Requests with Host `localhost:PORT` go to the storage origin, every other Host to the API, so the two are
// distinct origins (the client must never send its Basic credentials to storage) while both survive a
// restart on the same port. See sandbox/README.md.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { PlanTier } from '../common/service'
import { PLAN_TIERS } from '../common/service'
import { accountRoutes } from './account-api'
import { applyDisconnectedAccounts } from './account-connections'
import { addonRoutes } from './addon-api'
import { automationRoutes } from './automation-api'
import { chatRoutes } from './chat-api'
import { commentRoutes } from './comment-api'
import { contentRoutes } from './content-api'
import {
  DEFAULT_SANDBOX_CONFIG,
  parseSandboxConfig,
  parseSandboxFaults,
  rateLimitRetryAfter,
  type SandboxConfig,
  type SandboxFaults,
} from './config'
import type { SandboxContext } from './context'
import { HttpError, sendError } from './http-util'
import {
  addIncoming,
  removeMessages,
  type AddedIncoming,
  type IncomingChatMessage,
  type IncomingComment,
} from './inbox-api'
import { deliverIncoming } from './inbox-seed'
import { avatarPng, avatarSvg } from './images'
import { createObjectStore } from './objects'
import { createPresigner } from './presign'
import { createPublisher, DEFAULT_PUBLISH_DURATION_MS } from './publisher'
import { Query } from './query'
import { createRandom } from './random'
import { matchRoute, type Route } from './route'
import { reportRoutes } from './report-api'
import { scheduleRoutes } from './schedule-api'
import { statisticRoutes } from './statistic-api'
import { createStorageOrigin } from './storage-origin'
import { storageRoutes } from './storage-api'
import { templateRoutes } from './template-api'
import { openStore } from './store'
import { authenticate, ensureUsers, userSeedOf } from './users'

export type { AddedIncoming, IncomingChatMessage, IncomingComment } from './inbox-api'
export type { SandboxAddons, SandboxConfig, SandboxFaults, SandboxUserConfig } from './config'
export { DEFAULT_SANDBOX_CONFIG, parseSandboxConfig, parseSandboxFaults } from './config'

export interface RunningSandbox {
  /** http://127.0.0.1:PORT, no trailing slash: the API's base URL. */
  url: string
  port: number
  config: SandboxConfig
  /** http://localhost:PORT: the storage origin (upload addresses and public file URLs). */
  storageUrl: string
  dataDir: string
  /** Replaces the active faults (validated; `{}` clears them). Takes effect on the next request. */
  setFaults(f: SandboxFaults): void
  /** Runs the publisher once as of `now()`; resolves when its changes are on disk. */
  tick(): Promise<void>
  /** Marks an account connected or disconnected (reproducible publish failures); false if not found. */
  setAccountConnected(accountId: string, isConnected: boolean): Promise<boolean>
  /**
   * Stores records exactly as given for the user with `accessKey` (its userId filled in when absent), and
   * serves them as they are: the drift a years-old service holds (members missing, null, numbers as text,
   * no id at all), for tests of the client's tolerant reading.
   */
  insertRecords(accessKey: string, records: RawRecords): Promise<void>
  /**
   * People write to the user's accounts now (or at each item's `at`): comments (queued pending, then the
   * content's automation acts on them) and direct messages (unread). Resolves once they are on disk.
   */
  addIncoming(
    accessKey: string,
    items: { comments?: IncomingComment[]; messages?: IncomingChatMessage[] },
  ): Promise<AddedIncoming>
  /** Direct messages unsent by their sender: gone from their chat's pages. Resolves with how many were held. */
  removeMessages(accessKey: string, ids: readonly string[]): Promise<number>
  close(): Promise<void>
}

export interface RawRecords {
  accounts?: Record<string, unknown>[]
  automations?: Record<string, unknown>[]
  schedules?: Record<string, unknown>[]
  files?: Record<string, unknown>[]
  templates?: Record<string, unknown>[]
  reports?: Record<string, unknown>[]
  comments?: Record<string, unknown>[]
  chats?: Record<string, unknown>[]
  messages?: Record<string, unknown>[]
}

export interface StartSandboxOptions {
  host?: string
  port?: number
  dataDir: string
  config?: SandboxConfig
  now?: () => Date
  log?: (line: string) => void
  /** How often the publisher runs by itself, in ms (default 1000); 0 turns the timer off (drive `tick()`). */
  publisherIntervalMs?: number
  /** How long a post stays in `process` before success/error, in ms (default 2000). */
  publishDurationMs?: number
  /** How the `latencyMs` fault waits: a timer by default; tests record the waits instead of sitting them out. */
  sleep?: (ms: number) => Promise<void>
}

/** Every API route the sandbox serves (the contract test asks it which OpenAPI operations it serves). */
export const ROUTES: readonly Route[] = [
  ...storageRoutes,
  ...accountRoutes,
  ...scheduleRoutes,
  ...addonRoutes,
  ...automationRoutes,
  ...templateRoutes,
  ...reportRoutes,
  ...statisticRoutes,
  ...contentRoutes,
  ...commentRoutes,
  ...chatRoutes,
]

const FAULT_ERRORS = [
  [500, 'internal server error'],
  [502, 'bad gateway'],
  [503, 'service unavailable'],
] as const

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function tierAllows(have: PlanTier, need: PlanTier): boolean {
  return PLAN_TIERS.indexOf(have) >= PLAN_TIERS.indexOf(need)
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

export async function startSandbox(o: StartSandboxOptions): Promise<RunningSandbox> {
  const host = o.host ?? '127.0.0.1'
  const config = parseSandboxConfig(o.config ?? DEFAULT_SANDBOX_CONFIG)
  let faults: SandboxFaults = config.faults ?? {}
  const log = o.log ?? (() => undefined)
  const now = o.now ?? (() => new Date())
  const random = createRandom(config.randomSeed ?? Date.now())

  const store = await openStore(o.dataDir)
  const objects = createObjectStore(o.dataDir)
  await objects.sweep(new Set(store.data.files.map((file) => file.key)))
  const presigner = createPresigner(store.data.storageSecret)

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      log(`unexpected error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`)
      if (!res.headersSent) sendError(res, 500, 'internal server error')
      else res.destroy()
    })
  }
  const server = createServer({ keepAliveTimeout: 5000 }, handler)
  await listen(server, o.port ?? 0, host)
  const port = (server.address() as AddressInfo).port
  // `localhost` may resolve to ::1 first; answer there too when the system has IPv6 (best effort).
  const v6 = createServer({ keepAliveTimeout: 5000 }, handler)
  const v6Listening =
    host === '127.0.0.1'
      ? await listen(v6, port, '::1').then(
          () => true,
          () => false,
        )
      : false

  const loopbackHost = host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host
  const origins = {
    api: `http://${loopbackHost}:${port}`,
    storage: `http://localhost:${port}`,
    storageHost: `localhost:${port}`,
  }
  const ctx: SandboxContext = { store, objects, presigner, config, faults: () => faults, now, origins, log }
  try {
    await ensureUsers(ctx, config.users, config.randomSeed ?? 0)
    await applyDisconnectedAccounts(ctx, config.users)
  } catch (error) {
    // Seeding failed (disk full, unwritable dir): do not leave a half-started server listening.
    server.close()
    if (v6Listening) v6.close()
    throw error
  }
  const handleStorage = createStorageOrigin({ ctx, random })
  const publisher = createPublisher(ctx, o.publishDurationMs ?? DEFAULT_PUBLISH_DURATION_MS)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.invalid')
    } catch {
      req.resume()
      return sendError(res, 400, 'malformed request target')
    }
    const latency = faults.latencyMs ?? 0
    if (latency > 0) await (o.sleep ?? sleep)(latency)

    const avatar = /^\/__sandbox\/avatar\/([^/]+)\.(svg|png)$/.exec(url.pathname)
    if (avatar && (req.method === 'GET' || req.method === 'HEAD')) {
      let name = avatar[1]!
      try {
        name = decodeURIComponent(name)
      } catch {
        // keep the raw text as the name
      }
      const png = avatar[2] === 'png'
      const body = png ? avatarPng(name) : avatarSvg(name)
      res.writeHead(200, {
        'content-type': png ? 'image/png' : 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
      })
      return void res.end(req.method === 'HEAD' ? undefined : body)
    }

    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
    if (hostname === 'localhost') return handleStorage(req, res, url)

    if (random.chance(faults.dropRequestRate ?? 0)) return void req.socket.destroy()
    if (random.chance(faults.serverErrorRate ?? 0)) {
      req.resume()
      const [status, message] = FAULT_ERRORS[Math.floor(random.next() * FAULT_ERRORS.length)]!
      return sendError(res, status, message)
    }
    if (random.chance(faults.rateLimitRate ?? 0)) {
      req.resume()
      res.setHeader('retry-after', rateLimitRetryAfter(faults))
      return sendError(res, 429, 'too many requests')
    }

    const match = matchRoute(ROUTES, req.method ?? '', url.pathname)
    if (match === null || match === 'method-not-allowed') {
      req.resume()
      return sendError(res, 404, `Cannot ${req.method} ${url.pathname}`)
    }
    const user = authenticate(req, ctx)
    if (!user) {
      req.resume()
      return sendError(res, 401, 'unauthorized')
    }
    if (!tierAllows(user.config.tier, match.route.tier)) {
      req.resume()
      return sendError(res, 402, 'invalid plan')
    }
    try {
      await match.route.handle({
        req,
        res,
        params: match.params,
        query: new Query(url.searchParams),
        user,
        ctx,
      })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      req.resume()
      sendError(res, error.status, error.message)
    }
  }

  const publisherIntervalMs = o.publisherIntervalMs ?? 1000
  let ticking: Promise<void> = Promise.resolve()
  /** The incoming stream (config `incoming`): its items due by now, on disk before the tick resolves. */
  const incoming = async (): Promise<void> => {
    if (!config.incoming) return
    const { changes, users } = deliverIncoming(ctx, config.incoming.everySeconds, (u) =>
      userSeedOf(u.accessKey, config.randomSeed ?? 0),
    )
    // The users' stream counters are not journalled records: a whole snapshot holds them.
    if (users) await store.commit()
    else if (changes.length > 0) await store.commit(changes)
  }
  const tick = (): Promise<void> => {
    ticking = ticking
      .then(() => publisher.tick())
      .then(incoming)
      .catch((error: unknown) => log(`publisher: ${String(error)}`))
    return ticking
  }
  const timer = publisherIntervalMs > 0 ? setInterval(() => void tick(), publisherIntervalMs) : null
  timer?.unref()

  const sockets = new Set<Socket>()
  for (const s of [server, v6]) {
    s.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
  }

  log(`API ${origins.api}, storage origin ${origins.storage}, data in ${o.dataDir}`)

  let closed: Promise<void> | null = null
  return {
    url: origins.api,
    port,
    config,
    storageUrl: origins.storage,
    dataDir: o.dataDir,
    setFaults(f) {
      faults = parseSandboxFaults(f)
    },
    tick,
    async setAccountConnected(accountId, isConnected) {
      const account = store.data.accounts.find((a) => a._id === accountId)
      if (!account) return false
      account.isConnected = isConnected
      account.updatedAt = now().toISOString()
      await store.commit()
      return true
    },
    async insertRecords(accessKey, records) {
      const user = store.data.users.find((u) => u.accessKey === accessKey)
      if (!user) throw new Error(`no sandbox user ${accessKey}`)
      const own = (r: Record<string, unknown>) => ({ userId: user.userId, ...r })
      // Deliberately unchecked: these records stand for what the real service may hold.
      const data = store.data as unknown as Record<keyof RawRecords, Record<string, unknown>[]>
      const kinds = [
        'accounts',
        'automations',
        'schedules',
        'files',
        'templates',
        'reports',
        'comments',
        'chats',
        'messages',
      ] as const
      for (const kind of kinds) {
        data[kind].push(...(records[kind] ?? []).map(own))
      }
      await store.commit()
    },
    async addIncoming(accessKey, items) {
      const { added, changes } = addIncoming(ctx, accessKey, items)
      await store.commit(changes)
      return added
    },
    async removeMessages(accessKey, ids) {
      const { removed, changes } = removeMessages(ctx, accessKey, ids)
      await store.commit(changes)
      return removed
    },
    close() {
      closed ??= (async () => {
        if (timer) clearInterval(timer)
        const done = Promise.all([
          new Promise<void>((resolve) => server.close(() => resolve())),
          v6Listening ? new Promise<void>((resolve) => v6.close(() => resolve())) : Promise.resolve(),
        ])
        // Idle keep-alive sockets would hold close() open; in-flight ones get a moment to finish.
        server.closeIdleConnections()
        v6.closeIdleConnections()
        const force = setTimeout(() => sockets.forEach((s) => s.destroy()), 1000)
        await done
        clearTimeout(force)
        await ticking
        await store.close()
      })()
      return closed
    },
  }
}
