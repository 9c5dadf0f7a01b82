// The built-in Sandbox profile: the sandbox service started in this process on a free loopback port, with a
// premium demo user and demo data under <dataDir>/sandbox. Its public file URLs name its port
// (http://localhost:PORT/uploads/...) and drafts and scheduled posts keep them, so the first port it gets is
// remembered (onPort) and asked for again on every launch. When another program holds it, any free port does
// for that session, said in the log; the remembered port stays, since the URLs stored so far name it.
import { join } from 'node:path'
import { DEFAULT_SANDBOX_CONFIG, startSandbox } from '../../sandbox/index'
import type { RunningSandbox, SandboxConfig, SandboxFaults } from '../../sandbox/index'
import type { EmbeddedSandbox, Logger } from '../core/ports'

/** The port (main/core/ports.ts) plus what tests reach for. */
export interface SandboxHandle extends EmbeddedSandbox {
  setFaults(faults: SandboxFaults): void
  /** The running sandbox itself, for tests (publisher ticks, account state). */
  handle(): RunningSandbox | undefined
}

export interface EmbeddedSandboxOptions {
  dataDir: string
  host?: string
  /** Port to try first (the remembered one); 0 or undefined picks a free one. */
  preferredPort?: number | null
  /** Called once with the port picked when there was none to prefer: the one to remember. */
  onPort?: (port: number) => void
  config?: SandboxConfig
  /** The service's clock (tests); the wall clock by default. */
  now?: () => Date
  log?: Logger
}

export function embeddedSandboxConfig(): SandboxConfig {
  const demo = DEFAULT_SANDBOX_CONFIG.users[0]!
  return { ...DEFAULT_SANDBOX_CONFIG, users: [{ ...demo, tier: 'premium', seed: 'demo' }] }
}

export function createEmbeddedSandbox(options: EmbeddedSandboxOptions): SandboxHandle {
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
      ...(options.now ? { now: options.now } : {}),
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
        const wanted = port
        try {
          running = await startOn(wanted)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw error
          running = await startOn(0)
          options.log?.warn(
            `sandbox: port ${wanted} is taken, using ${running.port} for now: file URLs of this session name ` +
              `port ${running.port}, the ones saved before need port ${wanted} free again`,
          )
        }
        // Later starts in this session (stop/start) keep the port the active client was built with.
        port = running.port
        if (wanted === 0) options.onPort?.(port)
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
