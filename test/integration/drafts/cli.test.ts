// `drafts add`, `drafts list` and `sync` through the CLI's own dispatcher (in process, real streams, real
// files, the real sandbox over HTTP), plus one run of the real `npm run cli` process for the exit codes.
import { spawnSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { cliProfileId } from '../../../main/cli/commands/drafts-profile'
import { closeStores, openStoreAt } from '../../support/draft-store'
import { sampleDraft, samplePost } from '../../unit/core/drafts/helpers'
import type { RunningSandbox } from '../../../sandbox/index'
import { clientFor, connectedAccountId, sandboxOn, tempFolder, writePng } from './helpers'
import { sqlOf } from '../../../main/core/db/handle'

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let accountId: string
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('drafts-cli-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  const client = clientFor(sandbox.url)
  accountId = await connectedAccountId(client)
  await client.close()
  env = {
    MEDIADECK_BASE_URL: sandbox.url,
    MEDIADECK_ACCESS_KEY: 'demo',
    MEDIADECK_SECRET_KEY: 'demo-secret',
    MEDIADECK_DATA_DIR: path.join(dir, 'data'),
  }
})
afterEach(async () => {
  await sandbox.close()
  await cleanup()
})

async function cli(...argv: string[]) {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: string[] = []
  const err: string[] = []
  stdout.on('data', (c) => out.push(String(c)))
  stderr.on('data', (c) => err.push(String(c)))
  const code = await runCli(argv, { stdout, stderr, isTTY: false, env, onInterrupt: () => () => undefined })
  return { code, stdout: out.join(''), stderr: err.join('') }
}

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)

async function bodyFile(name: string, body: Record<string, unknown>): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, JSON.stringify(body))
  return file
}

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString()

describe('drafts CLI', () => {
  it('adds a draft offline, queues one with a local image, and sync schedules it', async () => {
    await writePng(dir, 'cat.png')
    const plain = await bodyFile('plain.json', { description: 'just a draft', type: 'text' })
    const withImage = await bodyFile('image.json', {
      description: 'a cat',
      type: 'image',
      accountId,
      scheduleAt: inTwoDays(),
      medias: [{ type: 'image', url: 'cat.png', alt: 'cat', thumbnail: '' }],
    })

    // Drafting needs no network and no secret; the base URL and access key name the profile it is for.
    const saved = env
    const { MEDIADECK_SECRET_KEY: _secret, ...noSecret } = env
    env = noSecret
    const added = await cli('drafts', 'add', plain, '--json')
    expect(added.code).toBe(0)
    expect(lines(added.stdout)[0]).toMatchObject({ status: 'draft', description: 'just a draft' })
    // Options may stand before the file.
    const queued = await cli('drafts', 'add', '--schedule', '--json', withImage)
    expect(queued.code).toBe(0)
    const queuedId = lines(queued.stdout)[0]!.id
    env = saved

    const listed = lines((await cli('drafts', 'list', '--json')).stdout)
    expect(listed.map((l) => l.status).sort()).toEqual(['draft', 'queued'])

    const synced = await cli('sync', '--json')
    expect(synced.stderr).toBe('')
    expect(synced.code).toBe(0)
    const [line] = lines(synced.stdout)
    expect(line).toMatchObject({ id: queuedId, status: 'scheduled' })

    const after = lines((await cli('drafts', 'list', '--json')).stdout).find((l) => l.id === queuedId)!
    expect(after.status).toBe('scheduled')
    const client = clientFor(sandbox.url)
    const onService = await client.getSchedule(String(after.scheduleId))
    await client.close()
    expect(onService.description).toBe('a cat')
    expect(onService.medias[0]!.url).toMatch(/^http:\/\/localhost:\d+\//)
  })

  it("keeps each profile's drafts apart: another key's sync does not send them, a keyless add is the Sandbox's", async () => {
    const file = await bodyFile('mine.json', {
      description: 'for demo only',
      type: 'text',
      accountId,
      scheduleAt: inTwoDays(),
    })
    const added = lines((await cli('drafts', 'add', file, '--schedule', '--json')).stdout)[0]!
    expect(added.profileId).toMatch(/^cli-[0-9a-f]{16}$/)

    const demo = env
    env = { ...demo, MEDIADECK_ACCESS_KEY: 'other', MEDIADECK_SECRET_KEY: 'other-secret' }
    expect((await cli('drafts', 'list', '--json')).stdout).toBe('')
    const other = await cli('sync', '--json')
    expect(other.code).toBe(0)
    expect(other.stdout).toBe('')
    env = { MEDIADECK_DATA_DIR: demo.MEDIADECK_DATA_DIR }
    const keyless = lines((await cli('drafts', 'add', file, '--json')).stdout)[0]!
    expect(keyless.profileId).toBe('sandbox')

    // The same service written differently is the same profile.
    env = { ...demo, MEDIADECK_BASE_URL: `${demo.MEDIADECK_BASE_URL}/` }
    const listed = lines((await cli('drafts', 'list', '--json')).stdout)
    expect(listed.map((l) => [l.id, l.status])).toEqual([[added.id, 'queued']])
    const synced = await cli('sync', '--json')
    expect(synced.code).toBe(0)
    expect(lines(synced.stdout).map((l) => [l.id, l.status])).toEqual([[added.id, 'scheduled']])
  })

  it('refuses to queue an incomplete post, naming every field, and saves nothing', async () => {
    const file = await bodyFile('bad.json', { description: 'x', type: 'video' })
    const result = await cli('drafts', 'add', file, '--schedule')
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/accountId: .*scheduleAt: .*medias: /)
    expect((await cli('drafts', 'list', '--json')).stdout).toBe('')
  })

  it('reports a bad body with the field and a missing FILE as a usage error', async () => {
    const file = await bodyFile('wrong.json', { description: 5 })
    const bad = await cli('drafts', 'add', file)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/at description/)
    expect((await cli('drafts', 'add')).code).toBe(2)
    expect((await cli('drafts', 'list', 'extra')).code).toBe(2)
  })

  it('sync exits 1 and keeps the post queued while the service is down', async () => {
    const file = await bodyFile('q.json', {
      description: 'later',
      type: 'text',
      accountId,
      scheduleAt: inTwoDays(),
    })
    expect((await cli('drafts', 'add', file, '--schedule')).code).toBe(0)
    sandbox.setFaults({ serverErrorRate: 1 })
    const down = await cli('sync', '--json')
    expect(down.code).toBe(1)
    expect(lines(down.stdout)[0]).toMatchObject({ status: 'queued' })
    sandbox.setFaults({})
    expect((await cli('sync')).code).toBe(0)
  })

  it('says failed, with the reason, for a post whose time passed: the contract has four statuses', async () => {
    const file = await bodyFile('soon.json', {
      description: 'too late',
      type: 'text',
      accountId,
      scheduleAt: new Date(Date.now() + 2 * 60_000).toISOString(),
    })
    const queued = lines((await cli('drafts', 'add', file, '--schedule', '--json')).stdout)[0]!
    // The app was offline past its time: what the outbox would have found on disk.
    const store = await openStoreAt(path.join(env.MEDIADECK_DATA_DIR!, 'drafts.json'))
    const draft = store.get(String(queued.id))!
    store.put({ ...draft, post: { ...draft.post, scheduleAt: '2020-01-01T00:00:00.000Z' } })
    const synced = await cli('sync', '--json')
    expect(synced.code).toBe(1)
    expect(lines(synced.stdout)[0]).toMatchObject({
      id: queued.id,
      status: 'failed',
      state: 'needs-attention',
      attention: 'time-passed',
    })
    const listed = lines((await cli('drafts', 'list', '--json')).stdout)
    expect(listed.map((l) => l.status)).toEqual(['failed'])
  })

  it('sync exits 1 for a post the service refuses, with the reason, and 0 on a later run with nothing new', async () => {
    const file = await bodyFile('unknown-account.json', {
      description: 'to nowhere',
      type: 'text',
      accountId: 'no-such-account',
      scheduleAt: inTwoDays(),
    })
    expect((await cli('drafts', 'add', file, '--schedule')).code).toBe(0)
    const refused = await cli('sync', '--json')
    expect(refused.code).toBe(1)
    expect(lines(refused.stdout)[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/account/),
    })
    const again = await cli('sync')
    expect(again.code).toBe(0)
    expect(again.stderr).toMatch(/nothing to send/)
  })

  it('drafts list imports the old drafts file once, keeps every readable draft and says how many were set aside', async () => {
    // A data folder of the version before the database: one record has a status this version does not know.
    const profileId = cliProfileId(env.MEDIADECK_BASE_URL!, env.MEDIADECK_ACCESS_KEY!)
    const draft = (id: string, description: string, status: string) => ({
      ...sampleDraft({ id, profileId, post: samplePost({ description, accountId }) }),
      status,
    })
    const file = path.join(env.MEDIADECK_DATA_DIR!, 'drafts.json')
    await mkdir(env.MEDIADECK_DATA_DIR!, { recursive: true, mode: 0o700 })
    const doc = {
      schemaVersion: 4,
      drafts: [draft('a', 'first', 'archived'), draft('b', 'second', 'draft')],
      sends: {},
      lastSyncAt: null,
    }
    await writeFile(file, JSON.stringify(doc))

    const listed = await cli('drafts', 'list', '--json')
    expect(listed.code).toBe(0)
    expect(lines(listed.stdout).map((l) => l.description)).toEqual(['second'])
    expect(listed.stderr).toMatch(/^warning: 1 record of the drafts file could not be read and was set aside/)
    // Said once: the record is kept aside in the database, and the old file as drafts.json.pre-db.
    const again = await cli('drafts', 'list', '--json')
    expect(again.stderr).toBe('')
    expect(lines(again.stdout).map((l) => l.description)).toEqual(['second'])
    expect(JSON.parse(await readFile(`${file}.pre-db`, 'utf8'))).toEqual(doc)
  })

  it('looks for the old drafts file only until the data folder has none left: one put there later is not imported', async () => {
    // A folder that never had an old file: its first open records it as done.
    const first = await cli('drafts', 'list', '--json')
    expect([first.code, first.stdout, first.stderr]).toEqual([0, '', ''])
    const profileId = cliProfileId(env.MEDIADECK_BASE_URL!, env.MEDIADECK_ACCESS_KEY!)
    const file = path.join(env.MEDIADECK_DATA_DIR!, 'drafts.json')
    const doc = {
      schemaVersion: 4,
      drafts: [sampleDraft({ id: 'late', profileId, post: samplePost({ description: 'late', accountId }) })],
      sends: {},
      lastSyncAt: null,
    }
    await writeFile(file, JSON.stringify(doc))
    const again = await cli('drafts', 'list', '--json')
    expect([again.code, again.stdout, again.stderr]).toEqual([0, '', ''])
    // Left as it was: not imported, not renamed.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(doc)
  })

  it('drafts list with one stored draft that is not JSON: lists the others, exits 0, says so in one line', async () => {
    const file = await bodyFile('plain.json', { description: 'kept', type: 'text' })
    for (const _ of [1, 2]) expect((await cli('drafts', 'add', file, '--json')).code).toBe(0)
    const store = await openStoreAt(path.join(env.MEDIADECK_DATA_DIR!, 'drafts.json'))
    const [torn] = store.list()
    sqlOf(store.database).prepare('UPDATE drafts SET body = \'{"id": torn\' WHERE id = ?').run(torn!.id)
    closeStores()

    const listed = await cli('drafts', 'list', '--json')
    expect(listed.code).toBe(0)
    expect(lines(listed.stdout).map((l) => l.description)).toEqual(['kept'])
    expect(listed.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^mediadeck: A draft could not be read \(body: not JSON .*\) and was set aside/),
    ])
    // Said once: it is aside now, not in the table.
    const again = await cli('drafts', 'list', '--json')
    expect([again.code, again.stderr, lines(again.stdout).length]).toEqual([0, '', 1])
  })

  it('runs as a real process: npm run cli -- drafts list --json', () => {
    const result = spawnSync('npm', ['run', '--silent', 'cli', '--', 'drafts', 'list', '--json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('')
    const usage = spawnSync('npm', ['run', '--silent', 'cli', '--', 'drafts', 'add'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
    expect(usage.status).toBe(2)
    expect(
      usage.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toHaveLength(1)
  })
})
