// The comments' statuses set in the app while the service could not be reached are replayed by the CLI's
// `sync` too: the real CLI process against the real sandbox, behind a proxy that can hold a request, on a data
// folder whose database an "app" in this process holds open (its profile named for the CLI's credentials, as
// the app records it). The changes go in the order they were made, a comment the service moved on meanwhile is
// told and left as it is, and when the app is replaying a change at that moment the CLI leaves it to the app:
// the service is asked once.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { createLeases } from '../../../main/core/db/leases'
import { registerProfileIdentities } from '../../../main/core/drafts/profile-identity'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { createStatusOutbox } from '../../../main/core/inbox/status-outbox'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { createServiceClient } from '../../../main/core/service-client'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { cliArgs } from '../support/cli-bin'

const USER = { accessKey: 'cli', secretKey: 'cli-secret' }
const AUTH = `Basic ${Buffer.from('cli:cli-secret').toString('base64')}`
const PROFILE = 'app-profile'
let sandbox: RunningSandbox
let proxy: AnswerDroppingProxy
let dir: string
let dataDir: string
/** The app's connection to the data folder's database. */
let app: AppDatabase

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-statuses-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: { users: [{ ...USER, tier: 'gold', storageLimit: 50_000_000, seed: 'demo' }] },
  })
  proxy = await startAnswerDroppingProxy(sandbox.url)
  dataDir = join(dir, 'data')
  mkdirSync(dataDir, { recursive: true })
  app = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  // The app's profile uses the CLI's credentials: the CLI's queue is that profile's.
  registerProfileIdentities(app, [{ id: PROFILE, baseUrl: proxy.url, accessKey: USER.accessKey }])
})
afterAll(async () => {
  app.close()
  await proxy.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => proxy.setRule(() => 'pass'))

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, cliArgs(args), {
    env: {
      ...process.env,
      MEDIADECK_BASE_URL: proxy.url,
      MEDIADECK_ACCESS_KEY: USER.accessKey,
      MEDIADECK_SECRET_KEY: USER.secretKey,
      MEDIADECK_DATA_DIR: dataDir,
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>)

async function statusOnService(id: string): Promise<string> {
  const answer = await fetch(`${sandbox.url}/public/comment/${id}`, { headers: { authorization: AUTH } })
  return ((await answer.json()) as any).status
}

/** The app's queue of status changes, as the inbox host makes it (main/host/inbox-status.ts). */
const appQueue = () =>
  createStatusOutbox({
    database: app,
    leases: createLeases(app),
    profileId: PROFILE,
    // Patient: its request is held while a CLI process starts and runs beside it.
    client: () =>
      createServiceClient({
        baseUrl: proxy.url,
        ...USER,
        retry: { maxRetries: 0, minDelayMs: 10, maxDelayMs: 50 },
        timeouts: { connectMs: 60_000, headersMs: 60_000, bodyMs: 60_000 },
      }),
    now: () => new Date(),
  })

async function newComment(text: string): Promise<string> {
  return (await sandbox.addIncoming(USER.accessKey, { comments: [{ text, from: 'Dian' }] })).comments[0]!.id
}

describe('sync replays the statuses set in the app offline', () => {
  it('sets them in the order they were made, and the inbox copy shows the last', async () => {
    const id = await newComment('Masih ada stok?')
    const queue = appQueue()
    queue.queue({ commentId: id, status: 'resolved', base: 'pending' })
    queue.queue({ commentId: id, status: 'ignored', base: 'resolved' })

    const run = await cli(['sync', '--json'])
    expect(run.code, run.stderr).toBe(0)
    const lines = jsonLines(run.stdout).filter((l) => l.kind === 'status')
    expect(lines.map((l) => [l.comment, l.status, l.state])).toEqual([
      [id, 'resolved', 'done'],
      [id, 'ignored', 'done'],
    ])
    expect(await statusOnService(id)).toBe('ignored')
    expect(proxy.seen.filter((s) => s === `PUT /public/comment/${id}/status`)).toHaveLength(2)
    expect(queue.list()).toEqual([])
    expect(createInboxStore(app).get(PROFILE, id)?.entry.status).toBe('ignored')
    // Nothing is left to send.
    const again = await cli(['sync'])
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('nothing to send')
  })

  it('tells a comment the service moved on from meanwhile, and leaves it as the service has it', async () => {
    const id = await newComment('Kirim ke Bandung?')
    appQueue().queue({ commentId: id, status: 'resolved', base: 'pending' })
    // A colleague ignored it on the service's own app meanwhile.
    await fetch(`${sandbox.url}/public/comment/${id}/status`, {
      method: 'PUT',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'ignored' }),
    })

    const run = await cli(['sync'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `status resolved of comment ${id}: not set, the service has it ignored since`,
    )
    expect(await statusOnService(id)).toBe('ignored')
    expect(appQueue().list()).toMatchObject([{ commentId: id, state: 'conflict', seen: 'ignored' }])
  })

  it('leaves a change the app is replaying to the app: the service is asked once', async () => {
    const id = await newComment('Bisa COD?')
    const queue = appQueue()
    queue.queue({ commentId: id, status: 'resolved', base: 'pending' })
    // The app's request is held on its way: the app holds the change's lease while it waits.
    proxy.setRule((method, path) =>
      method === 'PUT' && path === `/public/comment/${id}/status` ? 'slow' : 'pass',
    )
    const replaying = queue.replay()
    while (proxy.held() === 0) await new Promise((resolve) => setImmediate(resolve))

    const run = await cli(['sync', '--json'])
    expect(run.code, run.stderr).toBe(0)
    expect(jsonLines(run.stdout).filter((l) => l.kind === 'status')).toEqual([])

    await proxy.release()
    expect((await replaying).done).toHaveLength(1)
    expect(await statusOnService(id)).toBe('resolved')
    expect(proxy.seen.filter((s) => s === `PUT /public/comment/${id}/status`)).toHaveLength(1)
    // The change is carried out: the next sync has nothing of it.
    const after = await cli(['sync', '--json'])
    expect(jsonLines(after.stdout).filter((l) => l.kind === 'status')).toEqual([])
  })
})
