import { createHash, randomUUID } from 'node:crypto'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../common/errors'
import type { UploadItem, UploadProgressEvent } from '../../../../common/uploads'
import { openDatabase } from '../../../../main/core/db/database'
import { LEASE_TTL_MS } from '../../../../main/core/db/leases'
import { createUploadEngine } from '../../../../main/core/uploads/upload-engine'
import type { UploadEngine, UploadEngineOptions } from '../../../../main/core/uploads/upload-engine'
import { manualClock, until } from '../../../support/manual-clock'
import { waitFor } from '../../../support/wait-for'
import { createFakeService, httpError } from '../support/fake-service'
import type { FakeService } from '../support/fake-service'
import { S3_EXPIRED, startStorageSink } from '../support/storage-sink'
import type { StorageSink } from '../support/storage-sink'
import { sqlOf } from '../../../../main/core/db/handle'

let dir: string
let sink: StorageSink
let service: FakeService
let engines: UploadEngine[]
let sleeps: number[]

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engine-test-'))
  sink = await startStorageSink()
  service = createFakeService(sink.url)
  engines = []
  sleeps = []
})

afterEach(async () => {
  await Promise.all(engines.map((e) => e.close()))
  await sink.close()
  rmSync(dir, { recursive: true, force: true })
})

function engine(extra: Partial<UploadEngineOptions> = {}): UploadEngine {
  const e = createUploadEngine({
    client: service.client,
    journalPath: join(dir, 'uploads.jsonl'),
    progressIntervalMs: 20,
    stallTimeoutMs: 2000,
    delays: {
      sleep: async (ms) => {
        sleeps.push(ms)
      },
    },
    ...extra,
  })
  engines.push(e)
  return e
}

/**
 * The clock of an engine started after another was abandoned mid-upload (a crash, in one test process whose
 * pid lives on): past the abandoned engine's lease expiry, so it takes the unfinished items over.
 */
const afterLeaseExpiry = () => Date.now() + LEASE_TTL_MS + 1

/** Rows of the engine's database (beside the journal path) as they are now. */
function rows<T>(sql: string): T[] {
  const database = openDatabase({ file: join(dir, 'mediadeck.db') })
  try {
    return sqlOf(database).prepare(sql).all() as T[]
  } finally {
    database.close()
  }
}

function file(name: string, size: number): { path: string; sha256: string } {
  // A 251-byte pattern (prime length, so chunk boundaries never line up with it) seeded by the whole name:
  // two names make different bytes, which the engine would otherwise store once (identical bytes are reused).
  const seed = createHash('sha256').update(name).digest()
  const pattern = Buffer.from(Array.from({ length: 251 }, (_, i) => (i * 31 + seed[i % seed.length]!) & 0xff))
  const data = Buffer.alloc(size, pattern)
  const path = join(dir, name)
  writeFileSync(path, data)
  return { path, sha256: createHash('sha256').update(data).digest('hex') }
}

const keyPath = (item: UploadItem): string => `/${item.key}`

describe('upload engine: the happy path', () => {
  it('uploads files intact with the init mimetype, checksum headers echoed, no Authorization, URL verbatim', async () => {
    const a = file('a.bin', 300_000)
    const b = file('b.txt', 5_000)
    const up = engine()
    const events: UploadProgressEvent[] = []
    up.onProgress((e) => events.push(e))
    await up.add([a.path, b.path])
    await up.whenIdle()
    const items = up.list()
    expect(items.map((i) => i.state)).toEqual(['done', 'done'])
    for (const [item, src, type] of [
      [items[0]!, a, 'application/octet-stream'],
      [items[1]!, b, 'text/plain'],
    ] as const) {
      const put = sink.received.find((r) => r.path === keyPath(item))!
      expect(put.sha256).toBe(src.sha256)
      expect(put.headers['content-type']).toBe(type)
      expect(put.headers['content-length']).toBe(String(item.size))
      expect(put.headers['transfer-encoding']).toBeUndefined()
      expect(put.headers['x-amz-checksum-crc32']).toBe('AAAAAA==')
      expect(put.headers['x-amz-sdk-checksum-algorithm']).toBe('CRC32')
      expect(put.headers.authorization).toBeUndefined()
      // %2F and %3D stay encoded exactly as the service wrote them.
      expect(put.rawUrl).toContain('X-Amz-Signature=ab%2Fcd&x-amz-checksum-crc32=AAAAAA%3D%3D')
      expect(service.files.get(item.fileId!)?.status).toBe('success')
      expect(item.url).toBe(`https://storage.example/${item.key}`)
    }
    // Both files start at once, so which init reaches the service first is up to the file probes.
    expect(service.calls.init.map((r) => [r.filename, r.mimetype]).sort()).toEqual([
      ['a.bin', 'application/octet-stream'],
      ['b.txt', 'text/plain'],
    ])
    // Final states are always delivered, and progress per item never goes back and ends at the size.
    const last = events.at(-1)!
    expect(last.totals).toMatchObject({ files: 2, done: 2, bytesTotal: 305_000, bytesSent: 305_000 })
    for (const item of items) {
      const seen = events.flatMap((e) => e.items.filter((i) => i.id === item.id)).map((i) => i.bytesSent)
      expect(seen).toEqual([...seen].sort((x, y) => x - y))
      expect(seen.at(-1)).toBe(item.size)
    }
  })

  it('sends the bytes intact to a slow reader (constant backpressure)', async () => {
    const a = file('slow.bin', 12 * 2 ** 20 + 3)
    sink.behave = () => ({ kind: 'trickle', everyMs: 1, answer: true })
    const up = engine({ chunkBytes: 64 * 1024 })
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]!.state).toBe('done')
    expect(sink.received.map((r) => [r.bytes, r.sha256])).toEqual([[12 * 2 ** 20 + 3, a.sha256]])
  })

  it('refuses a batch naming every missing or empty path before any file is made', async () => {
    const ok = file('ok.bin', 10)
    writeFileSync(join(dir, 'empty.bin'), '')
    const up = engine()
    const error = await up
      .add([ok.path, join(dir, 'missing.bin'), join(dir, 'empty.bin'), dir])
      .catch((e) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error.kind).toBe('file')
    expect(error.message).toContain(`${join(dir, 'missing.bin')}: no such file`)
    expect(error.message).toContain(`${join(dir, 'empty.bin')}: file is empty`)
    expect(error.message).toContain(`${dir}: not a regular file`)
    // The free space may have been asked (a read, while the files were probed); nothing was made or sent.
    expect(service.calls.statistic).toBeLessThanOrEqual(1)
    expect(service.calls.init).toHaveLength(0)
    expect(sink.received).toHaveLength(0)
    expect(up.list()).toEqual([])
  })

  it('fail-each queues the good files and fails each bad one by its name, never its path', async () => {
    const png = file('photo.png', 2000)
    const jpg = file('shot.jpg', 3000)
    // Browser-mode copies live under a generated folder: the path must not reach the person.
    mkdirSync(join(dir, 'c0ffee-generated'))
    const empty = join(dir, 'c0ffee-generated', 'blank.png')
    writeFileSync(empty, '')
    const up = engine()
    const batches: unknown[] = []
    up.onBatchFinished((e) => batches.push(e))
    const added = await up.add([png.path, empty, jpg.path], {
      whenFull: 'fail-excess',
      whenUnreadable: 'fail-each',
    })
    expect(added.map((i) => [i.name, i.state === 'failed'])).toEqual([
      ['photo.png', false],
      ['blank.png', true],
      ['shot.jpg', false],
    ])
    expect(added[1]!.error).toMatchObject({ kind: 'file', message: 'blank.png: file is empty' })
    expect(added[1]!.error!.message).not.toContain('c0ffee-generated')
    await up.whenIdle()
    expect(up.list().map((i) => i.state)).toEqual(['done', 'failed', 'done'])
    expect(service.calls.init.map((r) => r.filename).sort()).toEqual(['photo.png', 'shot.jpg'])
    expect(batches).toEqual([{ batchId: added[0]!.batchId, done: 2, reused: 0, failed: 1, cancelled: 0 }])

    // Fixed on disk, the refused file goes on retry with the type its name gives.
    writeFileSync(empty, Buffer.alloc(700, 1))
    up.retry(added[1]!.id)
    await up.whenIdle()
    expect(up.get(added[1]!.id)).toMatchObject({ state: 'done', size: 700, mimetype: 'image/png' })
    expect(service.calls.init.find((r) => r.filename === 'blank.png')).toMatchObject({
      mimetype: 'image/png',
    })
  })

  it('fail-each with only bad files makes no request and reports the batch finished', async () => {
    const up = engine()
    const batches: unknown[] = []
    up.onBatchFinished((e) => batches.push(e))
    const [item] = await up.add([join(dir, 'gone.gif')], { whenUnreadable: 'fail-each' })
    expect(item).toMatchObject({ name: 'gone.gif', state: 'failed', error: { kind: 'file' } })
    expect(item!.error!.message).toBe('gone.gif: no such file')
    expect(service.calls.statistic).toBe(0)
    expect(batches).toEqual([{ batchId: item!.batchId, done: 0, reused: 0, failed: 1, cancelled: 0 }])
  })

  it('refuses a batch that cannot fit in the free storage, counting what is already queued', async () => {
    service.free = 1000
    const a = file('a.bin', 600)
    const b = file('b.bin', 600)
    const up = engine()
    const error = await up.add([a.path, b.path]).catch((e) => e)
    expect(error).toMatchObject({ kind: 'storage-full', neededBytes: 1200, freeBytes: 1000 })
    expect(error.message).toMatch(/not enough storage: this batch needs 1\.2 kB but only 1,000 B/)
    expect(service.calls.init).toHaveLength(0)
  })

  it('takes the type from the extension and reports a magic-byte mismatch', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
    const path = join(dir, 'photo.jpg')
    writeFileSync(path, Buffer.concat([png, Buffer.alloc(64)]))
    const up = engine()
    const [item] = await up.add([path])
    expect(item!.mimetype).toBe('image/jpeg')
    expect(item!.mimeWarning).toMatch(/looks like image\/png/)
    await up.whenIdle()
    expect(sink.received[0]!.headers['content-type']).toBe('image/jpeg')
  })

  it('keeps to the concurrency limit, with at most two rounds of files initialised ahead of the slots', async () => {
    const files = Array.from({ length: 7 }, (_, i) => file(`f${i}.bin`, 50_000))
    const putsAtInit: number[] = []
    const realInit = service.client.initFile
    service.client.initFile = async (req, o) => {
      putsAtInit.push(sink.answered)
      return realInit(req, o)
    }
    sink.behave = () => ({ kind: 'ok', delayMs: 30 })
    const up = engine({ concurrency: 2 })
    await up.add(files.map((f) => f.path))
    await up.whenIdle()
    expect(sink.maxActive).toBe(2)
    expect(up.totals().done).toBe(7)
    // Two slots and four runs ahead of them (in init or initialised): the seventh init waits until a PUT has
    // finished, so no address waits behind more than two rounds of PUTs (it lives 10 minutes).
    expect(putsAtInit.slice(0, 6).every((n) => n === 0)).toBe(true)
    expect(putsAtInit[6]).toBeGreaterThanOrEqual(1)
  })

  it('uploadOne resolves once the item is final; onBatchFinished reports the batch', async () => {
    const a = file('one.bin', 1000)
    const up = engine()
    const batches: unknown[] = []
    up.onBatchFinished((e) => batches.push(e))
    const item = await up.uploadOne(a.path)
    expect(item.state).toBe('done')
    expect(item.fileId).toBeTruthy()
    expect(batches).toEqual([{ batchId: item.batchId, done: 1, reused: 0, failed: 0, cancelled: 0 }])
  })

  it('emits progress at most once per interval of its clock, and every final state by idle', async () => {
    const files = Array.from({ length: 30 }, (_, i) => file(`p${i}.bin`, 10_000))
    sink.behave = () => ({ kind: 'ok', delayMs: 30 })
    // The interval runs on the engine's own clock, stepped here by hand: a message comes only when the
    // clock has moved an interval on, or with the final states (bench/timing/ has the wall-clock check).
    const time = manualClock()
    const up = engine({ progressIntervalMs: 100, timers: time.clock })
    const times: number[] = []
    const last = new Map<string, string>()
    up.onProgress((e) => {
      times.push(time.now())
      for (const item of e.items) last.set(item.id, item.state)
    })
    let idle = false
    await up.add(files.map((f) => f.path))
    const whenIdle = up.whenIdle().then(() => (idle = true))
    while (!idle) {
      await until(() => idle || time.pending() > 0, 'a progress message waiting for its interval')
      if (!idle) await time.advance(50)
    }
    await whenIdle
    const gaps = times.slice(1, -1).map((t, i) => t - times[i]!)
    expect(gaps.length).toBeGreaterThan(1)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100)
    expect(up.totals().done).toBe(30)
    // The final states went out by the time the queue was idle, without waiting for an interval.
    expect([...last.values()]).toEqual(files.map(() => 'done'))
  })
})

describe('upload engine: faults', () => {
  it('retries a PUT answered 5xx from the start, with backoff', async () => {
    const a = file('a.bin', 100_000)
    sink.behave = (_req, n) =>
      n < 2 ? { kind: 'status', status: 503, body: '<Error><Code>SlowDown</Code></Error>' } : { kind: 'ok' }
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    const [item] = up.list()
    expect(item).toMatchObject({ state: 'done', attempts: 3 })
    expect(sink.received.filter((r) => r.complete).map((r) => r.sha256)).toEqual([a.sha256])
    expect(sleeps).toHaveLength(2)
  })

  it('honours Retry-After on a 429 from storage', async () => {
    const a = file('a.bin', 1000)
    sink.behave = (_req, n) =>
      n === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '7' } } : { kind: 'ok' }
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]!.state).toBe('done')
    expect(sleeps).toEqual([7000])
  })

  it('retries after a connection reset mid-body and the bytes still arrive intact', async () => {
    const a = file('a.bin', 4 * 2 ** 20)
    sink.behave = (_req, n) => (n === 0 ? { kind: 'reset-after', bytes: 2 ** 20 } : { kind: 'ok' })
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'done', attempts: 2 })
    expect(sink.received.filter((r) => r.complete).map((r) => r.sha256)).toEqual([a.sha256])
  })

  it('times out a stalled PUT and retries it', async () => {
    const a = file('a.bin', 8 * 2 ** 20)
    sink.behave = (_req, n) => (n === 0 ? { kind: 'stall-after', bytes: 1 } : { kind: 'ok' })
    const up = engine({ stallTimeoutMs: 300 })
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'done', attempts: 2 })
    expect(sink.received.filter((r) => r.complete).map((r) => r.sha256)).toEqual([a.sha256])
  })

  it('gives up after the PUT attempts and deletes the pending file', async () => {
    const a = file('a.bin', 1000)
    sink.behave = () => ({
      kind: 'status',
      status: 500,
      body: '<Error><Code>InternalError</Code><Message>boom</Message></Error>',
    })
    const up = engine({ limits: { putAttempts: 3 } })
    await up.add([a.path])
    await up.whenIdle()
    const [item] = up.list()
    expect(item).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: { kind: 'server', status: 500, code: 'InternalError' },
    })
    expect(service.files.size).toBe(0)
  })

  it('initialises again after a 403 from storage (expired address), at most twice', async () => {
    const a = file('a.bin', 1000)
    sink.behave = (_req, n) => (n === 0 ? { kind: 'status', status: 403, body: S3_EXPIRED } : { kind: 'ok' })
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]!.state).toBe('done')
    expect(service.calls.init).toHaveLength(2)
    // The first, refused file was deleted; only the completed one is left.
    expect([...service.files.values()].map((f) => f.status)).toEqual(['success'])

    sink.behave = () => ({ kind: 'status', status: 403, body: S3_EXPIRED })
    const b = file('b.bin', 1000)
    await up.add([b.path])
    await up.whenIdle()
    expect(up.list()[1]).toMatchObject({
      state: 'failed',
      error: {
        kind: 'storage-rejected',
        status: 403,
        code: 'AccessDenied',
        message: expect.stringMatching(/expired/),
      },
    })
    expect(service.calls.init).toHaveLength(2 + 3)
  })

  it('retries complete on 5xx and network errors', async () => {
    const a = file('a.bin', 1000)
    service.failComplete = (n) =>
      n === 1
        ? httpError('server', 502, 'bad gateway')
        : n === 2
          ? new AppError({ kind: 'network', message: 'reset' })
          : undefined
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]!.state).toBe('done')
    expect(service.calls.complete).toHaveLength(3)
    expect(sink.okCount(keyPath(up.list()[0]!))).toBe(1)
  })

  it('stops an item on 402 at init without any PUT', async () => {
    const a = file('a.bin', 1000)
    service.failInit = () => httpError('storage-full', 402, 'upgrade to get more storage')
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'storage-full', status: 402 } })
    expect(sink.received).toHaveLength(0)
  })

  it('stops an item on 402 at complete and leaves no pending file', async () => {
    const a = file('a.bin', 1000)
    service.failComplete = () => httpError('storage-full', 402, 'upgrade to get more storage')
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'storage-full' } })
    expect(service.calls.complete).toHaveLength(1)
    expect(service.files.size).toBe(0)
  })

  it('stops the whole queue on 401', async () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`f${i}.bin`, 1000))
    // By name, not by call order: the two inits ahead go out side by side, in either order.
    service.failInit = () =>
      service.calls.init.at(-1)?.filename === 'f1.bin'
        ? httpError('unauthorized', 401, 'unauthorized')
        : undefined
    const up = engine({ concurrency: 1 })
    await up.add(files.map((f) => f.path))
    await up.whenIdle()
    // The second init runs ahead, while the first file is on its way: that one still finishes.
    expect(up.list().map((i) => [i.state, i.error?.kind])).toEqual([
      ['done', undefined],
      ['failed', 'unauthorized'],
      ['failed', 'unauthorized'],
      ['failed', 'unauthorized'],
    ])
    // Outcomes, not how many inits went out: the first file's bytes alone reached the storage, and the service
    // holds that file, complete, and nothing of the others (no pending file left behind).
    expect(sink.received.filter((r) => r.complete).map((r) => r.sha256)).toEqual([files[0]!.sha256])
    expect([...service.files.values()].map((f) => [f.filename, f.status])).toEqual([['f0.bin', 'success']])
  })

  it('a run the 401 stopped while it read ahead ends failed, never left showing uploading', async () => {
    const x = file('x.bin', 1000)
    const y = file('y.bin', 1000)
    let refuseX: ((error: unknown) => void) | undefined
    const realInit = service.client.initFile
    service.client.initFile = (req, o) =>
      req.filename === 'x.bin' ? new Promise((_resolve, reject) => (refuseX = reject)) : realInit(req, o)
    // y.bin, initialised and given the free slot, is reading its bytes when x.bin's init meets the 401.
    const up = engine({
      concurrency: 1,
      checkRead: async (path) => {
        if (path !== y.path || !refuseX) return
        refuseX(httpError('unauthorized', 401, 'unauthorized'))
        // The read goes on once the 401 has stopped the queue, however long that takes.
        await waitFor(() => up.list()[0]?.state === 'failed', 'the item failed', 10_000)
      },
    })
    await up.add([x.path, y.path])
    await up.whenIdle()
    expect(up.list().map((i) => [i.name, i.state, i.error?.kind])).toEqual([
      ['x.bin', 'failed', 'unauthorized'],
      ['y.bin', 'failed', 'unauthorized'],
    ])
    expect(sink.received).toHaveLength(0)
  })

  it('fails a small file rewritten after it was read ahead, before complete, its pending file deleted', async () => {
    const a = file('small.bin', 1000)
    // The bytes were read before the slot; the file changes while they are on their way.
    sink.behave = () => ({ kind: 'ok-touch', touch: () => appendFileSync(a.path, 'more') })
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'file' } })
    expect(up.list()[0]!.error!.message).toMatch(/changed during upload/)
    // What went out is what the file held when read: whole, never mixed with the new bytes.
    expect(sink.received[0]).toMatchObject({ bytes: 1000, sha256: a.sha256 })
    expect(service.calls.complete).toHaveLength(0)
    expect(service.files.size).toBe(0)
  })

  it('asks for the free space while the batch is still being probed', async () => {
    const files = Array.from({ length: 6 }, (_, i) => file(`p${i}.bin`, 100))
    let askedBeforeLastProbe: number | undefined
    const up = engine({
      checkRead: async (path) => {
        // The probe of the last file takes a while (a slow disk): the question is already out by its end.
        if (path !== files[5]!.path || askedBeforeLastProbe !== undefined) return
        // Holds this probe until the question is out: never, if the engine asked only after every probe.
        await waitFor(() => service.calls.statistic > 0, 'a storage statistic asked', 20_000).catch(
          () => undefined,
        )
        askedBeforeLastProbe = service.calls.statistic
      },
    })
    await up.add(files.map((f) => f.path))
    await up.whenIdle()
    expect(askedBeforeLastProbe).toBe(1)
    expect(service.calls.statistic).toBe(1)
    expect(up.totals().done).toBe(6)
  })

  it('deletes the pending file of a failed item even when the service rate-limits the delete at first', async () => {
    const a = file('a.bin', 1000)
    sink.behave = () => ({ kind: 'status', status: 500 })
    service.failDelete = (n) =>
      n <= 2 ? new AppError({ kind: 'rate-limited', status: 429, message: 'slow down' }) : undefined
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'failed' })
    // Refused twice, then deleted: nothing is left holding the file's size.
    expect(service.calls.delete).toHaveLength(3)
    expect(service.files.size).toBe(0)
  })

  it('fails clearly when the file changes during the upload', async () => {
    const a = file('grow.bin', 16 * 2 ** 20)
    sink.behave = () => ({ kind: 'ok-touch', touch: () => appendFileSync(a.path, 'more') })
    const up = engine({ chunkBytes: 64 * 1024 })
    await up.add([a.path])
    await up.whenIdle()
    expect(up.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'file' } })
    expect(up.list()[0]!.error!.message).toMatch(/changed during upload/)
    expect(service.calls.complete).toHaveLength(0)
    expect(service.files.size).toBe(0)
  })

  it('does not follow a redirect from storage (so no header can leak to another origin)', async () => {
    const other = await startStorageSink()
    try {
      const a = file('a.bin', 1000)
      sink.behave = () => ({ kind: 'redirect', location: `${other.url}/elsewhere` })
      const up = engine()
      await up.add([a.path])
      await up.whenIdle()
      expect(up.list()[0]).toMatchObject({
        state: 'failed',
        error: { kind: 'storage-rejected', status: 307 },
      })
      expect(other.received).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})

describe('upload engine: cancel, retry, remove', () => {
  it('cancels mid-upload: the socket is aborted and the pending file deleted', async () => {
    const a = file('a.bin', 16 * 2 ** 20)
    sink.behave = () => ({ kind: 'trickle', everyMs: 5, answer: false })
    const up = engine({ stallTimeoutMs: 30_000 })
    const [item] = await up.add([a.path])
    await waitFor(
      () => (up.get(item!.id)?.bytesSent ?? 0) > 0 && service.files.size === 1,
      'bytes on their way',
      10_000,
    )
    await up.cancel(item!.id)
    expect(up.get(item!.id)).toMatchObject({ state: 'cancelled', error: { kind: 'cancelled' } })
    expect(service.files.size).toBe(0)
    await waitFor(() => sink.received.length === 1, 'the PUT received', 10_000)
    expect(sink.received[0]!.complete).toBe(false)
    expect(service.calls.complete).toHaveLength(0)
  })

  it('retries a failed item and removes items on request', async () => {
    const a = file('a.bin', 1000)
    service.failInit = (n) => (n === 1 ? httpError('server', 500, 'boom') : undefined)
    const up = engine()
    const events: UploadProgressEvent[] = []
    up.onProgress((e) => events.push(e))
    const [item] = await up.add([a.path])
    await up.whenIdle()
    expect(up.get(item!.id)!.state).toBe('failed')
    up.retryAllFailed()
    await up.whenIdle()
    expect(up.get(item!.id)!.state).toBe('done')
    up.clearFinished()
    expect(up.list()).toEqual([])
    await up.whenIdle()
    expect(events.at(-1)!.removed).toEqual([item!.id])
  })
})

describe('upload engine: inits ahead of the slot', () => {
  it('replaces an address that waited too long for its slot before sending, intent and init journaled', async () => {
    let t = Date.parse('2026-03-01T10:00:00Z')
    const journalPath = join(dir, 'uploads.jsonl')
    const [a, b] = [file('first.bin', 50_000), file('second.bin', 50_000)]
    // first.bin's PUT (past its own address check) is answered only once second.bin holds the address it got
    // ahead of its slot, and 6 minutes have passed after that.
    let initialisedBeforeJump = false
    const jumped = () =>
      waitFor(() => up.list()[1]?.fileId !== undefined, 'the second item initialised', 10_000).then(() => {
        initialisedBeforeJump = service.calls.init.length === 2
        t += 6 * 60_000
      })
    sink.behave = (_req, n) => (n === 0 ? { kind: 'ok', until: jumped() } : { kind: 'ok' })
    const intentsAtInit: boolean[] = []
    const realInit = service.client.initFile
    service.client.initFile = async (req, o) => {
      const open = rows<{ name: string }>('SELECT name FROM upload_intents')
      intentsAtInit.push(open.some((i) => i.name === req.filename))
      return realInit(req, o)
    }
    const up = engine({ concurrency: 1, now: () => t, journalPath })
    const [, second] = await up.add([a.path, b.path])
    await up.whenIdle()
    expect(initialisedBeforeJump).toBe(true)
    expect(up.list().map((i) => i.state)).toEqual(['done', 'done'])
    expect(service.calls.init.map((r) => r.filename)).toEqual(['first.bin', 'second.bin', 'second.bin'])
    // The stale address's pending file was deleted, and its bytes never went to it: one file, finished.
    expect(service.calls.delete).toHaveLength(1)
    expect([...service.files.values()].map((f) => [f.filename, f.status])).toEqual([
      ['first.bin', 'success'],
      ['second.bin', 'success'],
    ])
    expect(sink.received.filter((r) => r.path.includes(service.calls.delete[0]!))).toEqual([])
    // Each init went out behind its intent: the crash guarantee holds for inits ahead as before.
    expect(intentsAtInit).toEqual([true, true, true])
    expect(rows('SELECT * FROM upload_intents')).toEqual([])
    expect(rows<{ id: string; file_id: string }>('SELECT id, file_id FROM upload_items')).toContainEqual({
      id: second!.id,
      file_id: [...service.files.values()].find((f) => f.filename === 'second.bin')!.id,
    })
  })

  it('cancelling a file while it reads ahead and waits in the slot line leaves no unhandled rejection', async () => {
    sink.behave = (_req, n) => (n === 0 ? { kind: 'ok', delayMs: 300 } : { kind: 'ok' })
    const a = file('a.bin', 10_000)
    const b = file('b.bin', 10_000)
    let added = false
    let readingB: (() => void) | undefined
    let endRead!: () => void
    const readHeld = new Promise<void>((resolve) => (endRead = resolve))
    const up = engine({
      concurrency: 1,
      // b's read ahead is slow: it is cancelled while the read runs and its place in the slot's line waits.
      checkRead: async (path) => {
        if (!added || path !== b.path) return
        readingB?.()
        await readHeld
      },
    })
    const reading = new Promise<void>((resolve) => (readingB = resolve))
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      const [, second] = await up.add([a.path, b.path])
      added = true
      await reading
      const cancelled = up.cancel(second!.id)
      endRead()
      await cancelled
      await up.whenIdle()
      // A rejection nobody handled is reported once the microtasks of its turn have run: one turn later.
      await new Promise((resolve) => setImmediate(resolve))
      expect(up.get(second!.id)!.state).toBe('cancelled')
      expect(rejections).toEqual([])
      expect([...service.files.values()].map((f) => f.filename)).toEqual(['a.bin'])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  it('cancelling a file initialised ahead, while it waits for its slot, deletes its pending file', async () => {
    sink.behave = (_req, n) => (n === 0 ? { kind: 'ok', delayMs: 300 } : { kind: 'ok' })
    const up = engine({ concurrency: 1 })
    const [first, second] = await up.add([file('a.bin', 10_000).path, file('b.bin', 10_000).path])
    await waitFor(
      () => service.calls.init.length === 2 && up.get(second!.id)!.fileId !== undefined,
      'the second init',
      10_000,
    )
    await up.cancel(second!.id)
    await up.whenIdle()
    expect(up.get(first!.id)!.state).toBe('done')
    expect(up.get(second!.id)!.state).toBe('cancelled')
    expect([...service.files.values()].map((f) => f.filename)).toEqual(['a.bin'])
    expect(sink.received).toHaveLength(1)
  })
})

describe('upload engine: persistence', () => {
  it('resumes after a crash: finished items are never uploaded again, interrupted ones restart', async () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`f${i}.bin`, 20_000 + i))
    // Engine A completes one file, gets a second completed on the service but "crashes" before recording it,
    // and is stuck completing a third when abandoned. Which files those are is the order the inits were
    // answered in (the slots go in that order), which a busy disk can change: they are named as they come.
    let completes = 0
    const completedNames: string[] = []
    service.onComplete = async (id) => {
      completes++
      completedNames.push(service.files.get(id)!.filename)
      if (completes === 1) {
        service.files.get(id)!.status = 'success'
        return
      }
      if (completes === 2) service.files.get(id)!.status = 'success'
      dead = true
      await new Promise(() => undefined) // hangs forever: the process "died" here
    }
    // From the death on, nothing A asks reaches the service (its inits run ahead of the slot otherwise).
    let dead = false
    const never = new Promise<never>(() => undefined)
    const deadOrAlive = new Proxy(service.client, {
      get: (target, prop) => {
        const value = Reflect.get(target, prop) as unknown
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => (dead ? never : (value as (...a: unknown[]) => unknown)(...args))
      },
    })
    const a = createUploadEngine({
      client: deadOrAlive,
      journalPath: join(dir, 'uploads.jsonl'),
      concurrency: 1,
      delays: { sleep: async () => undefined },
    })
    await a.add(files.map((f) => f.path))
    // f0's `done` state is committed to the database before its slot frees, so it is there at the crash.
    await waitFor(() => completes === 2, 'two completes', 10_000)
    // A is abandoned here, never closed: its journal holds whatever reached the kernel.
    service.onComplete = undefined
    const b = engine({ concurrency: 2, leaseClock: afterLeaseExpiry })
    const restored = b.list()
    const [first, second] = completedNames
    expect(restored.map((i) => [i.name, i.state])).toEqual(
      files.map((_, i) => [`f${i}.bin`, `f${i}.bin` === first ? 'done' : 'queued']),
    )
    await b.whenIdle()
    const items = b.list()
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done', 'done'])
    for (const [i, item] of items.entries()) {
      const completed = sink.received.filter((r) => r.path === keyPath(item) && r.complete)
      expect(completed.map((r) => r.sha256)).toEqual([files[i]!.sha256])
    }
    // The first two were sent once in all; the second was recognised as finished through the service. The
    // others (sent while its complete hung, since complete holds no slot) were left pending: replaced, never
    // doubled.
    const uploadsOf = (name: string) => service.calls.init.filter((r) => r.filename === name).length
    expect([uploadsOf(first!), uploadsOf(second!)]).toEqual([1, 1])
    for (const name of files.map((_, i) => `f${i}.bin`).filter((n) => n !== first && n !== second))
      expect(uploadsOf(name)).toBeLessThanOrEqual(2)
    expect([...service.files.values()].map((f) => f.status)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ])
  })

  it('after a restart, asks again about an unconfirmed pending file when the first question failed', async () => {
    const a = file('a.bin', 5000)
    // Engine A: complete reaches the service, then the process "dies" before recording it.
    service.onComplete = async (id) => {
      service.files.get(id)!.status = 'success'
      await new Promise(() => undefined)
    }
    const first = createUploadEngine({ client: service.client, journalPath: join(dir, 'uploads.jsonl') })
    await first.add([a.path])
    await waitFor(() => service.calls.complete.length === 1, 'the complete', 10_000)
    service.onComplete = undefined
    // Engine B starts offline: the question about the pending file fails, so the item fails…
    const realGetFile = service.client.getFile
    service.client.getFile = async () => {
      throw new AppError({ kind: 'network', message: 'offline' })
    }
    const b = engine({ leaseClock: afterLeaseExpiry })
    await b.whenIdle()
    expect(b.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'network' } })
    // …and a retry once online asks again, finds the file finished, and sends nothing.
    service.client.getFile = realGetFile
    b.retryAllFailed()
    await b.whenIdle()
    expect(b.list()[0]).toMatchObject({ state: 'done', url: expect.stringContaining('storage.example') })
    expect(service.calls.init).toHaveLength(1)
    expect(sink.received).toHaveLength(1)
  })

  it('keeps finished items across a clean restart and compacts the journal', async () => {
    const a = file('a.bin', 1000)
    const first = engine()
    await first.add([a.path])
    await first.whenIdle()
    await first.close()
    const second = engine()
    expect(second.list()).toMatchObject([{ state: 'done', path: a.path }])
    await second.whenIdle()
    expect(service.calls.init).toHaveLength(1)
  })
})

describe('upload engine: an item taken over by another process', () => {
  it('tells whoever waits for it, instead of leaving them waiting', async () => {
    const f = file('taken.bin', 3000)
    const beats: (() => void)[] = []
    const a = engine({
      leaseTimers: {
        setInterval: (callback) => beats.push(callback),
        clearInterval: () => undefined,
      },
    })
    a.setPaused(true)
    const waiting = a.uploadOne(f.path, { key: 'reply:taken' }).then(
      () => 'answered',
      (error: unknown) => error,
    )
    await until(() => a.list().length === 1, 'the item queued')
    // Another process (the app deleting the profile, a cron run) takes the item once A's lease looks expired.
    const b = engine({ leaseClock: afterLeaseExpiry })
    expect(b.list().map((i) => i.name)).toEqual(['taken.bin'])
    // A's next renewal finds the lease lost: before, its waiter was dropped and a CLI `sync` hung for ever.
    for (const beat of beats) beat()
    expect(await waiting).toMatchObject({
      kind: 'cancelled',
      message: expect.stringMatching(/taken\.bin.*another/),
    })
    expect(a.list()).toEqual([])
  })
})

describe('upload engine: a batch larger than the free storage', () => {
  it('fail-excess queues the files that fit, in order, and fails the others as items of the batch', async () => {
    service.free = 1000
    const a = file('a.bin', 600)
    const big = file('big.bin', 500)
    const c = file('c.bin', 300)
    const up = engine()
    const batches: unknown[] = []
    up.onBatchFinished((e) => batches.push(e))
    const added = await up.add([a.path, big.path, c.path], { whenFull: 'fail-excess' })
    // The two that fit are on their way already; the one that does not is failed from the start.
    expect(added.map((i) => [i.name, i.state === 'failed'])).toEqual([
      ['a.bin', false],
      ['big.bin', true],
      ['c.bin', false],
    ])
    expect(added[1]!.error).toMatchObject({ kind: 'storage-full', neededBytes: 500, freeBytes: 400 })
    expect(added[1]!.error!.message).toMatch(/big\.bin needs 500 B but only 400 B/)
    await up.whenIdle()
    expect(up.list().map((i) => i.state)).toEqual(['done', 'failed', 'done'])
    // The file that did not fit was never initialised nor sent (the two that fit start together, in any order).
    expect(service.calls.init.map((r) => r.filename).sort()).toEqual(['a.bin', 'c.bin'])
    expect(sink.received.map((r) => r.sha256).sort()).toEqual([a.sha256, c.sha256].sort())
    expect(up.totals()).toMatchObject({ files: 3, done: 2, failed: 1, bytesTotal: 900 })
    expect(batches).toEqual([{ batchId: added[0]!.batchId, done: 2, reused: 0, failed: 1, cancelled: 0 }])
  })

  it('fail-excess with nothing that fits reports the batch finished at once', async () => {
    service.free = 100
    const big = file('big.bin', 500)
    const up = engine()
    const batches: unknown[] = []
    const events: UploadProgressEvent[] = []
    up.onBatchFinished((e) => batches.push(e))
    up.onProgress((e) => events.push(e))
    const [item] = await up.add([big.path], { whenFull: 'fail-excess' })
    expect(item).toMatchObject({
      state: 'failed',
      error: { kind: 'storage-full', neededBytes: 500, freeBytes: 100 },
    })
    expect(batches).toEqual([{ batchId: item!.batchId, done: 0, reused: 0, failed: 1, cancelled: 0 }])
    // The failed item reached the progress listeners before the batch news.
    expect(events.flatMap((e) => e.items).map((i) => [i.id, i.state])).toEqual([[item!.id, 'failed']])
    expect(service.calls.init).toEqual([])
  })

  it('counts what the queue has reserved, but not an item the service already counts (past init)', async () => {
    service.free = 1000
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    service.onComplete = async (id) => {
      await held
      service.files.get(id)!.status = 'success'
    }
    const a = file('a.bin', 600)
    const up = engine({ concurrency: 1 })
    // Inits after the first wait here, so b.bin stays queued or ahead of its init (not yet counted by the service).
    let releaseInits!: () => void
    const inits = new Promise<void>((r) => (releaseInits = r))
    const realInit = service.client.initFile
    service.client.initFile = async (req, o) => {
      if (req.filename !== 'a.bin') await inits
      return realInit(req, o)
    }
    const [first] = await up.add([a.path])
    await waitFor(() => up.get(first!.id)?.state === 'finishing', 'the first item finishing', 10_000)
    // The service now counts a.bin as used: 400 left. A queue that counted it again would see none.
    service.free = 400
    const b = file('b.bin', 300)
    const [second] = await up.add([b.path])
    expect(['queued', 'preparing']).toContain(second!.state)
    // b.bin is queued but not initialised: it holds 300 of the 400.
    const c = file('c.bin', 150)
    await expect(up.add([c.path])).rejects.toMatchObject({
      kind: 'storage-full',
      neededBytes: 450,
      freeBytes: 400,
    })
    const [third] = await up.add([c.path], { whenFull: 'fail-excess' })
    expect(third!.error).toMatchObject({ kind: 'storage-full', neededBytes: 150, freeBytes: 100 })
    release()
    releaseInits()
    await up.whenIdle()
    expect(up.list().map((i) => i.state)).toEqual(['done', 'done', 'failed'])
  })

  it('persists a failed excess item; a retry checks the space again before any init', async () => {
    service.free = 1000
    const a = file('a.bin', 800)
    const big = file('big.bin', 700)
    const first = engine()
    await first.add([a.path, big.path], { whenFull: 'fail-excess' })
    await first.whenIdle()
    await first.close()

    const second = engine()
    const restored = second.list()
    expect(restored.map((i) => [i.name, i.state])).toEqual([
      ['a.bin', 'done'],
      ['big.bin', 'failed'],
    ])
    expect(restored[1]!.error).toMatchObject({ kind: 'storage-full', neededBytes: 700, freeBytes: 200 })
    await second.whenIdle()
    expect(service.calls.init.map((r) => r.filename)).toEqual(['a.bin'])

    // Still no room: the retry fails on the statistic alone, nothing initialised.
    service.free = 500
    const statistics = service.calls.statistic
    second.retry(restored[1]!.id)
    await second.whenIdle()
    expect(second.get(restored[1]!.id)).toMatchObject({
      state: 'failed',
      error: { kind: 'storage-full', neededBytes: 700, freeBytes: 500 },
    })
    expect(service.calls.statistic).toBe(statistics + 1)
    expect(service.calls.init.map((r) => r.filename)).toEqual(['a.bin'])

    // Space freed: the retry goes through and the bytes arrive.
    service.free = 5000
    second.retry(restored[1]!.id)
    await second.whenIdle()
    expect(second.get(restored[1]!.id)!.state).toBe('done')
    expect(sink.received.find((r) => r.path === keyPath(second.get(restored[1]!.id)!))!.sha256).toBe(
      big.sha256,
    )
  })

  it('of several retried storage-full items checking at once, only those that fit together go', async () => {
    service.free = 100
    const x = file('x.bin', 600)
    const y = file('y.bin', 600)
    const up = engine({ concurrency: 3 })
    await up.add([x.path, y.path], { whenFull: 'fail-excess' })
    expect(up.list().map((i) => i.state)).toEqual(['failed', 'failed'])
    service.free = 1000
    up.retryAllFailed()
    await up.whenIdle()
    expect(
      up
        .list()
        .map((i) => i.state)
        .sort(),
    ).toEqual(['done', 'failed'])
    expect(service.calls.init).toHaveLength(1)
  })
})

describe('upload engine: a journal with unusable lines', () => {
  it('starts, replays the usable records and reports the others with the file and line', async () => {
    const a = file('a.bin', 1000)
    const journalPath = join(dir, 'uploads.jsonl')
    const first = engine()
    await first.add([a.path])
    await first.whenIdle()
    await first.close()
    appendFileSync(journalPath, 'null\n{"t":"add"}\n{"t":"state","id":"nobody","state":"done"}\n')
    const warnings: string[] = []
    const second = engine({ warn: (m) => warnings.push(m) })
    expect(second.list()).toMatchObject([{ state: 'done', path: a.path }])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(journalPath)
    expect(warnings[0]).toMatch(/skipped 3 unusable line\(s\).*line \d+: not a journal record/)
    // And it still uploads.
    const b = file('b.bin', 500)
    expect(await second.uploadOne(b.path)).toMatchObject({ state: 'done' })
  })
})

describe('upload engine: a file rewritten during its upload', () => {
  it('fails a same-size rewrite whose mtime was put back', async () => {
    const a = file('same.bin', 4 * 2 ** 20)
    // A whole-second mtime, so that putting it back with utimes is exact.
    utimesSync(a.path, 1_700_000_000, 1_700_000_000)
    const before = statSync(a.path)
    sink.behave = () => ({
      kind: 'ok-touch',
      touch: () => {
        // Other bytes, same length, and the modification time restored: only ctime and the inode can tell.
        writeFileSync(a.path, Buffer.alloc(before.size, 7))
        utimesSync(a.path, 1_700_000_000, 1_700_000_000)
      },
    })
    const up = engine({ chunkBytes: 64 * 1024 })
    await up.add([a.path])
    await up.whenIdle()
    expect(statSync(a.path).mtimeMs).toBe(before.mtimeMs)
    expect(up.list()[0]).toMatchObject({ state: 'failed', error: { kind: 'file' } })
    expect(up.list()[0]!.error!.message).toMatch(/changed during upload \(rewritten in place\)/)
    expect(service.calls.complete).toHaveLength(0)
  })
})

describe('upload engine: one upload per key', () => {
  it('gives every ask for a key the same upload, also across a restart mid-upload', async () => {
    const a = file('photo.bin', 2 * 2 ** 20)
    const key = 'draft:d1:media:m1'
    sink.behave = () => ({ kind: 'trickle', everyMs: 5, answer: false })
    const first = createUploadEngine({ client: service.client, journalPath: join(dir, 'uploads.jsonl') })
    const asks = [first.uploadOne(a.path, { key }), first.uploadOne(a.path, { key })]
    await waitFor(
      () => sink.received.length > 0 || first.list().some((i) => i.bytesSent > 0),
      'the first engine sending',
      10_000,
    )
    expect(first.list()).toHaveLength(1)
    // The "crash": the first engine is abandoned mid-PUT; its asks never answer.
    void asks
    sink.behave = () => ({ kind: 'ok' })
    const second = engine({ leaseClock: afterLeaseExpiry })
    expect(second.list()).toMatchObject([{ state: 'queued', path: a.path }])
    const [x, y] = await Promise.all([second.uploadOne(a.path, { key }), second.uploadOne(a.path, { key })])
    expect(x).toMatchObject({ state: 'done', id: second.list()[0]!.id })
    expect(y!.id).toBe(x!.id)
    expect(second.list()).toHaveLength(1)
    // Asked again once done, the answer is the finished upload: nothing more is sent.
    const inits = service.calls.init.length
    expect(await second.uploadOne(a.path, { key })).toMatchObject({ id: x!.id, url: x!.url })
    expect(service.calls.init).toHaveLength(inits)
    // Another key is another upload.
    expect((await second.uploadOne(a.path, { key: 'draft:d2:media:m1' })).id).not.toBe(x!.id)
  })

  it('stops waiting when the signal aborts, and a later ask finds the same upload', async () => {
    const a = file('slow.bin', 2 * 2 ** 20)
    const key = 'draft:d1:media:m2'
    sink.behave = () => ({ kind: 'trickle', everyMs: 5, answer: false })
    const up = engine({ stallTimeoutMs: 30_000 })
    const stop = new AbortController()
    const waiting = up.uploadOne(a.path, { key, signal: stop.signal })
    await waitFor(() => up.list().some((i) => i.bytesSent > 0), 'bytes sent', 10_000)
    stop.abort()
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' })
    expect(up.list()).toMatchObject([{ state: 'uploading' }])
    const id = up.list()[0]!.id
    sink.behave = () => ({ kind: 'ok' })
    await up.cancel(id)
    // Cancelled is retried for the key rather than added anew.
    expect(await up.uploadOne(a.path, { key })).toMatchObject({ id, state: 'done' })
  })
})

describe('upload engine: pending files an earlier run lost', () => {
  const journalPath = () => join(dir, 'uploads.jsonl')

  /** A pending file on the fake service, created `agoMs` before now. */
  function pendingOnService(filename: string, size: number, createdAt: Date): string {
    const id = randomUUID()
    const at = createdAt.toISOString()
    service.files.set(id, {
      _id: id,
      id,
      filename,
      mimetype: 'application/octet-stream',
      size,
      key: `uploads/u1/${id}`,
      url: `https://storage.example/uploads/u1/${id}`,
      status: 'pending',
      userId: 'u1',
      createdAt: at,
      updatedAt: at,
    })
    return id
  }

  function intent(name: string, size: number, at: Date): string {
    return JSON.stringify({
      t: 'intent',
      id: randomUUID(),
      nonce: randomUUID(),
      name,
      size,
      at: at.toISOString(),
    })
  }

  it('deletes the pending file an init whose answer was lost made, and only that one', async () => {
    const t = new Date(Date.now() - 10 * 60_000)
    const lost = pendingOnService('a.bin', 1000, new Date(t.getTime() + 300))
    // Not provably ours: another size, long before the intent, another name.
    const otherSize = pendingOnService('a.bin', 999, new Date(t.getTime() + 300))
    const older = pendingOnService('a.bin', 1000, new Date(t.getTime() - 60 * 60_000))
    const otherName = pendingOnService('b.bin', 1000, new Date(t.getTime() + 300))
    writeFileSync(journalPath(), intent('a.bin', 1000, t) + '\n')
    const up = engine()
    await up.whenIdle()
    expect(service.calls.delete).toEqual([lost])
    expect([...service.files.keys()].sort()).toEqual([otherSize, older, otherName].sort())
    // The intent is settled: the next start asks nothing.
    await up.close()
    expect(rows('SELECT * FROM upload_intents')).toEqual([])
    const listed = vi.spyOn(service.client, 'listFiles')
    await engine().whenIdle()
    expect(listed).not.toHaveBeenCalled()
  })

  it('deletes nothing when more files match than inits were lost', async () => {
    const t = new Date(Date.now() - 10 * 60_000)
    const one = pendingOnService('a.bin', 1000, new Date(t.getTime() + 100))
    const two = pendingOnService('a.bin', 1000, new Date(t.getTime() + 200))
    writeFileSync(journalPath(), intent('a.bin', 1000, t) + '\n')
    const warnings: string[] = []
    await engine({ warn: (m) => warnings.push(m) }).whenIdle()
    expect(service.calls.delete).toEqual([])
    expect([...service.files.keys()].sort()).toEqual([one, two].sort())
    expect(warnings.join('\n')).toMatch(/none is deleted/)
  })

  it('never deletes the pending file of an item it resumes', async () => {
    const a = file('a.bin', 5000)
    // Engine A: init answered and recorded, then the process "dies" during complete.
    service.onComplete = async () => new Promise(() => undefined)
    const first = createUploadEngine({ client: service.client, journalPath: journalPath() })
    await first.add([a.path])
    await waitFor(() => service.calls.complete.length === 1, 'the complete', 10_000)
    service.onComplete = undefined
    const fileId = service.calls.complete[0]!
    // An extra open intent for the same name and size, as if one more init had lost its answer.
    appendFileSync(journalPath(), intent('a.bin', 5000, new Date()) + '\n')
    const asked = vi.spyOn(service.client, 'getFile')
    const b = engine({ orphanWindowMs: 60 * 60_000, leaseClock: afterLeaseExpiry })
    await b.whenIdle()
    // The resume found its pending file still there (and replaced it itself): the sweep left it alone.
    expect(asked).toHaveBeenCalledWith(fileId, expect.anything())
    await expect(asked.mock.results[0]!.value).resolves.toMatchObject({ id: fileId, status: 'pending' })
    expect(service.calls.delete).toEqual([fileId])
    expect(b.list()[0]).toMatchObject({ state: 'done' })
  })

  it('records the intent before the init, and settles it with the answer', async () => {
    const a = file('a.bin', 1000)
    service.failInit = (n) =>
      n === 1 ? httpError('storage-full', 402, 'upgrade to get more storage') : undefined
    // What the database holds at the moment each init request leaves.
    const atInit: Array<Array<{ name: string }>> = []
    const realInit = service.client.initFile
    service.client.initFile = async (req, o) => {
      atInit.push(rows('SELECT name FROM upload_intents'))
      return realInit(req, o)
    }
    const up = engine()
    await up.add([a.path])
    await up.whenIdle()
    up.retryAllFailed()
    await up.whenIdle()
    await up.close()
    // Each init went out behind its intent; the refused one was settled (no second intent beside it), and
    // the answered one by its init, which named the file.
    expect(atInit).toEqual([[{ name: 'a.bin' }], [{ name: 'a.bin' }]])
    expect(rows('SELECT * FROM upload_intents')).toEqual([])
    expect(rows('SELECT state, file_id FROM upload_items')).toEqual([
      { state: 'done', file_id: service.calls.complete[0] },
    ])
  })
})
