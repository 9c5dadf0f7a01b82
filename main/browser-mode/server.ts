// Over 400 lines on purpose: the page, the WebSocket and the file intake share one token, one Host/Origin check
// and one lifetime; the parts that stand alone are already modules (file-intake.ts, args.ts).
// Browser mode: the built renderer and the same handlers as the app, served on loopback only. Everything
// lives under /<token>/: the page, its assets, the WebSocket that carries calls and events, and the file
// intake. Without the random token every request is a 404, and requests whose Host or Origin is not this
// server are refused (DNS rebinding). A browser stand-in of the preload (preload/browser-bridge.ts) is
// injected into index.html before the app's own script, so the renderer code is the same as in the app.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { extname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import mime from 'mime'
import { WebSocketServer, type WebSocket } from 'ws'
import { apiSurface } from '../../common/api-surface'
import { INTERNAL_CALLS } from '../../common/contract'
import { AppError } from '../../common/errors'
import { LOCAL_FILE_ROUTE } from '../../common/local-files'
import { PICTURE_ROUTE } from '../../common/pictures'
import { SECRETS_FILE, createOwnerOnlySecretFile } from '../core/profiles/secret-file'
import { createAppHost, type AppHost, type AppHostOptions } from '../host/app-host'
import { readGrantedFile } from '../core/files/granted-file-reader'
import { contentSecurityPolicy, LOOPBACK_MEDIA_ORIGINS } from '../host/csp'
import { watchCopies } from '../host/copy-janitors'
import { dispatchCall } from '../host/dispatch'
import type { Logger } from '../core/ports'
import {
  DEFAULT_MAX_INTAKE_BYTES,
  DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES,
  intakeQuotaError,
  receiveFile,
} from './file-intake'
import { parseClientMessage, type ServerMessage } from '../../common/ws-protocol'
import { packEvent } from '../../common/wire-packing'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const DEFAULT_RENDERER_DIR = join(repoRoot, 'out', 'renderer')
const BRIDGE_SOURCE = join(repoRoot, 'preload', 'browser-bridge.ts')
const BRIDGE_BUILT = join(repoRoot, 'out', 'browser-bridge', 'browser-bridge.js')
export const BRIDGE_FILE_NAME = 'mediadeck-bridge.js'

/** Calls a page must not make over the socket: the preload's own doors for dropped paths. */
const REFUSED_OVER_SOCKET = new Set<string>(INTERNAL_CALLS)
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])
/**
 * The largest frame a page may send: room for the largest call (a drafts:import of 20 million characters) and
 * no more. A bigger frame closes the socket (1009) before it is buffered whole or parsed.
 */
const MAX_FRAME_BYTES = 32 * 1024 * 1024

export interface BrowserModeOptions {
  dataDir: string
  /** 0 or undefined: a free port. */
  port?: number
  /** The address to listen on; loopback only (default 127.0.0.1). */
  host?: string
  rendererDir?: string
  maxUploadBytes?: number
  /** The intake's quota of copies not yet named by an upload (default DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES). */
  maxUnclaimedUploadBytes?: number
  /**
   * The token in every address (at least 32 URL-safe characters); a random one when absent. The development
   * loop passes the same one to each start of main, so the page keeps its address across a restart.
   */
  token?: string
  /**
   * Development only: the loopback origin of Vite's dev server (http://127.0.0.1:5173), which serves the page
   * with hot reload while this server keeps the bridge, its socket and the file intake. Pages of that origin
   * (by any loopback name on its port) may then use the socket and the intake; the built renderer is neither
   * needed nor served. Absent, only this server's own origin is accepted.
   */
  devOrigin?: string
  /** Passed to the AppHost (tests shorten intervals and timeouts). */
  hostOptions?: Partial<Omit<AppHostOptions, 'dataDir' | 'mode'>>
  log?: Logger
}

export interface BrowserMode {
  /** The address to open, token included: http://127.0.0.1:PORT/<token>/ */
  url: string
  port: number
  host: AppHost
  /** Removes the copies of received files that nothing needs any more, now; resolves with their paths. */
  sweepIntake(): Promise<string[]>
  close(): Promise<void>
}

export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const bindHost = options.host ?? '127.0.0.1'
  if (!LOOPBACK_HOSTS.has(bindHost)) throw new Error(`browser mode listens on loopback only, not ${bindHost}`)
  const devOrigins = options.devOrigin === undefined ? [] : loopbackOrigins(options.devOrigin)
  const rendererDir = resolve(options.rendererDir ?? DEFAULT_RENDERER_DIR)
  const indexFile = join(rendererDir, 'index.html')
  if (options.devOrigin === undefined && !existsSync(indexFile)) {
    throw new Error(`the renderer is not built (${indexFile} is missing): run npm run build:renderer`)
  }
  // The built renderer is read once, at start: a rebuild running meanwhile (vite empties out/renderer first)
  // cannot break a page being served. Restart the browser mode to serve a new build.
  const renderer =
    options.devOrigin === undefined ? await snapshotFolder(rendererDir) : new Map<string, Buffer>()
  const indexHtml = renderer.get('index.html')?.toString('utf8')
  if (options.devOrigin === undefined && indexHtml === undefined)
    throw new Error(`the renderer build in ${rendererDir} changed while it was read`)
  // The bridge builds window.mediadeck from the API's names, which are handed to it here (it does not bundle
  // the contract: its schemas would run in every page before the app, preload/browser-bridge.ts).
  const bridge = `var MEDIADECK_API_SURFACE = ${JSON.stringify(apiSurface())};\n${await loadBridge()}`
  if (options.token !== undefined && !TOKEN_PATTERN.test(options.token)) {
    throw new Error('the browser mode token must be at least 32 URL-safe characters (A-Z a-z 0-9 - _)')
  }
  const token = options.token ?? randomBytes(24).toString('base64url')
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_INTAKE_BYTES
  const host = await createAppHost({
    ...options.hostOptions,
    info: { name: 'Mediadeck', version: packageVersion(), ...options.hostOptions?.info },
    dataDir: options.dataDir,
    mode: 'browser',
    log: options.log ?? options.hostOptions?.log,
    // No OS keychain in plain Node: a saved secret is kept in a file only the user can read, so the profile
    // survives a restart (docs/security.md).
    secretVault:
      options.hostOptions?.secretVault ?? createOwnerOnlySecretFile(join(options.dataDir, SECRETS_FILE)),
  })
  const log = host.log
  host.redactor.add(token)
  const intakeDir = join(options.dataDir, 'browser-uploads')
  const janitor = watchCopies(host, intakeDir, {
    forget: (paths) => host.grants.forget(paths),
    maxUnclaimedBytes: options.maxUnclaimedUploadBytes ?? DEFAULT_MAX_UNCLAIMED_INTAKE_BYTES,
    quotaError: intakeQuotaError,
  })

  let origin = ''
  const sockets = new Set<Socket>()
  const clients = new Set<WebSocket>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log.error('browser mode request failed', error)
      if (!res.headersSent) sendJson(res, 500, { kind: 'internal', message: 'internal error' })
      else res.destroy()
    })
  })

  /**
   * The names this server answers to: the loopback names on its port. The page may be opened by any of them
   * (people type localhost), so its socket and file intake must accept the same ones; any other Host (a
   * rebound DNS name) or Origin (another site) is refused.
   */
  function loopbackAuthorities(): string[] {
    const port = new URL(origin).port
    return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]
  }
  function allowedHost(req: IncomingMessage): boolean {
    return loopbackAuthorities().includes(req.headers.host ?? '')
  }
  /**
   * A same-origin request from a page this server served: Origin names the very Host the request went to; or,
   * in the development loop only, a page of Vite's dev server.
   */
  function allowedOrigin(req: IncomingMessage): boolean {
    if (!allowedHost(req)) return false
    const from = req.headers.origin
    return from === `http://${req.headers.host}` || (from !== undefined && devOrigins.includes(from))
  }
  /** The dev page's origin a cross-origin intake answer names (CORS), or undefined: none outside the loop. */
  function corsOrigin(req: IncomingMessage): string | undefined {
    const from = req.headers.origin
    return from !== undefined && devOrigins.includes(from) && allowedHost(req) ? from : undefined
  }

  /** The path under /<token>/, or undefined when the token is missing or wrong. */
  function tokenPath(req: IncomingMessage): string | undefined {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const prefix = `/${token}/`
    if (path === `/${token}`) return ''
    return path.startsWith(prefix) ? path.slice(prefix.length) : undefined
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rest = allowedHost(req) ? tokenPath(req) : undefined
    if (rest === undefined) return sendText(res, 404, 'not found')
    if (req.method === 'POST' && rest === 'files') return intake(req, res)
    // The bridge posts a file with a non-simple content type, so a dev page (another origin) asks first.
    if (req.method === 'OPTIONS' && rest === 'files' && corsOrigin(req) !== undefined) {
      res
        .writeHead(204, {
          'access-control-allow-origin': corsOrigin(req)!,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
          vary: 'origin',
        })
        .end()
      return
    }
    if (rest === LOCAL_FILE_ROUTE) return sendGrantedFile(req, res)
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'method not allowed')
    if (rest === PICTURE_ROUTE) return sendPicture(req, res)
    if (rest === '' && !(req.url ?? '').split('?')[0]!.endsWith('/')) {
      res.writeHead(302, { location: `/${token}/` }).end()
      return
    }
    if (options.devOrigin !== undefined && (rest === '' || rest === 'index.html')) {
      // Vite serves the page in the development loop (with this bridge injected, see scripts/dev.mjs).
      res.writeHead(302, { location: `${options.devOrigin}/` }).end()
      return
    }
    if (rest === '' || rest === 'index.html') return sendIndex(res)
    if (rest === BRIDGE_FILE_NAME) return send(res, 200, bridge, 'text/javascript; charset=utf-8')
    let decoded: string
    try {
      decoded = decodeURIComponent(rest)
    } catch {
      // A malformed escape (%E0%A4%A) names no file: a plain 404, not a logged internal error.
      return sendText(res, 404, 'not found')
    }
    const file = resolve(rendererDir, decoded)
    if (!file.startsWith(rendererDir + sep)) return sendText(res, 404, 'not found')
    const body = renderer.get(relative(rendererDir, file).split(sep).join('/'))
    if (!body) return sendText(res, 404, 'not found')
    send(res, 200, body, mime.getType(extname(file)) ?? 'application/octet-stream', 'public, max-age=3600')
  }

  /** /<token>/local-file?path=…: a file the person gave the app (core/files/granted-file-reader.ts decides). */
  async function sendGrantedFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = await readGrantedFile(host.grants, {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://x').searchParams.get('path'),
      range: req.headers.range,
    })
    res.writeHead(answer.status, { ...answer.headers, 'referrer-policy': 'no-referrer' })
    if (!answer.body) return void res.end(answer.message)
    const body = answer.body
    body.on('error', () => res.destroy())
    res.on('close', () => body.destroy())
    body.pipe(res)
  }

  /** /<token>/picture?src=…&key=…: a picture of another host, fetched and kept by main (host/pictures.ts). */
  async function sendPicture(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = await host.pictures.answer(new URL(req.url ?? '/', 'http://x').searchParams)
    res.writeHead(answer.status, answer.headers)
    res.end(req.method === 'HEAD' ? undefined : answer.body)
  }

  function sendIndex(res: ServerResponse): void {
    const html = indexHtml!
    // A classic synchronous script in <head> runs before the app's module script, so window.mediadeck exists
    // when the app starts.
    // The empty icon stops the browser asking for /favicon.ico, which is outside the token and would 404.
    const tag = `<script src="./${BRIDGE_FILE_NAME}"></script>\n    <link rel="icon" href="data:," />`
    const injected = /<head[^>]*>/i.test(html)
      ? html.replace(/<head[^>]*>/i, (m) => `${m}\n    ${tag}`)
      : tag + html
    send(res, 200, injected, 'text/html; charset=utf-8')
  }

  async function intake(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.origin !== undefined && !allowedOrigin(req)) return sendText(res, 403, 'forbidden')
    const cors = corsOrigin(req)
    if (cors !== undefined) {
      res.setHeader('access-control-allow-origin', cors)
      res.setHeader('vary', 'origin')
    }
    const name = new URL(req.url ?? '/', 'http://x').searchParams.get('name') ?? ''
    if (!name)
      return sendJson(res, 400, { kind: 'validation', field: 'name', message: 'a file name is required' })
    try {
      const picked = await receiveFile(req, {
        dir: intakeDir,
        name,
        maxBytes: maxUploadBytes,
        grants: host.grants,
        onFolder: (folder, bytes) => janitor.received(folder, bytes),
        onBytes: (folder, bytes) => janitor.grow(folder, bytes),
        onFailed: (folder) => janitor.release(folder),
      })
      sendJson(res, 200, picked)
    } catch (error) {
      const data = AppError.from(error).toJSON()
      sendJson(res, data.kind === 'internal' ? 500 : 400, data)
      req.resume()
    }
  }

  function send(
    res: ServerResponse,
    status: number,
    body: string | Buffer,
    type: string,
    cache = 'no-store',
  ): void {
    res.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'cache-control': cache,
      'content-security-policy': contentSecurityPolicy({
        mediaOrigins: LOOPBACK_MEDIA_ORIGINS,
        // A CSP source cannot name an IPv6 literal (Chromium warns and ignores `ws://[::1]:PORT`); a page served
        // on [::1] reaches its own socket through 'self', which CSP Level 3 extends to ws: on the same host.
        connectOrigins: loopbackAuthorities()
          .filter((authority) => !authority.startsWith('['))
          .map((authority) => `ws://${authority}`),
      }),
      // The token is in the address: never send it to another site in a Referer.
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    })
    res.end(body)
  }
  const sendText = (res: ServerResponse, status: number, text: string) =>
    send(res, status, text, 'text/plain; charset=utf-8')
  const sendJson = (res: ServerResponse, status: number, value: unknown) =>
    send(res, status, JSON.stringify(value), 'application/json')

  server.on('upgrade', (req, socket, head) => {
    const ok = allowedOrigin(req) && tokenPath(req) === 'ws'
    if (!ok) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws))
  })

  function serveSocket(ws: WebSocket): void {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    ws.on('error', () => clients.delete(ws))
    ws.on('message', (data) => {
      const message = parseClientMessage(String(data))
      if (!message) return
      const run = REFUSED_OVER_SOCKET.has(message.name)
        ? Promise.resolve({
            ok: false as const,
            error: {
              kind: 'validation' as const,
              message: `${message.name} is not available in browser mode`,
            },
          })
        : dispatchCall(host.handlers, message.name, message.request, log, host.redactor)
      void run
        .then((result) => {
          if (!sendMessage(ws, { t: 'result', id: message.id, result })) {
            // The answer could not be serialised (a value too deep for JSON): say so rather than leave the
            // page waiting, and never let the throw reach the process.
            const error = {
              kind: 'internal' as const,
              message: `${message.name}: the answer could not be sent`,
            }
            sendMessage(ws, { t: 'result', id: message.id, result: { ok: false, error } })
          }
        })
        .catch((error) => log.error('browser mode call failed', error))
    })
  }

  /** False when the message could not be serialised; the error is logged, never thrown. */
  function sendMessage(ws: WebSocket, message: ServerMessage): boolean {
    if (ws.readyState !== ws.OPEN) return true
    let text: string
    try {
      text = JSON.stringify(message)
    } catch (error) {
      log.error(`browser mode could not serialise a ${message.t}`, error)
      return false
    }
    ws.send(text)
    return true
  }

  // A list's records go packed, as to the app window (common/wire-packing.ts); the bridge's API unpacks them.
  const unsubscribe = host.events.subscribe((name, payload) => {
    if (clients.size === 0) return
    const packed = packEvent(name, payload)
    for (const ws of clients) sendMessage(ws, { t: 'event', name, payload: packed })
  })

  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, bindHost, () => {
        server.off('error', reject)
        resolveListen()
      })
    })
  } catch (error) {
    await host.close()
    throw error
  }
  const port = (server.address() as AddressInfo).port
  origin = `http://${bindHost === '::1' ? '[::1]' : bindHost}:${port}`
  const url = `${origin}/${token}/`
  log.info(`browser mode on ${origin}`)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    host,
    sweepIntake: () => janitor.sweep(),
    close() {
      closing ??= (async () => {
        unsubscribe()
        await janitor.close()
        for (const ws of clients) ws.terminate()
        wss.close()
        await new Promise<void>((done) => {
          server.close(() => done())
          for (const socket of sockets) socket.destroy()
        })
        await host.close()
      })()
      return closing
    },
  }
}

/** A token as the development loop passes it: what randomBytes(24).toString('base64url') makes, or longer. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,}$/

/**
 * The same loopback origin under each name it answers to (a person may type localhost for 127.0.0.1). Throws
 * for anything but http on a loopback name with an explicit port: the dev origin is trusted with the bridge.
 */
export function loopbackOrigins(origin: string): string[] {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new Error(`the dev server origin is not a URL: ${origin}`)
  }
  const name = url.hostname === '[::1]' ? '::1' : url.hostname
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(name) || url.port === '' || url.origin !== origin) {
    throw new Error(`the dev server origin must be http://127.0.0.1:PORT (loopback, no path), not ${origin}`)
  }
  return [`http://127.0.0.1:${url.port}`, `http://localhost:${url.port}`, `http://[::1]:${url.port}`]
}

/** Every file under `root` by its slash-separated relative path. A built renderer is a few megabytes. */
async function snapshotFolder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = join(entry.parentPath, entry.name)
    const body = await readFile(full).catch(() => undefined)
    if (body) files.set(relative(root, full).split(sep).join('/'), body)
  }
  return files
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return '0.0.0'
  }
}

/** The bridge from source when esbuild is at hand (development), else the one scripts/build-main.mjs built. */
async function loadBridge(): Promise<string> {
  if (existsSync(BRIDGE_SOURCE)) {
    try {
      const esbuild = await import('esbuild')
      const result = await esbuild.build({
        entryPoints: [BRIDGE_SOURCE],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'chrome130',
        write: false,
        minify: false,
        legalComments: 'none',
      })
      return result.outputFiles[0]!.text
    } catch (error) {
      if (!existsSync(BRIDGE_BUILT)) throw error
    }
  }
  return readFile(BRIDGE_BUILT, 'utf8')
}
