// The service client and upload engine against the real sandbox over HTTP, with its fault injection.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UploadItem, UploadProgressEvent } from '../../../common/uploads'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import type { UploadEngine, UploadEngineOptions } from '../../../main/core/uploads/upload-engine'
import { startSandbox } from '../../../sandbox'
import { SMALL_LIMIT, USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'
import { sqlOf } from '../../../main/core/db/handle'
import { waitFor } from '../../support/wait-for'

let h: Harness
let clients: ServiceClient[] = []
let engines: UploadEngine[] = []
let journalN = 0

beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})
afterEach(async () => {
  h.sandbox.setFaults({})
  h.clock.offsetMs = 0
  await Promise.all(engines.map((e) => e.close()))
  await Promise.all(clients.map((c) => c.close()))
  engines = []
  clients = []
})

function client(user: { accessKey: string; secretKey: string } = USERS.main): ServiceClient {
  const c = createServiceClient({ baseUrl: h.sandbox.url, ...user, retry: { minDelayMs: 5, maxDelayMs: 20 } })
  clients.push(c)
  return c
}

function engine(c: UploadEngineOptions['client'], extra: Partial<UploadEngineOptions> = {}): UploadEngine {
  const e = createUploadEngine({
    client: c,
    journalPath: join(h.dir, `journal-${++journalN}.jsonl`),
    delays: { baseMs: 5, maxMs: 20 },
    progressIntervalMs: 20,
    ...extra,
  })
  engines.push(e)
  return e
}

async function filesNamed(c: ServiceClient, name: string) {
  const page = await c.listFiles({ page: 1, limit: 100, search: name })
  return page.docs.filter((f) => f.filename === name)
}

describe('upload engine against the sandbox', () => {
  it('uploads a batch intact, with progress monotonic per item and ending at the size', async () => {
    const c = client()
    const files = [
      h.file('happy-1.bin', 3 * 2 ** 20 + 7),
      h.file('happy-2.txt', 10_000),
      h.file('happy-3.bin', 1),
    ]
    const up = engine(c)
    const events: UploadProgressEvent[] = []
    up.onProgress((e) => events.push(e))
    const before = await c.storageStatistic()
    await up.add(files.map((f) => f.path))
    await up.whenIdle()
    const items = up.list()
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done'])
    for (const [i, item] of items.entries()) {
      expect(await sha256Of(item.url!)).toBe(files[i]!.sha256)
      const sent = events.flatMap((e) => e.items.filter((x) => x.id === item.id)).map((x) => x.bytesSent)
      expect(sent).toEqual([...sent].sort((a, b) => a - b))
      expect(sent.at(-1)).toBe(item.size)
      const [stored] = await filesNamed(c, item.name)
      expect(stored).toMatchObject({ status: 'success', size: item.size, mimetype: item.mimetype })
    }
    const after = await c.storageStatistic()
    expect(after.usage.used - before.usage.used).toBe(
      files.reduce((s, f) => s + readFileSync(f.path).length, 0),
    )
    expect(events.at(-1)!.totals).toMatchObject({ done: 3, bytesSent: after.usage.used - before.usage.used })
  })

  it('keeps one storage connection per transfer slot: each PUT takes the connection the last one freed', async () => {
    // undici hands a kept-alive socket back to its pool a turn after the answer; a PUT sent within that turn
    // found every connection busy and opened a new one, a round trip more on a distant storage.
    const storage = new Agent()
    let connections = 0
    storage.on('connect', () => connections++)
    try {
      const files = Array.from({ length: 30 }, (_, i) => h.file(`slot-conn-${i}.bin`, 2000 + i))
      const up = engine(client(), { concurrency: 2, storageDispatcher: storage })
      await up.add(files.map((f) => f.path))
      await up.whenIdle()
      expect(up.totals().done).toBe(30)
      expect(connections).toBeLessThanOrEqual(2)
    } finally {
      await storage.close()
    }
  })

  it('restarts a PUT whose connection was dropped mid-body', async () => {
    const c = client()
    const f = h.file('drop.bin', 2 * 2 ** 20)
    h.sandbox.setFaults({ dropUploadRate: 1 })
    const up = engine(c, { delays: { sleep: async () => h.sandbox.setFaults({}) } })
    const item = await up.uploadOne(f.path)
    expect(item).toMatchObject({ state: 'done', attempts: 2 })
    expect(await sha256Of(item.url!)).toBe(f.sha256)
  })

  it('stores a file under the name it is given (a crop named after its source), the copy’s own name unused', async () => {
    const c = client()
    const f = h.file('cover-1b2c.jpg', 50_000)
    const up = engine(c)
    const item = await up.uploadOne(f.path, { name: 'pelaminan panorama 3x1 (cropped).jpg' })
    expect(item).toMatchObject({ state: 'done', name: 'pelaminan panorama 3x1 (cropped).jpg' })
    const stored = await c.listFiles({ page: 1, limit: 100 })
    expect(stored.docs.find((d) => d.url === item.url)?.filename).toBe('pelaminan panorama 3x1 (cropped).jpg')
  })

  it('retries a PUT answered 503 SlowDown by the storage', async () => {
    const c = client()
    const f = h.file('slowdown.bin', 100_000)
    h.sandbox.setFaults({ storageErrorRate: 1 })
    let waits = 0
    const up = engine(c, {
      delays: {
        sleep: async () => {
          if (++waits === 2) h.sandbox.setFaults({})
        },
      },
    })
    const item = await up.uploadOne(f.path)
    expect(item).toMatchObject({ state: 'done', attempts: 3 })
    expect(await sha256Of(item.url!)).toBe(f.sha256)
  })

  it('times out a PUT the storage does not answer, and sends it again', async () => {
    const c = client()
    const f = h.file('no-answer.bin', 200_000)
    let initAnsweredAt = 0
    // Slow answers only from the storage: turned on once init answered, off when the engine waits to retry.
    const slowStorage: UploadEngineOptions['client'] = {
      ...c,
      initFile: async (req, o) => {
        const result = await c.initFile(req, o)
        h.sandbox.setFaults({ latencyMs: 6000 })
        initAnsweredAt = Date.now()
        return result
      },
    }
    const gaveUpAfter: number[] = []
    const up = engine(slowStorage, {
      storageTimeoutMs: 1500,
      delays: {
        sleep: async () => {
          gaveUpAfter.push(Date.now() - initAnsweredAt)
          h.sandbox.setFaults({})
        },
      },
    })
    const item = await up.uploadOne(f.path)
    expect(item).toMatchObject({ state: 'done', attempts: 2 })
    // One retry, and only once the answer had been awaited for the whole timeout (a lower bound only).
    expect(gaveUpAfter).toHaveLength(1)
    expect(gaveUpAfter[0]).toBeGreaterThanOrEqual(1450)
    expect(await sha256Of(item.url!)).toBe(f.sha256)
  })

  it('fails after the PUT attempts when storage keeps failing, leaving no pending file', async () => {
    const c = client()
    const f = h.file('always-503.bin', 1000)
    h.sandbox.setFaults({ storageErrorRate: 1 })
    const up = engine(c, { limits: { putAttempts: 3 } })
    const item = await up.uploadOne(f.path)
    expect(item).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: { kind: 'server', status: 503, code: 'SlowDown' },
    })
    h.sandbox.setFaults({})
    expect(await filesNamed(c, 'always-503.bin')).toEqual([])
  })

  it('initialises again when the upload address has expired, and gives up after two re-inits', async () => {
    const c = client()
    let expireNext = 1
    // The sandbox clock jumps past the address lifetime between init and PUT, as a long queue would.
    const slowQueue: UploadEngineOptions['client'] = {
      ...c,
      initFile: async (req, o) => {
        h.clock.offsetMs = 0
        const result = await c.initFile(req, o)
        if (expireNext-- > 0) h.clock.offsetMs = 11 * 60 * 1000
        return result
      },
    }
    const f = h.file('expired-once.bin', 50_000)
    const up = engine(slowQueue)
    const item = await up.uploadOne(f.path)
    expect(item.state).toBe('done')
    expect(await sha256Of(item.url!)).toBe(f.sha256)
    expect(await filesNamed(c, 'expired-once.bin')).toHaveLength(1)

    expireNext = 100
    const g = h.file('expired-always.bin', 50_000)
    const failed = await up.uploadOne(g.path)
    expect(failed).toMatchObject({
      state: 'failed',
      error: {
        kind: 'storage-rejected',
        status: 403,
        code: 'AccessDenied',
        message: expect.stringMatching(/expired/i),
      },
    })
    h.clock.offsetMs = 0
    expect(await filesNamed(c, 'expired-always.bin')).toEqual([])
  })

  it('retries complete after a 5xx from the service', async () => {
    const c = client()
    let completes = 0
    const flaky: UploadEngineOptions['client'] = {
      ...c,
      completeFile: async (id, o) => {
        // The first complete meets a failing service; the retry finds it healthy again.
        h.sandbox.setFaults(++completes === 1 ? { serverErrorRate: 1 } : {})
        return c.completeFile(id, o)
      },
    }
    const f = h.file('complete-5xx.bin', 20_000)
    const item = await engine(flaky).uploadOne(f.path)
    expect(item.state).toBe('done')
    expect(completes).toBe(2)
    expect(await sha256Of(item.url!)).toBe(f.sha256)
  })

  it('refuses a batch that does not fit, before any init', async () => {
    const c = client(USERS.small)
    const up = engine(c)
    const files = [h.file('big-a.bin', SMALL_LIMIT / 2 + 1), h.file('big-b.bin', SMALL_LIMIT / 2 + 1)]
    await expect(up.add(files.map((f) => f.path))).rejects.toMatchObject({
      kind: 'storage-full',
      freeBytes: SMALL_LIMIT,
      message: expect.stringMatching(/not enough storage/),
    })
    expect((await c.storageStatistic()).file.total).toBe(0)
  })

  it('with fail-excess, uploads the files that fit and fails the one that does not, retryable', async () => {
    const c = client(USERS.small)
    const journalPath = join(h.dir, 'excess-journal.jsonl')
    const files = [
      h.file('fits-a.bin', 300_000),
      h.file('too-big.bin', 800_000),
      h.file('fits-c.bin', 250_000),
    ]
    const up = engine(c, { journalPath })
    const added = await up.add(
      files.map((f) => f.path),
      { whenFull: 'fail-excess' },
    )
    await up.whenIdle()
    const items = up.list()
    expect(items.map((i) => [i.name, i.state])).toEqual([
      ['fits-a.bin', 'done'],
      ['too-big.bin', 'failed'],
      ['fits-c.bin', 'done'],
    ])
    expect(items[1]!.error).toMatchObject({
      kind: 'storage-full',
      neededBytes: 800_000,
      freeBytes: SMALL_LIMIT - 300_000,
    })
    expect(await sha256Of(items[0]!.url!)).toBe(files[0]!.sha256)
    expect(await sha256Of(items[2]!.url!)).toBe(files[2]!.sha256)
    // Nothing was initialised for the file that did not fit.
    expect(await filesNamed(c, 'too-big.bin')).toEqual([])
    expect((await c.storageStatistic()).file.total).toBe(2)

    // The failed item is in the journal like any other: a restarted engine has it, and its retry checks the
    // space again (still too little: fails without a request to init).
    await up.close()
    const again = engine(c, { journalPath })
    const big = again.list().find((i) => i.name === 'too-big.bin')!
    expect(big).toMatchObject({
      state: 'failed',
      batchId: added[0]!.batchId,
      error: { kind: 'storage-full' },
    })
    again.retry(big.id)
    await again.whenIdle()
    expect(again.get(big.id)).toMatchObject({
      state: 'failed',
      error: { kind: 'storage-full', neededBytes: 800_000, freeBytes: SMALL_LIMIT - 550_000 },
    })
    expect(await filesNamed(c, 'too-big.bin')).toEqual([])

    // Space freed: the retry uploads it intact.
    await c.deleteFiles([items[0]!.fileId!, items[2]!.fileId!])
    again.retry(big.id)
    await again.whenIdle()
    const done = again.get(big.id)!
    expect(done.state).toBe('done')
    expect(await sha256Of(done.url!)).toBe(files[1]!.sha256)
    await c.deleteFiles([done.fileId!])
  })

  it('stops an item at a 402 from init without sending any byte', async () => {
    const c = client(USERS.small)
    // A statistic read before someone else filled the storage: the batch check passes, init refuses.
    const stale: UploadEngineOptions['client'] = {
      ...c,
      storageStatistic: async () => ({
        file: { total: 0, success: 0, pending: 0 },
        usage: { total: 10 * SMALL_LIMIT, used: 0, free: 10 * SMALL_LIMIT },
      }),
    }
    const f = h.file('too-big.bin', SMALL_LIMIT + 1)
    const item = await engine(stale).uploadOne(f.path)
    expect(item).toMatchObject({ state: 'failed', attempts: 0, error: { kind: 'storage-full', status: 402 } })
    expect((await c.storageStatistic()).usage.used).toBe(0)
  })

  it('stops an item at a 402 from complete (the plan shrank after init) and deletes its pending file', async () => {
    // A sandbox of its own, restarted on the same port and data between PUT and complete with a smaller
    // storage limit: the service's documented "402 upgrade to get more storage" at complete.
    const dataDir = join(h.dir, 'shrink')
    const user = { ...USERS.small, tier: 'standard' as const, seed: 'empty' as const }
    let box = await startSandbox({
      port: 0,
      dataDir,
      publisherIntervalMs: 0,
      config: { users: [{ ...user, storageLimit: SMALL_LIMIT }] },
    })
    const port = box.port
    try {
      const c = createServiceClient({ baseUrl: box.url, ...USERS.small })
      clients.push(c)
      const shrinking: UploadEngineOptions['client'] = {
        ...c,
        completeFile: async (id, o) => {
          await box.close()
          box = await startSandbox({
            port,
            dataDir,
            publisherIntervalMs: 0,
            config: { users: [{ ...user, storageLimit: 1000 }] },
          })
          return c.completeFile(id, o)
        },
      }
      const f = h.file('shrunk.bin', 5000)
      const item = await engine(shrinking).uploadOne(f.path)
      expect(item).toMatchObject({
        state: 'failed',
        attempts: 1,
        error: { kind: 'storage-full', status: 402 },
      })
      expect(item.error!.message).toMatch(/upgrade to get more storage/)
      expect((await c.storageStatistic()).file.total).toBe(0)
    } finally {
      await box.close()
    }
  })

  it('stops the whole queue on 401', async () => {
    const good = client()
    const bad = client({ accessKey: USERS.main.accessKey, secretKey: 'wrong' })
    // The keys are revoked for every file but the first: the two inits ahead go out side by side, in either
    // order, so the refusal goes by name rather than by call order.
    const revoked: UploadEngineOptions['client'] = {
      ...good,
      initFile: (req, o) => (req.filename === 'revoked-1.bin' ? good.initFile(req, o) : bad.initFile(req, o)),
    }
    const files = [1, 2, 3, 4].map((n) => h.file(`revoked-${n}.bin`, 1000))
    const up = engine(revoked, { concurrency: 1 })
    await up.add(files.map((f) => f.path))
    await up.whenIdle()
    // Outcomes, not how many inits went out: the file before the refusal is stored intact, every file after it
    // failed with the 401 having sent nothing, and the service holds nothing of them, pending or not.
    const items = up.list()
    expect(items.map((i) => [i.state, i.error?.kind, i.error?.status])).toEqual([
      ['done', undefined, undefined],
      ['failed', 'unauthorized', 401],
      ['failed', 'unauthorized', 401],
      ['failed', 'unauthorized', 401],
    ])
    expect(await sha256Of(items[0]!.url!)).toBe(files[0]!.sha256)
    expect(items.slice(1).map((i) => i.bytesSent)).toEqual([0, 0, 0])
    for (const n of [2, 3, 4]) expect(await filesNamed(good, `revoked-${n}.bin`)).toEqual([])
    expect((await good.storageStatistic()).file.pending).toBe(0)
  })

  it('cancels mid-upload and leaves nothing behind on the service', async () => {
    const c = client()
    const path = h.sparse('cancel-me.bin', 256 * 2 ** 20)
    h.sandbox.setFaults({ latencyMs: 0 })
    const up = engine(c)
    const [item] = await up.add([path])
    await waitFor(() => (up.get(item!.id)?.bytesSent ?? 0) > 0, 'bytes on their way', 10_000)
    await up.cancel(item!.id)
    expect(up.get(item!.id)!.state).toBe('cancelled')
    expect(await filesNamed(c, 'cancel-me.bin')).toEqual([])
    const stat = await c.storageStatistic()
    expect(stat.file.pending).toBe(0)
  })

  it('cancels while init is in flight and deletes the file that init created meanwhile', async () => {
    const c = client()
    const { path } = h.file('cancel-at-init.bin', 50_000)
    const before = await c.storageStatistic()
    // The service has made the file and its answer is still on the way when the cancel lands. (The sandbox's
    // latencyMs cannot stand in here: it sleeps before reading the request, and drops one the client gave up on.)
    let created = false
    let deliver!: () => void
    const answerArrives = new Promise<void>((resolve) => (deliver = resolve))
    const up = engine({
      ...c,
      initFile: async (req, o) => {
        const init = await c.initFile(req)
        created = true
        await answerArrives
        o?.signal?.throwIfAborted() // what an aborted request does: the answer, and the file id, are lost
        return init
      },
    })
    const [item] = await up.add([path])
    await waitFor(() => created, 'the init answered', 10_000)
    expect((await c.storageStatistic()).file.pending).toBe(before.file.pending + 1)
    const cancelled = up.cancel(item!.id)
    deliver()
    await cancelled
    expect(up.get(item!.id)!.state).toBe('cancelled')
    expect(await filesNamed(c, 'cancel-at-init.bin')).toEqual([])
    const after = await c.storageStatistic()
    expect(after.file).toEqual(before.file)
    expect(after.usage).toEqual(before.usage)
  })

  it('resumes after the engine process is killed, without uploading a finished file twice', async () => {
    const c = client()
    // crash-2 is the one killed mid-PUT: 4 MB under the child's 200 kB/s cap is 20 s of sending, so it cannot
    // finish before the kill however late crash-1's complete comes (in CI an fdatasync under load held it for
    // longer than a 300 kB PUT takes). The restarted engine has no cap, so this costs the test nothing.
    const files = [300_001, 4_000_002, 300_003].map((size, i) => h.file(`crash-${i + 1}.bin`, size))
    const journalPath = join(h.dir, 'crash-journal.jsonl')
    // Slow answers and the cap keep the child busy long enough to be killed between files.
    h.sandbox.setFaults({ latencyMs: 150 })
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./support/engine-child.ts', import.meta.url)),
        h.sandbox.url,
        USERS.main.accessKey,
        USERS.main.secretKey,
        journalPath,
        ...files.map((f) => f.path),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ENGINE_RATE_LIMIT: '200000' } },
    )
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    // crash-1's done state in the database too: the progress line can beat its commit, and crash-2
    // (initialised ahead of its slot) may be sending while crash-1 completes.
    await waitFor(
      () =>
        /crash-1\.bin done/.test(out) && /crash-2\.bin uploading/.test(out) && doneIn('crash-journal') > 0,
      'the child run mid-batch',
      // The child compiles its TypeScript as it starts: on a loaded machine (two cores, the rest of the suite
      // running) that alone took over 20 s. Waiting longer costs nothing when it is quick.
      60_000,
    )
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
    h.sandbox.setFaults({})

    const up = engine(c, { journalPath })
    expect(up.list().map((i) => i.state)).toEqual(['done', 'queued', 'queued'])
    await up.whenIdle()
    expect(up.list().map((i) => i.state)).toEqual(['done', 'done', 'done'])
    for (const [i, f] of files.entries()) {
      const stored = await filesNamed(c, `crash-${i + 1}.bin`)
      // Exactly one file per name on the service: the finished one was not sent again, the interrupted
      // one's pending leftover was cleaned up.
      expect(stored.map((s) => s.status)).toEqual(['success'])
      expect(await sha256Of(up.list()[i]!.url!)).toBe(f.sha256)
    }
  }, 120_000)

  /** Finished items of a queue, in the database the engines of this harness share. */
  function doneIn(scope: string): number {
    const database = openDatabase({ file: join(h.dir, DATABASE_FILE) })
    try {
      const row = sqlOf(database)
        .prepare("SELECT count(*) AS n FROM upload_items WHERE scope = ? AND state = 'done'")
        .get(scope) as { n: number }
      return row.n
    } finally {
      database.close()
    }
  }

  it('keeps memory flat while uploading a large file', async () => {
    const c = client()
    const size = 512 * 2 ** 20
    const path = h.sparse('large.bin', size)
    const up = engine(c)
    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)
    let item: UploadItem
    try {
      item = await up.uploadOne(path)
    } finally {
      clearInterval(sampler)
    }
    expect(item.state).toBe('done')
    expect(item.size).toBe(size)
    // Whole-file buffering would add 512 MiB; the sandbox in this same process writes to disk as it reads.
    expect(peak - baseline).toBeLessThan(120 * 2 ** 20)
  })
})
