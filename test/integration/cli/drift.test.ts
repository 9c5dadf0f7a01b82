// Pages in which records drift as a years-old service's do (members missing, null, numbers as text, no id at
// all), stored raw in the real sandbox and read through the real client and the real CLI process.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createServiceClient,
  type ServiceClient,
  type UnreadableNote,
} from '../../../main/core/service-client'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { CLI_BIN } from '../support/cli-bin'

let sandbox: RunningSandbox
let dir: string
let client: ServiceClient
const notes: UnreadableNote[] = []

const OLD = '2019-05-01T00:00:00.000Z'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-drift-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: {
      users: [
        {
          accessKey: 'old',
          secretKey: 'old-secret',
          tier: 'premium',
          storageLimit: 10_000_000,
          seed: 'empty',
        },
      ],
    },
  })
  await sandbox.insertRecords('old', {
    accounts: [
      // No generatedId, isConnected or updatedAt (added later); the picture is null.
      {
        _id: 'acc-old',
        name: 'Old Page',
        username: 'oldpage',
        picture: null,
        type: 'facebook',
        createdAt: OLD,
      },
      { name: 'Ghost page', username: 'ghost', type: 'facebook', createdAt: OLD },
    ],
    automations: [
      {
        _id: 'auto-old',
        detail: {
          title: 'Older automation',
          owner: { id: '1', name: 'Old Page', picture: null },
          medias: null,
        },
        config: { reply: { isActive: true, delay: { isActive: true, value: '30', type: 'second' } } },
        accountId: 'acc-old',
        createdAt: OLD,
      },
      { detail: { title: 'Automation without an id' }, config: {}, accountId: 'acc-old', createdAt: OLD },
    ],
    schedules: [
      {
        _id: 'post-old',
        description: 'Written before topic and meta existed',
        type: 'image',
        medias: [{ type: 'image', url: 'https://storage.repliz.com/old.png' }],
        meta: null,
        status: 'success',
        scheduleAt: '2026-07-10T00:00:00.000Z',
        accountId: 'acc-old',
      },
      {
        description: 'No id',
        status: 'pending',
        scheduleAt: '2026-07-11T00:00:00.000Z',
        accountId: 'acc-old',
      },
      { _id: 'post-no-time', description: 'No time', status: 'pending', accountId: 'acc-old' },
    ],
    files: [
      {
        _id: 'file-old',
        filename: 'old.png',
        mimetype: 'image/png',
        size: '2048',
        key: 'uploads/x/old.png',
        createdAt: OLD,
      },
      { filename: 'no-id.png', size: 1, key: 'uploads/x/no-id.png', createdAt: OLD },
    ],
  })
  client = createServiceClient({
    baseUrl: sandbox.url,
    accessKey: 'old',
    secretKey: 'old-secret',
    onUnreadable: (note) => notes.push(note),
  })
})
afterAll(async () => {
  await client?.close()
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the client reads a drifting page whole, leaving out only records without an id', () => {
  it('accounts: a null picture and missing members read as defaults; the one without an id is counted', async () => {
    const page = await client.listAccounts({ page: 1, limit: 100 })
    const old = page.docs.find((a) => a.id === 'acc-old')!
    expect(old).toMatchObject({ _id: 'acc-old', name: 'Old Page', picture: '', isConnected: true })
    expect(page.docs.map((a) => a.name)).not.toContain('Ghost page')
    expect(page.skipped).toBe(1)
    expect(notes).toContainEqual(expect.objectContaining({ call: 'GET /public/account', member: 'id' }))
  })

  it('automations: an older record gets inactive rules, "30" reads as 30, no id is counted', async () => {
    const page = await client.listAutomations({ page: 1, limit: 100 })
    expect(page.docs.map((a) => a.id)).toEqual(['auto-old'])
    const [old] = page.docs
    expect(old!.config.reply.delay.value).toBe(30)
    expect(old!.config.story.isActive).toBe(false)
    expect(old!.detail.owner.picture).toBe('')
    expect(old!.detail.medias).toEqual([])
    expect(old!.account).toMatchObject({ id: 'acc-old', picture: '' })
    expect(page.skipped).toBe(1)
    expect(page.totalDocs).toBe(2)
  })

  it('schedules: missing topic/meta and media alt read as absent; no id and no time are left out by id', async () => {
    const page = await client.listSchedules({ page: 1, limit: 100 })
    expect(page.docs.map((s) => s.id)).toEqual(['post-old'])
    expect(page.docs[0]).toMatchObject({ topic: '', title: '', medias: [{ alt: '', thumbnail: '' }] })
    expect(page.docs[0]!.meta).toBeUndefined()
    expect(page.skipped).toBe(2)
    expect(notes).toContainEqual(
      expect.objectContaining({ call: 'GET /public/schedule', id: 'post-no-time', member: 'scheduleAt' }),
    )
  })

  it('files: a size sent as text reads as the number, a missing status as a finished upload', async () => {
    const page = await client.listFiles({ page: 1, limit: 100 })
    expect(page.docs).toHaveLength(1)
    expect(page.docs[0]).toMatchObject({ id: 'file-old', size: 2048, status: 'success' })
    expect(page.skipped).toBe(1)
  })
})

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: sandbox.url,
        MEDIADECK_ACCESS_KEY: 'old',
        MEDIADECK_SECRET_KEY: 'old-secret',
        MEDIADECK_DATA_DIR: join(dir, 'data'),
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('the CLI lists a drifting page and says what it left out', () => {
  it('automations: the readable one printed, "1 automation could not be read" on stderr', async () => {
    const { code, stdout, stderr } = await cli(['automations', '--limit', '100'])
    expect(code).toBe(0)
    expect(stdout).toContain('auto-old')
    expect(stdout).toContain('Older automation')
    expect(stderr).toContain('1 automation could not be read')
    expect(stderr).toMatch(
      /warning: GET \/public\/automation: left out record \(no id\): id: the record has no id/,
    )
  })

  it('schedules --json: stdout stays JSON lines, the count and the record ids on stderr', async () => {
    const { code, stdout, stderr } = await cli(['schedules', '--json'])
    expect(code).toBe(0)
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string })
    expect(lines.map((l) => l.id)).toEqual(['post-old'])
    expect(stderr).toContain('2 scheduled posts could not be read')
    expect(stderr).toContain('left out record post-no-time: scheduleAt')
  })
})
