// The AppHost with its handlers against the real embedded sandbox: profiles and their connection test per
// plan tier, the grant set, event batching while uploading, and the offline cache.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EventName, EventPayloads } from '../../../common/contract'
import { emptyScheduleRequest } from '../../../common/service'
import type { UploadItem } from '../../../common/uploads'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { MAX_EXPANDED_FILES } from '../../../main/core/files/file-grants'
import { startSandbox, type RunningSandbox } from '../../../sandbox/index'
import { manualClock, until } from '../../support/manual-clock'
import { connectedAccountId, postFor } from '../drafts/helpers'
import { sqlOf } from '../../../main/core/db/handle'

let root: string
let host: AppHost
let tiers: RunningSandbox

const events: Array<{ at: number; name: EventName; payload: unknown }> = []
const fast = {
  service: { retry: { maxRetries: 0 }, timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 } },
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'shell-host-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser', ...fast })
  host.events.subscribe((name, payload) => events.push({ at: Date.now(), name, payload }))
  tiers = await startSandbox({
    dataDir: join(root, 'tiers'),
    port: 0,
    config: {
      users: [
        { accessKey: 'std', secretKey: 'std-secret', tier: 'standard', storageLimit: 1e9, seed: 'empty' },
        { accessKey: 'gold', secretKey: 'gold-secret', tier: 'gold', storageLimit: 1e9, seed: 'empty' },
        { accessKey: 'prem', secretKey: 'prem-secret', tier: 'premium', storageLimit: 1e9, seed: 'demo' },
      ],
    },
  })
})

afterAll(async () => {
  await host?.close()
  await tiers?.close()
  rmSync(root, { recursive: true, force: true })
})

function file(name: string, bytes = 2048): string {
  const path = join(root, 'files', name)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, Buffer.alloc(bytes, name.length))
  return path
}

function eventsNamed<E extends EventName>(name: E): Array<{ at: number; payload: EventPayloads[E] }> {
  return events.filter((e) => e.name === name) as Array<{ at: number; payload: EventPayloads[E] }>
}

describe('AppHost on a fresh data dir', () => {
  it('starts on the built-in sandbox with demo data', async () => {
    const profiles = await host.call('profiles:list')
    expect(profiles.activeId).toBe('sandbox')
    expect(profiles.profiles[0]).toMatchObject({ id: 'sandbox', kind: 'sandbox' })
    expect(profiles.encryptionAvailable).toBe(false)
    const state = await host.call('connection:check')
    expect(state).toMatchObject({ status: 'online', mode: 'sandbox', profileId: 'sandbox' })
    const stats = await host.call('storage:stats')
    expect(stats.file.total).toBeGreaterThan(0)
    const info = await host.call('app:info')
    expect(info).toMatchObject({ mode: 'browser', dataDir: host.dataDir })
  })
})

describe('profiles', () => {
  it('reports the plan-level result of a connection test per tier', async () => {
    const test = (accessKey: string, secretKey: string) =>
      host.call('profiles:test', { baseUrl: tiers.url, accessKey, secretKey })
    await expect(test('std', 'std-secret')).resolves.toEqual({
      ok: true,
      areas: { storage: 'allowed', automations: 'plan', schedules: 'plan' },
    })
    await expect(test('gold', 'gold-secret')).resolves.toEqual({
      ok: true,
      areas: { storage: 'allowed', automations: 'allowed', schedules: 'plan' },
    })
    await expect(test('prem', 'prem-secret')).resolves.toEqual({
      ok: true,
      areas: { storage: 'allowed', automations: 'allowed', schedules: 'allowed' },
    })
    await expect(test('prem', 'wrong')).resolves.toMatchObject({ ok: false, error: { kind: 'unauthorized' } })
    const unreachable = await host.call('profiles:test', {
      baseUrl: 'http://127.0.0.1:9',
      accessKey: 'a',
      secretKey: 'b',
    })
    expect(unreachable).toMatchObject({ ok: false, error: { kind: 'network' } })
  })

  it('saves a service profile without exposing its secret, activates it and switches back', async () => {
    const saved = await host.call('profiles:save', {
      name: 'Gold shop',
      baseUrl: tiers.url,
      accessKey: 'gold',
      secretKey: 'gold-secret',
    })
    expect(saved).toMatchObject({ kind: 'service', hasSecret: true, secretStorage: 'session' })
    expect(JSON.stringify(await host.call('profiles:list'))).not.toContain('gold-secret')
    await expect(host.call('profiles:test', { id: saved.id })).resolves.toMatchObject({ ok: true })

    const activated = await host.call('profiles:activate', { id: saved.id })
    expect(activated.activeId).toBe(saved.id)
    await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'online', mode: 'service' })
    await expect(host.call('storage:stats')).resolves.toMatchObject({ file: { total: 0 } })
    await expect(host.call('schedules:get', { id: 'x' })).rejects.toMatchObject({ kind: 'plan' })
    expect(eventsNamed('profiles:switched').map((e) => e.payload)).toEqual([{ profileId: saved.id }])

    await host.call('profiles:save', {
      id: saved.id,
      name: 'Gold shop',
      baseUrl: tiers.url,
      accessKey: 'gold',
      secretKey: 'nope',
    })
    await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'unauthorized' })

    const afterDelete = await host.call('profiles:delete', { id: saved.id })
    expect(afterDelete.activeId).toBe('sandbox')
    await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'online', mode: 'sandbox' })
    await expect(host.call('profiles:delete', { id: 'sandbox' })).rejects.toMatchObject({
      kind: 'validation',
    })
  })
})

describe('the grant set', () => {
  it('refuses paths that were neither picked nor dropped, and runs no upload', async () => {
    const path = file('secret-notes.txt')
    await expect(host.call('uploads:start', { paths: [path] })).rejects.toMatchObject({
      kind: 'validation',
      field: 'paths',
    })
    await expect(host.call('uploads:start', { paths: ['/etc/passwd'] })).rejects.toMatchObject({
      kind: 'validation',
    })
    expect((await host.call('uploads:list')).items.some((i) => i.path === path)).toBe(false)
  })

  it('accepts dropped files and expands dropped folders to their regular files', async () => {
    const a = file('drop/a.png')
    const b = file('drop/nested/b.png')
    symlinkSync('/etc/hostname', join(root, 'files', 'drop', 'link.png'))
    const granted = await host.call('files:grant-dropped', { paths: [join(root, 'files', 'drop')] })
    expect(granted.map((f) => f.path).sort()).toEqual([a, b].sort())
    expect(granted[0]).toMatchObject({ mimetype: 'image/png', size: 2048 })
    // A file inside a granted folder is granted; one beside it is not.
    expect(host.grants.isGranted(b)).toBe(true)
    expect(host.grants.isGranted(file('beside.png'))).toBe(false)
  })

  it('grants and queues a drop in one call: a dropped folder expanded to its regular files, nothing for a missing path', async () => {
    const a = file('drop-once/a.png')
    const b = file('drop-once/nested/b.png')
    symlinkSync('/etc/hostname', join(root, 'files', 'drop-once', 'link.png'))
    const started = await host.call('uploads:start-dropped', { paths: [join(root, 'files', 'drop-once')] })
    expect(started.map((item) => item.path).sort()).toEqual([a, b].sort())
    expect(host.grants.isGranted(b)).toBe(true)
    const listed = (await host.call('uploads:list')).items.map((item) => item.path)
    expect(listed).toEqual(expect.arrayContaining([a, b]))
    expect(listed.some((path) => path.endsWith('link.png'))).toBe(false)
    await expect(
      host.call('uploads:start-dropped', { paths: [join(root, 'files', 'gone.png')] }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'paths' })
    await expect(host.call('uploads:start-dropped', { paths: [] })).rejects.toMatchObject({
      kind: 'validation',
    })
  })

  it('does not let a symbolic link inside a granted folder carry the grant outside it', async () => {
    const inside = file('linked/inside.png')
    const folder = join(root, 'files', 'linked')
    symlinkSync(file('linked-outside/secret.txt'), join(folder, 'file-link.png'))
    symlinkSync(join(root, 'files', 'linked-outside'), join(folder, 'dir-link'))
    await host.call('files:grant-dropped', { paths: [folder] })
    for (const path of [
      join(folder, 'file-link.png'),
      join(folder, 'dir-link'),
      join(folder, 'dir-link', 'secret.txt'),
    ]) {
      await expect(host.call('uploads:start', { paths: [path] })).rejects.toMatchObject({
        kind: 'validation',
        field: 'paths',
      })
    }
    const post = { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }
    const media = {
      id: 'm-link',
      path: join(folder, 'dir-link', 'secret.txt'),
      name: 'secret.txt',
      size: 2048,
    }
    await expect(
      host.call('drafts:save', {
        post,
        localMedia: [{ ...media, mimetype: 'text/plain', alt: '', type: 'image', thumbnail: '' }],
      }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'localMedia' })
    expect((await host.call('uploads:list')).items.some((i) => i.name === 'secret.txt')).toBe(false)
    // What really is inside stays uploadable.
    await expect(host.grants.allows(inside)).resolves.toBe(true)
  })
})

describe('a refused drop', () => {
  it('grants nothing when a dropped folder holds too many files', async () => {
    const folder = join(root, 'files', 'huge')
    mkdirSync(folder, { recursive: true })
    for (let i = 0; i <= MAX_EXPANDED_FILES; i++) writeFileSync(join(folder, `f${i}.txt`), '')
    await expect(host.call('files:grant-dropped', { paths: [folder] })).rejects.toMatchObject({
      kind: 'validation',
    })
    expect(host.grants.isGranted(join(folder, 'f0.txt'))).toBe(false)
    await expect(host.call('uploads:start', { paths: [join(folder, 'f0.txt')] })).rejects.toMatchObject({
      kind: 'validation',
      field: 'paths',
    })
  })
})

describe('drafts and the grant set', () => {
  it('refuses a draft whose local media were not picked or dropped', async () => {
    const media = (path: string) => ({
      id: `m-${path.length}`,
      path,
      name: path.split('/').at(-1)!,
      size: 2048,
      mimetype: 'image/png',
      alt: '',
      type: 'image',
      thumbnail: '',
    })
    const post = { ...emptyScheduleRequest(), accountId: '', scheduleAt: '' }
    await expect(
      host.call('drafts:save', { post, localMedia: [media('/etc/ssh/ssh_host_rsa_key')] }),
    ).rejects.toMatchObject({ kind: 'validation', field: 'localMedia' })

    const granted = file('draft/photo.png')
    await host.call('files:grant-dropped', { paths: [granted] })
    const draft = await host.call('drafts:save', { post, localMedia: [media(granted)] })
    expect(draft.localMedia.map((m) => m.path)).toEqual([granted])
    await expect(
      host.call('drafts:save', { id: draft.id, post, localMedia: [media(granted), media('/etc/hostname')] }),
    ).rejects.toMatchObject({ kind: 'validation' })
  })
})

describe('drafts import and the grant set', () => {
  it('refuses an imported draft whose local media were not picked or dropped, and imports nothing', async () => {
    const granted = file('import/photo.png')
    await host.call('files:grant-dropped', { paths: [granted] })
    const media = (path: string) => ({
      path,
      name: path.split('/').at(-1)!,
      size: 10,
      mimetype: 'image/png',
      type: 'image',
    })
    const before = (await host.call('drafts:list')).length
    const content = JSON.stringify([
      { post: { description: 'fine', type: 'image' }, localMedia: [media(granted)] },
      { post: { description: 'sneaky', type: 'image' }, localMedia: [media('/etc/hostname')] },
    ])
    const result = await host.call('drafts:import', { format: 'json', content })
    expect(result.imported).toEqual([])
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'localMedia.0.path',
        message: expect.stringContaining('hostname was not picked'),
        code: 'media-not-picked',
        params: { name: 'hostname' },
      },
    ])
    expect(await host.call('drafts:list')).toHaveLength(before)

    const ok = await host.call('drafts:import', {
      format: 'json',
      content: JSON.stringify([
        { post: { description: 'fine', type: 'image' }, localMedia: [media(granted)] },
      ]),
    })
    expect(ok.errors).toEqual([])
    expect(ok.imported[0]!.localMedia.map((m) => m.path)).toEqual([granted])
    // Media already uploaded are sent by their URL; the file is never read, so no grant is needed.
    const uploaded = await host.call('drafts:import', {
      format: 'json',
      content: JSON.stringify([
        {
          post: { description: 'sent before', type: 'image' },
          localMedia: [{ ...media('/old/photo.png'), uploadedUrl: 'https://storage.repliz.com/x.png' }],
        },
      ]),
    })
    expect(uploaded.errors).toEqual([])
  })
})

describe('uploads through the host', () => {
  it('batches progress to about ten messages a second in total and delivers every final state', async () => {
    const paths = Array.from({ length: 24 }, (_, i) => file(`batch/f${i}.png`, 64 * 1024))
    await host.call('files:grant-dropped', { paths })
    host.sandbox.setFaults({ latencyMs: 40 })
    const from = events.length
    const items = await host.call('uploads:start', { paths })
    expect(items).toHaveLength(24)
    await host.active().uploads.whenIdle()
    host.sandbox.setFaults({})
    const progressEvents = () => events.slice(from).filter((e) => e.name === 'uploads:progress')
    // Every final state reaches the page: waited for as an event, however long a loaded machine takes.
    const lastSeen = () => {
      const last = new Map<string, UploadItem>()
      for (const e of progressEvents())
        for (const item of (e.payload as EventPayloads['uploads:progress']).items) last.set(item.id, item)
      return last
    }
    await vi.waitFor(
      () => expect(items.map((item) => lastSeen().get(item.id)?.state)).toEqual(items.map(() => 'done')),
      {
        timeout: 10_000,
        interval: 20,
      },
    )

    const progress = progressEvents()
    expect(progress.length).toBeGreaterThan(1)
    // At most one every 100 ms, and the batch's last one at once: eleven in a second, and one more allowed
    // because the events' stamps (Date.now) and the timers round to the millisecond apart, so a 100 ms spacing
    // can measure 99 ms. Unbatched, 24 files send hundreds.
    for (let i = 0; i < progress.length; i++) {
      const windowEnd = progress[i]!.at + 1000
      const inWindow = progress.filter((e) => e.at >= progress[i]!.at && e.at < windowEnd).length
      expect(inWindow).toBeLessThanOrEqual(12)
    }
    const finished = events.slice(from).filter((e) => e.name === 'uploads:batch-finished')
    expect(finished.at(-1)?.payload).toMatchObject({ done: 24, failed: 0 })
    // One refresh for the batch, half a second after its last file is seen done (upload-effects.ts); the
    // last progress message itself may trail whenIdle by a throttle period, more on a loaded machine.
    await vi.waitFor(() => expect(events.slice(from).some((e) => e.name === 'storage:changed')).toBe(true), {
      timeout: 5_000,
      interval: 50,
    })
  })
})

describe('upload speed limit setting', () => {
  it('caps uploads by the setting, keeps it, and a change reaches the upload already running', async () => {
    // The cap runs on a clock stepped by hand (the host's uploadTimers): a second on it is a second of the
    // cap's time however slow the machine is. The cap against the wall clock is bench/timing/'s.
    const time = manualClock()
    const own = await createAppHost({
      dataDir: join(root, 'capped-data'),
      mode: 'browser',
      ...fast,
      uploadTimers: time.clock,
    })
    try {
      const RATE = 64 * 1024
      const piece = Math.floor(RATE * 0.05) // main/core/uploads/token-bucket.ts; the bucket holds two
      const path = file('capped/big.bin', 2 * 1024 * 1024)
      await own.call('files:grant-dropped', { paths: [path] })
      const settings = await own.call('settings:update', { uploadRateLimit: RATE })
      expect(settings.uploadRateLimit).toBe(RATE)
      expect((await own.call('settings:get')).uploadRateLimit).toBe(RATE)
      const [item] = await own.call('uploads:start', { paths: [path] })
      const sent = () => own.active().uploads.get(item!.id)!.bytesSent
      // A second of the cap's time, in 50 ms steps: after each, what the step paid for goes out, never more.
      for (let ms = 50; ms <= 1000; ms += 50) {
        await time.advance(50)
        const due = (RATE * ms) / 1000
        await until(() => sent() >= due, `${due} bytes sent`)
        expect(sent()).toBeLessThanOrEqual(due + 2 * piece)
      }
      expect(own.active().uploads.get(item!.id)!.state).toBe('uploading')
      // Lifted while the same transfer runs: it finishes with no more time passing on the cap's clock.
      await own.call('settings:update', { uploadRateLimit: null })
      await own.active().uploads.whenIdle()
      expect(own.active().uploads.get(item!.id)?.state).toBe('done')
    } finally {
      await own.close()
    }
  })
})

describe('offline', () => {
  it('answers the last automations page seen as stale while the service is down, and recovers', async () => {
    const fresh = await host.call('automations:list', { page: 1, limit: 5 })
    expect(fresh.stale).toBe(false)
    await host.sandbox.stop()
    try {
      const cached = await host.call('automations:list', { page: 1, limit: 5 })
      expect(cached).toMatchObject({ stale: true, fetchedAt: fresh.fetchedAt })
      expect(cached.value.docs).toEqual(fresh.value.docs)
      await expect(host.call('automations:list', { page: 2, limit: 5 })).rejects.toMatchObject({
        kind: 'network',
      })
      await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'offline' })
    } finally {
      await host.sandbox.start()
    }
    await expect(host.call('connection:check')).resolves.toMatchObject({ status: 'online' })
    expect(eventsNamed('connection:changed').map((e) => e.payload.status)).toContain('offline')
  })
})

describe('post notifications', () => {
  it('announces a queued draft once the outbox has sent it, through the notifier the host was given', async () => {
    const notified: Array<{ title: string; route: unknown }> = []
    const announcing = await createAppHost({
      dataDir: join(root, 'announcing'),
      mode: 'browser',
      ...fast,
      notifications: {
        notify: (title, _body, route) => void notified.push({ title, route }),
        tr: () => (key) => key,
      },
    })
    try {
      const accountId = await connectedAccountId(announcing.active().client)
      const draft = await announcing.call('drafts:save', { post: postFor(accountId), localMedia: [] })
      await announcing.connection.check()
      await announcing.call('drafts:schedule', { id: draft.id })
      await vi.waitFor(() => expect(notified.map((n) => n.title)).toContain('notify.draftSentTitle'), {
        timeout: 10_000,
      })
      expect(notified[0]?.route).toMatchObject({ view: 'planner' })
    } finally {
      await announcing.close()
    }
  })
})

describe('the database integrity check', () => {
  it('a stored draft that cannot be read is set aside and told once, in the log and to the app', async () => {
    const dataDir = join(root, 'unreadable-row')
    mkdirSync(dataDir, { recursive: true })
    const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
    sqlOf(database)
      .prepare(
        `INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
         VALUES ('torn', 'sandbox', 'draft', '', '', '', 1, '{"id": "torn", cut')`,
      )
      .run()
    database.close()
    const warnings: unknown[][] = []
    const log = { info() {}, debug() {}, error() {}, warn: (...data: unknown[]) => warnings.push(data) }
    const host = await createAppHost({ dataDir, mode: 'browser', log, ...fast })
    try {
      const told: string[] = []
      host.onDataNotice((notice) => told.push(notice))
      // The list answers, without the row; later notices reach the listener as they happen.
      expect(await host.call('drafts:list')).toEqual([])
      expect(told).toEqual([expect.stringMatching(/^A draft could not be read \(body: not JSON/)])
      expect(warnings.filter(([text]) => String(text).startsWith('A draft could not be read'))).toHaveLength(
        1,
      )
      const stored = sqlOf(host.database).prepare('SELECT source FROM rows_set_aside').all()
      expect(stored).toEqual([{ source: 'drafts' }])
    } finally {
      await host.close()
    }
  })

  it('opens a cleanly closed database without waiting for the check, and tells what the check finds', async () => {
    const dataDir = join(root, 'torn')
    mkdirSync(dataDir, { recursive: true })
    const file = join(dataDir, DATABASE_FILE)
    const database = openDatabase({ file })
    sqlOf(database).exec('CREATE TABLE big (x TEXT); CREATE INDEX big_x ON big(x)')
    database.transaction(() => {
      for (let i = 0; i < 2000; i += 1)
        sqlOf(database).prepare('INSERT INTO big VALUES (?)').run(`row ${i} `.repeat(20))
    })
    database.close()
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 40_960)
    closeSync(fd)

    const first = await createAppHost({ dataDir, mode: 'browser', ...fast })
    try {
      expect(first.startupNotices).toEqual([])
      expect(await first.integrityNotice).toMatch(/damaged \(integrity check failed[\s\S]*Restart Mediadeck/)
    } finally {
      await first.close()
    }
    // The next start checks first: the file is set aside and said, as at any open.
    const next = await createAppHost({ dataDir, mode: 'browser', ...fast })
    try {
      expect(next.startupNotices.join('\n')).toMatch(/set aside as .*damaged-/)
      expect(await next.integrityNotice).toBeNull()
    } finally {
      await next.close()
    }
  })
})
