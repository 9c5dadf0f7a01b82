// "Copy diagnostics" never carries a secret: a profile's secret key, its Basic auth encoding, the built-in
// sandbox's key or the browser-mode token, wherever they appear (settings, profiles, the log tail), even in
// log lines written before the app knew them (an earlier session's file).
import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import { startSandbox, type RunningSandbox } from '../../sandbox/index'

let root: string
let mode: BrowserMode
let service: RunningSandbox
const accessKey = `ak-${randomBytes(6).toString('hex')}`
const secretKey = `sk-${randomBytes(12).toString('base64url')}`
const basic = Buffer.from(`${accessKey}:${secretKey}`).toString('base64')
let logFile: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'diag-secrets-'))
  const renderer = join(root, 'renderer')
  mkdirSync(renderer, { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><body></body></html>')
  logFile = join(root, 'logs', 'browser-mode.log')
  mkdirSync(join(root, 'logs'))
  service = await startSandbox({
    dataDir: join(root, 'service'),
    port: 0,
    config: { users: [{ accessKey, secretKey, tier: 'premium', storageLimit: 1e9, seed: 'empty' }] },
  })
  mode = await startBrowserMode({
    dataDir: join(root, 'data'),
    rendererDir: renderer,
    hostOptions: { info: { logFile } },
  })
})

afterAll(async () => {
  await mode?.close()
  await service?.close()
  rmSync(root, { recursive: true, force: true })
})

it('keeps every secret out of the diagnostics, and shows the log file in browser mode', async () => {
  const token = new URL(mode.url).pathname.split('/')[1]!
  expect(token.length).toBeGreaterThan(20)
  const sandboxSecret = mode.host.sandbox.credentials.secretKey
  const saved = await mode.host.call('profiles:save', {
    name: 'Shop',
    baseUrl: service.url,
    accessKey,
    secretKey,
  })
  await mode.host.call('profiles:activate', { id: saved.id })
  // Lines an earlier session wrote raw, and one in the usual shape of a failed request.
  appendFileSync(
    logFile,
    [
      `[info] request failed with Authorization: Basic ${basic}`,
      `[info] opened ${mode.url} (token ${token})`,
      `[warn] profile {"accessKey":"${accessKey}","secretKey":"${secretKey}"}`,
      `[warn] bare secret ${secretKey} and bare pair ${basic} and sandbox ${sandboxSecret}`,
      '[info] the last line',
      '',
    ].join('\n'),
  )

  const report = await mode.host.call('app:diagnostics')
  for (const secret of [secretKey, basic, token, sandboxSecret]) expect(report.content).not.toContain(secret)
  const parsed = JSON.parse(report.content) as {
    app: { logFile?: string; mode: string }
    log: string[]
    profiles: { activeId: string; profiles: Array<Record<string, unknown>> }
    settings: Record<string, unknown>
    uploads: unknown
    outbox: unknown
  }
  expect(parsed.app).toMatchObject({ mode: 'browser', logFile })
  expect(parsed.log.at(-1)).toBe('[info] the last line')
  expect(parsed.log.join('\n')).toContain('[redacted]')
  expect(parsed.profiles.activeId).toBe(saved.id)
  expect(parsed.settings).toMatchObject({ runInBackground: true })
  expect(parsed.uploads).toMatchObject({ paused: false })
  expect(parsed.outbox).not.toBeNull()
  expect(report.filename).toMatch(/^mediadeck-diagnostics-.*\.json$/)
  await expect(mode.host.call('app:info')).resolves.toMatchObject({ logFile })
})
