// How the service client and the storage PUTs reach the network: directly, through the proxy the environment
// names (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as curl and undici read them), or through whatever proxy the
// system picks per address (the app passes a resolver; Electron's session.resolveProxy answers in PAC form).
// Each user of the network owns (and closes) the dispatcher a factory makes, with its own timeouts.
//
// Proxies are reached with CONNECT for every target, http:// included (undici's default, `proxyTunnel`): the
// proxy then sees only the CONNECT line, its own Proxy-Authorization (from credentials in the proxy URL) and
// the target's host, never the request inside the tunnel, so no Authorization reaches the proxy.
import { Agent, Dispatcher, EnvHttpProxyAgent, ProxyAgent } from 'undici'

export type DispatcherFactory = (options: Agent.Options) => Dispatcher

/** No proxy: one Agent, keeping connections alive per origin. */
export const directDispatcher: DispatcherFactory = (options) => new Agent(options)

/** The proxy settings an environment names; null when it names none (then nothing differs from direct). */
export function proxyEnv(
  env: NodeJS.ProcessEnv,
): { httpProxy: string; httpsProxy: string; noProxy: string } | null {
  // Lower case first, as curl and undici do: it is the form that cannot be set by a CGI request header.
  const pick = (name: string): string => (env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '').trim()
  const httpProxy = pick('http_proxy')
  const httpsProxy = pick('https_proxy')
  if (!httpProxy && !httpsProxy) return null
  return { httpProxy, httpsProxy, noProxy: pick('no_proxy') }
}

/**
 * undici's own EnvHttpProxyAgent, fed from `env` (not process.env, so a test or an embedding decides) with
 * each value passed explicitly: an empty string is "none", where undefined would make undici read process.env.
 */
export function envProxyDispatcher(env: NodeJS.ProcessEnv): DispatcherFactory {
  const proxy = proxyEnv(env)
  if (!proxy) return directDispatcher
  return (options) => new EnvHttpProxyAgent({ ...options, ...proxy })
}

/** Answers, for a URL, the proxies to try in PAC form: "DIRECT", "PROXY host:port; DIRECT", "SOCKS5 h:p". */
export type ProxyResolver = (url: string) => Promise<string>

/** The first usable entry of a PAC answer as a proxy URL, or null for DIRECT (or nothing usable). */
export function proxyFromPac(answer: string): string | null {
  for (const entry of answer.split(';')) {
    const [kind, hostPort] = entry.trim().split(/\s+/)
    switch (kind?.toUpperCase()) {
      case 'DIRECT':
        return null
      case 'PROXY':
        if (hostPort) return `http://${hostPort}`
        break
      case 'HTTPS':
        if (hostPort) return `https://${hostPort}`
        break
      case 'SOCKS':
      case 'SOCKS5':
        if (hostPort) return `socks5://${hostPort}`
        break
    }
  }
  return null
}

/** How long the proxy chosen for an origin is reused before the system is asked again. */
const RESOLVE_TTL_MS = 60_000

/**
 * A dispatcher that asks `resolve` which proxy serves each origin (cached a minute per origin) and sends the
 * request through an agent for that proxy, or directly. A resolver that fails means direct: the request then
 * fails or succeeds on its own merits instead of on the resolver's.
 */
export function resolvingProxyDispatcher(
  resolve: ProxyResolver,
  now: () => number = Date.now,
): DispatcherFactory {
  return (options) => new ResolvingProxyDispatcher(resolve, options, now)
}

class ResolvingProxyDispatcher extends Dispatcher {
  readonly #direct: Agent
  readonly #viaProxy = new Map<string, ProxyAgent>()
  readonly #chosen = new Map<string, { at: number; proxy: Promise<string | null> }>()

  constructor(
    private readonly resolve: ProxyResolver,
    private readonly options: Agent.Options,
    private readonly now: () => number,
  ) {
    super()
    this.#direct = new Agent(options)
  }

  #proxyFor(origin: string): Promise<string | null> {
    const cached = this.#chosen.get(origin)
    if (cached && this.now() - cached.at < RESOLVE_TTL_MS) return cached.proxy
    const proxy = this.resolve(`${origin}/`).then(proxyFromPac, () => null)
    this.#chosen.set(origin, { at: this.now(), proxy })
    return proxy
  }

  #agentFor(proxy: string | null): Dispatcher {
    if (!proxy) return this.#direct
    let agent = this.#viaProxy.get(proxy)
    if (!agent) this.#viaProxy.set(proxy, (agent = new ProxyAgent({ ...this.options, uri: proxy })))
    return agent
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = typeof options.origin === 'string' ? options.origin : String(options.origin)
    void this.#proxyFor(new URL(origin).origin).then((proxy) => {
      this.#agentFor(proxy).dispatch(options, handler)
    })
    return true
  }

  override async close(): Promise<void> {
    await Promise.all([this.#direct.close(), ...[...this.#viaProxy.values()].map((a) => a.close())])
  }

  override async destroy(): Promise<void> {
    await Promise.all([this.#direct.destroy(), ...[...this.#viaProxy.values()].map((a) => a.destroy())])
  }
}
