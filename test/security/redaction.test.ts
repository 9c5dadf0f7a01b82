// Redaction: a service answer that echoes the request's credentials (its Authorization header, the key pair,
// the secret) never reaches the CLI's stderr, a call result, an event or a log line. The echo comes from a
// real HTTP server the real client and the real CLI talk to.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import electronLog from 'electron-log/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EventName } from '../../common/contract'
import { AppError } from '../../common/errors'
import { createServiceClient } from '../../main/core/service-client'
import { createAppHost, type AppHost } from '../../main/host/app-host'
import { dispatchCall } from '../../main/host/dispatch'
import { configureElectronLog, createRedactor, type Logger } from '../../main/host/logging'
import { CLI_BIN } from '../integration/support/cli-bin'

const accessKey = 'echo-access'
const secretKey = 'echo-S3cret-value'
const pair = `${accessKey}:${secretKey}`
const basic = Buffer.from(pair).toString('base64')
const header = `Basic ${basic}`
const FORBIDDEN = [secretKey, pair, basic, header]

let root: string
let echo: Server
let echoUrl: string
let host: AppHost
let log: Logger
let logFile: string
const events: Array<{ name: EventName; payload: unknown }> = []

/** Answers every request 401 with a message quoting what it was sent, in every form. */
function startEcho(): Promise<Server> {
  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? ''
    const decoded = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8')
    const message = `denied: you sent Authorization: ${auth} (${decoded}); secret ${decoded.split(':')[1]}; raw ${auth}`
    const body = JSON.stringify({ code: 401, message })
    res.writeHead(401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

function leaks(text: string): string[] {
  return FORBIDDEN.filter((secret) => text.includes(secret))
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sec-redaction-'))
  echo = await startEcho()
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
  const redactor = createRedactor()
  logFile = join(root, 'logs', 'main.log')
  log = configureElectronLog(electronLog, { file: logFile, redactor })
  host = await createAppHost({
    dataDir: join(root, 'data'),
    mode: 'browser',
    log,
    redactor,
    service: { retry: { maxRetries: 0 } },
  })
  host.events.subscribe((name, payload) => events.push({ name, payload }))
})

afterAll(async () => {
  await host?.close()
  await new Promise((resolve) => echo?.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

describe('a service error echoing the credentials', () => {
  it('reaches the caller of the service client redacted, its meaning kept', async () => {
    const client = createServiceClient({ baseUrl: echoUrl, accessKey, secretKey, retry: { maxRetries: 0 } })
    try {
      const error = await client.storageStatistic().then(
        () => undefined,
        (e: unknown) => e as AppError,
      )
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401 })
      expect(error!.message).toContain('denied: you sent Authorization')
      expect(leaks(error!.message)).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('reaches neither the dispatch result, the events nor the log, through a real profile', async () => {
    const saved = await dispatchCall(host.handlers, 'profiles:save', {
      name: 'Echo',
      baseUrl: echoUrl,
      accessKey,
      secretKey,
    })
    expect(saved.ok).toBe(true)
    const id = saved.ok ? (saved.value as { id: string }).id : ''
    await dispatchCall(host.handlers, 'profiles:activate', { id })
    const stats = await dispatchCall(host.handlers, 'storage:stats', undefined)
    expect(stats).toMatchObject({ ok: false, error: { kind: 'unauthorized' } })
    expect(JSON.stringify(stats)).toContain('denied: you sent Authorization')
    expect(leaks(JSON.stringify(stats))).toEqual([])

    await dispatchCall(host.handlers, 'connection:check', undefined)
    const unauthorized = events.find(
      (e) => e.name === 'connection:changed' && (e.payload as { status: string }).status === 'unauthorized',
    )
    expect(JSON.stringify(unauthorized?.payload)).toContain('denied')
    expect(leaks(JSON.stringify(events))).toEqual([])

    // A line from anywhere else (a raw error, a plain string) quoting the credentials.
    log.error('the service said', new Error(`echo: ${header} / ${pair}`), `${basic} ${secretKey}`)
    const text = await vi.waitFor(
      () => {
        const content = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
        if (!content.includes('the service said')) throw new Error('not written yet')
        return content
      },
      { timeout: 5_000 },
    )
    expect(leaks(text)).toEqual([])
  })

  it('is redacted at the page boundaries whatever part made the text', async () => {
    const handlers = {
      ...host.handlers,
      'app:info': () => {
        throw new AppError({ kind: 'server', message: `upstream quoted ${header} and ${pair}` })
      },
    } as typeof host.handlers
    const result = await dispatchCall(handlers, 'app:info', undefined, undefined, host.redactor)
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'server', message: expect.stringContaining('upstream') },
    })
    expect(leaks(JSON.stringify(result))).toEqual([])

    const seen: unknown[] = []
    const off = host.events.subscribe((_name, payload) => seen.push(payload))
    host.events.emit('outbox:changed', {
      online: false,
      sending: false,
      counts: { draft: 0, queued: 0, sending: 0, scheduled: 0, failed: 0, 'needs-attention': 0 },
      lastSyncAt: null,
      nextSyncAt: null,
      storeNotice: { kind: 'unreadable', message: `could not read: ${basic}` },
    })
    off()
    expect(JSON.stringify(seen)).toContain('could not read')
    expect(leaks(JSON.stringify(seen))).toEqual([])
  })

  it('never reaches the stderr of the real CLI', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'stats'], {
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: echoUrl,
        MEDIADECK_ACCESS_KEY: accessKey,
        MEDIADECK_SECRET_KEY: secretKey,
        MEDIADECK_DATA_DIR: join(root, 'cli-data'),
      },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(output).toContain('denied: you sent Authorization')
    expect(leaks(output)).toEqual([])
  })
})
