// Shared set-up for the sandbox conformance tests: a real sandbox on port 0 with a temp data dir, a
// controllable clock, and small HTTP helpers over undici (real sockets, nothing mocked).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { request } from 'undici'
import { startSandbox, type RunningSandbox, type SandboxConfig } from '../../../sandbox/index'

export const GIB = 1024 ** 3

export const TEST_CONFIG: SandboxConfig = {
  users: [
    { accessKey: 'demo', secretKey: 'demo-secret', tier: 'premium', storageLimit: 5 * GIB, seed: 'demo' },
    { accessKey: 'gold', secretKey: 'gold-secret', tier: 'gold', storageLimit: 1000, seed: 'empty' },
    { accessKey: 'std', secretKey: 'std-secret', tier: 'standard', storageLimit: 1024 * 1024, seed: 'empty' },
  ],
  uploadUrlTtlSeconds: 600,
  randomSeed: 42,
}

export interface Clock {
  now(): Date
  advance(ms: number): void
  set(date: Date): void
}

export function createClock(start = new Date('2026-07-15T03:00:00.000Z')): Clock {
  let t = start.getTime()
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) }
}

export interface TestSandbox {
  sandbox: RunningSandbox
  dataDir: string
  clock: Clock
  stop(): Promise<void>
}

export async function startTestSandbox(
  o: {
    config?: SandboxConfig
    dataDir?: string
    port?: number
    clock?: Clock
    sleep?: (ms: number) => Promise<void>
  } = {},
): Promise<TestSandbox> {
  const dataDir = o.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'sandbox-test-')))
  const clock = o.clock ?? createClock()
  const sandbox = await startSandbox({
    dataDir,
    port: o.port ?? 0,
    config: o.config ?? TEST_CONFIG,
    now: clock.now,
    publisherIntervalMs: 0,
    publishDurationMs: 1000,
    sleep: o.sleep,
  })
  return {
    sandbox,
    dataDir,
    clock,
    async stop() {
      await sandbox.close()
      if (!o.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export function basic(accessKey: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${accessKey}:${secretKey}`).toString('base64')}`
}
export const DEMO_AUTH = basic('demo', 'demo-secret')
export const GOLD_AUTH = basic('gold', 'gold-secret')
export const STD_AUTH = basic('std', 'std-secret')

export interface Answer<T = unknown> {
  status: number
  headers: Record<string, string | string[] | undefined>
  json: T
  text: string
}

export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  base: string,
  method: string,
  pathAndQuery: string,
  o: {
    auth?: string | null
    body?: unknown
    rawBody?: string | Buffer
    headers?: Record<string, string>
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...o.headers }
  const auth = o.auth === undefined ? DEMO_AUTH : o.auth
  if (auth) headers.authorization = auth
  let body: string | Buffer | undefined = o.rawBody
  if (o.body !== undefined) {
    body = JSON.stringify(o.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await request(base + pathAndQuery, { method: method as 'GET', headers, body })
  const text = await res.body.text()
  let json: unknown = undefined
  if (text && String(res.headers['content-type'] ?? '').includes('json')) json = JSON.parse(text)
  return { status: res.statusCode, headers: res.headers, json: json as T, text }
}

export async function put(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const res = await request(url, { method: 'PUT', headers, body })
  return { status: res.statusCode, text: await res.body.text(), headers: res.headers }
}

export async function getBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; headers: Record<string, string | string[] | undefined> }> {
  const res = await request(url, { method: 'GET', headers })
  return { status: res.statusCode, bytes: Buffer.from(await res.body.arrayBuffer()), headers: res.headers }
}

/** init -> PUT -> complete; returns the init result. */
export async function uploadFile(
  base: string,
  bytes: Buffer,
  o: { filename?: string; mimetype?: string; auth?: string } = {},
): Promise<{ id: string; upload: string; key: string; url: string }> {
  const mimetype = o.mimetype ?? 'application/octet-stream'
  const init = await call<{ id: string; upload: string; key: string; url: string }>(
    base,
    'POST',
    '/public/storage/file/init',
    { auth: o.auth, body: { filename: o.filename ?? 'file.bin', size: bytes.length, mimetype } },
  )
  if (init.status !== 201) throw new Error(`init answered ${init.status}: ${init.text}`)
  const uploaded = await put(init.json.upload, bytes, { 'content-type': mimetype })
  if (uploaded.status !== 200) throw new Error(`PUT answered ${uploaded.status}: ${uploaded.text}`)
  const complete = await call(base, 'POST', `/public/storage/file/${init.json.id}/complete`, { auth: o.auth })
  if (complete.status !== 204) throw new Error(`complete answered ${complete.status}: ${complete.text}`)
  return init.json
}
