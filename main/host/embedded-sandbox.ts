// The built-in Sandbox profile: the sandbox service started in this process on a free loopback port, with a
// premium demo user and demo data under <dataDir>/sandbox. It prefers the port it had last time, because the
// demo files' public URLs (and the upload journal) name that port; when it is taken, any free port will do.
import { join } from 'node:path'
import { DEFAULT_SANDBOX_CONFIG, startSandbox } from '../../sandbox/index'
import type { RunningSandbox, SandboxConfig, SandboxFaults } from '../../sandbox/index'
import type { Logger } from './logging'

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
  setFaults(faults: SandboxFaults): void
  /** The running sandbox itself, for tests (publisher ticks, account state). */
  handle(): RunningSandbox | undefined
}

export interface EmbeddedSandboxOptions {
  dataDir: string
  host?: string
  /** Port to try first (the last one used); 0 or undefined picks a free one. */
  preferredPort?: number | null
  onPort?: (port: number) => void
  config?: SandboxConfig
  log?: Logger
}

export function embeddedSandboxConfig(): SandboxConfig {
  const demo = DEFAULT_SANDBOX_CONFIG.users[0]!
  return { ...DEFAULT_SANDBOX_CONFIG, users: [{ ...demo, tier: 'premium', seed: 'demo' }] }
}

export function createEmbeddedSandbox(options: EmbeddedSandboxOptions): EmbeddedSandbox {
  const config = options.config ?? embeddedSandboxConfig()
  const user = config.users[0]!
  const host = options.host ?? '127.0.0.1'
  let port = options.preferredPort ?? 0
  let running: RunningSandbox | undefined
  let starting: Promise<void> | undefined
  let faults: SandboxFaults = {}

  async function startOn(p: number): Promise<RunningSandbox> {
    return startSandbox({
      host,
      port: p,
      dataDir: join(options.dataDir, 'sandbox'),
      config,
      log: (line) => options.log?.debug(`sandbox: ${line}`),
    })
  }

  return {
    get running() {
      return running !== undefined
    },
    get url() {
      if (!running) throw new Error('the sandbox has not been started')
      return running.url
    },
    get port() {
      return port
    },
    credentials: { accessKey: user.accessKey, secretKey: user.secretKey },
    start() {
      if (running) return Promise.resolve()
      starting ??= (async () => {
        try {
          running = await startOn(port)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error
          options.log?.warn(`sandbox: port ${port} is taken, using a free one`)
          running = await startOn(0)
        }
        if (running.port !== port) {
          port = running.port
          options.onPort?.(port)
        }
        running.setFaults(faults)
        options.log?.info(`sandbox listening on ${running.url}`)
      })().finally(() => {
        starting = undefined
      })
      return starting
    },
    async stop() {
      await starting?.catch(() => undefined)
      const current = running
      running = undefined
      await current?.close()
    },
    setFaults(next) {
      faults = next
      running?.setFaults(next)
    },
    handle: () => running,
  }
}
