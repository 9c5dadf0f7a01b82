// The storage doctor against the real sandbox over HTTP: real files in its storage, real posts moved through
// the publisher, a real drafts file on disk, and the real CLI process for `storage unused` and `storage free`.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Draft } from '../../../common/drafts'
import { emptyScheduleRequest } from '../../../common/service'
import type { CreateScheduleRequest, StoredFile } from '../../../common/service'
import { DRAFTS_FILE } from '../../../main/core/drafts/draft-store'
import { openStoreAt, type TestDraftStore } from '../../support/draft-store'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { readLocalDrafts } from '../../../main/core/storage/local-drafts'
import { createStorageDoctor } from '../../../main/core/storage/storage-doctor'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox } from '../../../sandbox'
import { CLI_BIN } from '../support/cli-bin'
import { storeFile } from './support/stored-file'

const USER = { accessKey: 'doctor', secretKey: 'doctor-secret' }
const LIMIT = 20_000_000

let dir: string
let dataDir: string
let sandbox: RunningSandbox
let client: ServiceClient
let store: TestDraftStore
const clock = { offsetMs: 0 }
let accounts: { facebook: string; threads: string }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-doctor-'))
  dataDir = join(dir, 'data')
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    config: { users: [{ ...USER, tier: 'premium', storageLimit: LIMIT, seed: 'empty' }], randomSeed: 3 },
    now: () => new Date(Date.now() + clock.offsetMs),
    publisherIntervalMs: 0,
    publishDurationMs: 0,
  })
  client = createServiceClient({ baseUrl: sandbox.url, ...USER })
  store = await openStoreAt(join(dataDir, DRAFTS_FILE), { profileId: 'sandbox' })
  const list = (await client.listAccounts({ page: 1, limit: 100 })).docs
  accounts = {
    facebook: list.find((a) => a.type === 'facebook')!._id,
    threads: list.find((a) => a.type === 'threads')!._id, // disconnected in the empty seed: its posts fail
  }
})
afterAll(async () => {
  await client.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

const media = (url: string, thumbnail = '') => ({ alt: '', type: 'image', url, thumbnail })

function post(over: Partial<CreateScheduleRequest>): CreateScheduleRequest {
  return {
    ...emptyScheduleRequest(),
    type: 'image',
    accountId: accounts.facebook,
    scheduleAt: new Date(Date.now() + clock.offsetMs + 3 * 86_400_000).toISOString(),
    ...over,
  }
}

function draft(over: Partial<Draft>): Draft {
  const at = new Date().toISOString()
  return {
    id: `draft-${Math.random().toString(36).slice(2)}`,
    profileId: 'sandbox',
    status: 'draft',
    post: { ...emptyScheduleRequest(), accountId: accounts.facebook, scheduleAt: '' },
    localMedia: [],
    createdAt: at,
    updatedAt: at,
    ...over,
  }
}

/** Posts scheduled a minute ahead, then the clock moved past them and the publisher run once. */
async function publishNow(posts: CreateScheduleRequest[]): Promise<void> {
  const soon = new Date(Date.now() + clock.offsetMs + 60_000).toISOString()
  for (const p of posts) await client.createSchedule({ ...p, scheduleAt: soon })
  clock.offsetMs += 120_000
  await sandbox.tick()
}

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: sandbox.url,
        MEDIADECK_ACCESS_KEY: USER.accessKey,
        MEDIADECK_SECRET_KEY: USER.secretKey,
        MEDIADECK_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

const jsonIds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id)

async function storedIds(): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1; ; page++) {
    const p = await client.listFiles({ page, limit: 100 })
    for (const f of p.docs) ids.add(f.id)
    if (!p.hasNextPage) return ids
  }
}

describe('storage doctor against the sandbox', { timeout: 90_000 }, () => {
  // Used, each in its own way; then files only published posts refer to, and files nothing refers to.
  const used: Record<string, StoredFile> = {}
  const unused: Record<string, StoredFile> = {}

  beforeAll(async () => {
    for (const [name, size] of [
      ['pending-media', 900_000],
      ['error-media', 800_000],
      ['pending-cover', 700_000],
      ['pending-reply', 650_000],
      ['draft-media', 600_000],
      ['draft-uploaded', 550_000],
      ['published-reply-waiting', 500_000],
    ] as const)
      used[name] = await storeFile(client, `${name}.bin`, size)
    for (const [name, size] of [
      ['published-only', 400_000],
      ['never-used', 300_000],
      ['old-a', 250_000],
      ['old-b', 100_000],
    ] as const)
      unused[name] = await storeFile(client, `${name}.bin`, size)

    await publishNow([
      post({ medias: [media(unused['published-only']!.url)] }),
      post({
        description: 'published; its reply waits',
        replies: [
          {
            title: '',
            description: 'the reply',
            topic: '',
            type: 'image',
            status: 'pending',
            medias: [media(used['published-reply-waiting']!.url)],
          },
        ],
      }),
      // Fails: the Threads account is disconnected. A retry publishes the same media again.
      post({ accountId: accounts.threads, medias: [media(used['error-media']!.url)] }),
    ])
    await client.createSchedule(post({ medias: [media(used['pending-media']!.url)] }))
    await client.createSchedule(
      post({ type: 'video', medias: [media('https://elsewhere.example/v.mp4', used['pending-cover']!.url)] }),
    )
    await client.createSchedule(
      post({
        replies: [
          {
            title: '',
            description: '',
            topic: '',
            type: 'image',
            medias: [media(used['pending-reply']!.url)],
          },
        ],
      }),
    )
    store.putMany([
      draft({ post: { ...draft({}).post, medias: [media(used['draft-media']!.url)] } }),
      draft({
        status: 'queued',
        localMedia: [
          {
            id: 'm1',
            path: join(dir, 'x.png'),
            name: 'x.png',
            size: 1,
            mimetype: 'image/png',
            alt: '',
            type: 'image',
            thumbnail: '',
            uploadedUrl: used['draft-uploaded']!.url,
          },
        ],
      }),
    ])
    const statuses = (await client.listSchedules({ page: 1, limit: 100 })).docs.map((s) => s.status).sort()
    expect(statuses).toEqual(['error', 'pending', 'pending', 'pending', 'success', 'success'])
  })

  it('lists exactly the files no upcoming or failed post and no draft uses, largest first (CLI --json)', async () => {
    const { code, stdout, stderr } = await cli(['storage', 'unused', '--json'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(jsonIds(stdout)).toEqual(
      [unused['published-only'], unused['never-used'], unused['old-a'], unused['old-b']].map((f) => f!.id),
    )
    const first = JSON.parse(stdout.split('\n')[0]!) as { lastUsedAt: string | null; size: number }
    expect(first.size).toBe(400_000)
    expect(first.lastUsedAt).not.toBeNull()
  })

  it('prints a human list with sizes, a total and the chats caveat', async () => {
    const { code, stdout, stderr } = await cli(['storage', 'unused'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/391 kB\s+\S+\s+published-only\.bin\s+\(last used \d{4}-\d{2}-\d{2}\)/)
    expect(stdout).toMatch(/never-used\.bin\s+\(never in a post\)/)
    expect(stdout).toMatch(/4 unused of 11 stored files, 1 MB in all/)
    expect(stderr).toMatch(/chats/)
  })

  it('free without --yes off a terminal lists the plan, refuses with exit 2 and deletes nothing', async () => {
    const before = await storedIds()
    const free = (await client.storageStatistic()).usage.free
    const { code, stdout, stderr } = await cli(['storage', 'free', String(free + 1)])
    expect(code).toBe(2)
    expect(stdout).toMatch(/would delete 1 unused file/)
    expect(stderr).toMatch(/^error: not deleting without --yes/m)
    expect(await storedIds()).toEqual(before)
  })

  it('free with nothing to do, or more than unused files hold, deletes nothing', async () => {
    const before = await storedIds()
    const free = (await client.storageStatistic()).usage.free
    const enough = await cli(['storage', 'free', '1k', '--yes'])
    expect(enough.code).toBe(0)
    expect(enough.stdout).toMatch(/already free.*nothing deleted/)
    const tooMuch = await cli(['storage', 'free', String(free + 2_000_000), '--yes'])
    expect(tooMuch.code).toBe(1)
    expect(tooMuch.stderr).toMatch(/^error: cannot make .* free: .*nothing deleted$/m)
    expect(await storedIds()).toEqual(before)
  })

  it('free SIZE --yes makes SIZE free with the fewest unused files, never a used one', async () => {
    const free = (await client.storageStatistic()).usage.free
    // 500 000 more: two files are needed (the largest is 400 000); 400 000 + 100 000 is the smallest pair.
    const { code, stdout, stderr } = await cli(['storage', 'free', '--yes', String(free + 500_000)])
    expect(stderr).toMatch(/chats/)
    expect(code).toBe(0)
    expect(stdout).toMatch(/deleted 2 files, 488 kB/)
    const now = await storedIds()
    expect(now.has(unused['published-only']!.id)).toBe(false)
    expect(now.has(unused['old-b']!.id)).toBe(false)
    expect(now.has(unused['never-used']!.id)).toBe(true)
    expect(now.has(unused['old-a']!.id)).toBe(true)
    for (const f of Object.values(used)) expect(now.has(f.id)).toBe(true)
    expect((await client.storageStatistic()).usage.free).toBeGreaterThanOrEqual(free + 500_000)
  })

  it('sees a use on the second page of posts (every page is read)', async () => {
    const far = await storeFile(client, 'far-future.bin', 90_000)
    const later = (days: number) => new Date(Date.now() + clock.offsetMs + days * 86_400_000).toISOString()
    // Posts list by scheduleAt: 100 earlier ones push the one that uses the file onto page 2.
    for (let i = 0; i < 100; i++) await client.createSchedule(post({ type: 'text', scheduleAt: later(5) }))
    await client.createSchedule(post({ medias: [media(far.url)], scheduleAt: later(30) }))
    const doctor = createStorageDoctor({
      client,
      localDrafts: () => readLocalDrafts(store.database),
    })
    const report = await doctor.findUnused()
    expect(report.files.map((f) => f.id)).not.toContain(far.id)
    expect(report.scanned.posts).toBeGreaterThan(100)
    expect((await doctor.deleteUnused([far.id])).keptInUse.map((f) => f.id)).toEqual([far.id])
  })

  it('keeps every file a post or draft started to use between the list and the delete', async () => {
    const victims = [
      await storeFile(client, 'late-post.bin', 120_000),
      await storeFile(client, 'late-cover.bin', 110_000),
    ]
    const draftVictim = await storeFile(client, 'late-draft.bin', 105_000)
    const spare = await storeFile(client, 'spare.bin', 101_000)
    // Another client (the app in another window, the web dashboard) creating posts, and the app writing a
    // draft to the same drafts file, exactly between the list the deletion was planned from and its re-check.
    const other = createServiceClient({ baseUrl: sandbox.url, ...USER })
    const app = await openStoreAt(join(dataDir, DRAFTS_FILE), { profileId: 'sandbox' })
    const doctor = createStorageDoctor({
      client,
      localDrafts: () => readLocalDrafts(app.database),
      async beforeRecheck() {
        await Promise.all([
          other.createSchedule(post({ medias: [media(victims[0]!.url)] })),
          other.createSchedule(
            post({ type: 'video', medias: [media('https://x.example/v.mp4', victims[1]!.url)] }),
          ),
        ])
        app.put(draft({ post: { ...draft({}).post, medias: [media(draftVictim.url)] } }))
      },
    })
    try {
      const report = await doctor.findUnused()
      const planned = [...victims, draftVictim, spare].map((f) => f.id)
      expect(report.files.map((f) => f.id)).toEqual(expect.arrayContaining(planned))
      const outcome = await doctor.deleteUnused(planned)
      expect(outcome.deleted.map((f) => f.id)).toEqual([spare.id])
      expect(outcome.keptInUse.map((f) => f.id).sort()).toEqual(
        [...victims, draftVictim].map((f) => f.id).sort(),
      )
      const now = await storedIds()
      for (const f of [...victims, draftVictim, ...Object.values(used)]) expect(now.has(f.id)).toBe(true)
      expect(now.has(spare.id)).toBe(false)
    } finally {
      await other.close()
    }
  })
})
