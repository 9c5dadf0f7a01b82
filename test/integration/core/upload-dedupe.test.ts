// Identical bytes are not uploaded twice: the upload engine against the real sandbox over HTTP.
import { copyFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../main/core/service-client'
import { createEngineUploader } from '../../../main/core/drafts/engine-uploader'
import type { ServiceClient } from '../../../main/core/service-client'
import { openDatabase } from '../../../main/core/db/database'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import type { UploadEngine } from '../../../main/core/uploads/upload-engine'
import { USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'
import { sqlOf } from '../../../main/core/db/handle'

let h: Harness
let c: ServiceClient
let engines: UploadEngine[] = []
let profileN = 0

beforeAll(async () => {
  h = await startHarness()
  c = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main, retry: { minDelayMs: 5, maxDelayMs: 20 } })
})
afterAll(async () => {
  await c.close()
  await h.close()
})
afterEach(async () => {
  await Promise.all(engines.map((e) => e.close()))
  engines = []
})

/** A fresh profile: its own journal, and so its own content index beside it. */
const newProfile = (): string => join(h.dir, `dedupe-${++profileN}.jsonl`)

/** Runs `sql` (with the profile's scope as its one parameter) on the database the engines share. */
function indexRows<T>(journal: string, sql: string): T[] {
  const database = openDatabase({ file: join(h.dir, 'mediadeck.db') })
  try {
    return sqlOf(database).prepare(sql).all(basename(journal, '.jsonl')) as T[]
  } finally {
    database.close()
  }
}

function engine(journalPath: string, inits?: { count: number }): UploadEngine {
  const counted: ServiceClient = inits
    ? {
        ...c,
        initFile: (...args) => {
          inits.count++
          return c.initFile(...args)
        },
      }
    : c
  const e = createUploadEngine({ client: counted, journalPath, delays: { baseMs: 5, maxMs: 20 } })
  engines.push(e)
  return e
}

/** Adds, waits, and closes the engine (its content index is written by then), as a restart would. */
async function upload(e: UploadEngine, paths: string[]) {
  const added = await e.add(paths)
  await e.whenIdle()
  const items = added.map((item) => e.get(item.id)!)
  await e.close()
  return items
}

const usedBytes = async () => (await c.storageStatistic()).usage.used

describe('identical bytes are uploaded once', () => {
  it('a file whose bytes this profile stored before takes the stored file, and sends nothing', async () => {
    const journal = newProfile()
    const original = h.file('holiday.jpg', 150_000)
    const [first] = await upload(engine(journal), [original.path])
    expect(first).toMatchObject({ state: 'done' })
    expect(first!.reused).toBeUndefined()

    const copy = join(h.dir, 'holiday-copy.jpg')
    copyFileSync(original.path, copy)
    const used = await usedBytes()
    const inits = { count: 0 }
    const [again] = await upload(engine(journal, inits), [copy])
    expect(again).toMatchObject({ state: 'done', reused: true, fileId: first!.fileId, url: first!.url })
    expect(inits.count).toBe(0)
    expect(await usedBytes()).toBe(used)
    expect(await sha256Of(again!.url!)).toBe(original.sha256)
  })

  it('a batch repeating one file uploads it once', async () => {
    const original = h.file('repeat.png', 80_000)
    const copy = join(h.dir, 'repeat-again.png')
    copyFileSync(original.path, copy)
    const other = h.file('different.png', 80_000)
    const inits = { count: 0 }
    const used = await usedBytes()
    const e = engine(newProfile(), inits)
    const batches: unknown[] = []
    e.onBatchFinished((event) => batches.push(event))
    const items = await upload(e, [original.path, copy, original.path, other.path])
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done', 'done'])
    // The batch's news counts the two repeats apart: done, but nothing sent for them.
    expect(batches).toEqual([{ batchId: items[0]!.batchId, done: 4, reused: 2, failed: 0, cancelled: 0 }])
    expect(items.map((i) => Boolean(i.reused))).toEqual([false, true, true, false])
    expect(new Set(items.slice(0, 3).map((i) => i.fileId)).size).toBe(1)
    expect(items[3]!.fileId).not.toBe(items[0]!.fileId)
    expect(inits.count).toBe(2)
    expect((await usedBytes()) - used).toBe(160_000)
  })

  it("a draft's media whose bytes are stored gets the stored file's address, through the same engine", async () => {
    const journal = newProfile()
    const original = h.file('draft-photo.jpg', 70_000)
    const [first] = await upload(engine(journal), [original.path])
    const copy = join(h.dir, 'draft-photo-copy.jpg')
    copyFileSync(original.path, copy)
    const inits = { count: 0 }
    const e = engine(journal, inits)
    const uploadMedia = createEngineUploader(() => e)
    const url = await uploadMedia({ path: copy, name: 'draft-photo-copy.jpg' }, { key: 'draft-1/0' })
    expect(url).toBe(first!.url)
    expect(inits.count).toBe(0)
  })

  it('a stored file deleted elsewhere is not reused: the bytes are uploaded again', async () => {
    const journal = newProfile()
    const original = h.file('deleted-later.mp4', 120_000)
    const [first] = await upload(engine(journal), [original.path])
    await c.deleteFile(first!.fileId!)
    const [again] = await upload(engine(journal), [original.path])
    expect(again).toMatchObject({ state: 'done' })
    expect(again!.reused).toBeUndefined()
    expect(again!.fileId).not.toBe(first!.fileId)
    expect(await sha256Of(again!.url!)).toBe(original.sha256)
    const index = indexRows<{ file_id: string }>(journal, 'SELECT file_id FROM content_index WHERE scope = ?')
    expect(index.map((f) => f.file_id)).toEqual([again!.fileId])
  })

  it('hashes a large file on its way over a slow link: the index holds its hash, no later download needed', async () => {
    const journal = newProfile()
    const big = h.file('big-over-slow-link.bin', 20 * 1024 * 1024)
    // 40 MiB/s: the PUT waits on the link, and the hash fits in those waits.
    const slow = createUploadEngine({
      client: c,
      journalPath: journal,
      delays: { baseMs: 5, maxMs: 20 },
      rateLimit: 40 * 1024 * 1024,
    })
    engines.push(slow)
    const [first] = await upload(slow, [big.path])
    expect(first).toMatchObject({ state: 'done' })
    const index = indexRows(journal, 'SELECT file_id, sha256 FROM content_index WHERE scope = ?')
    expect(index).toEqual([{ file_id: first!.fileId, sha256: big.sha256 }])
  })

  it('learns the hash of a stored file from its public URL when the index lacks it', async () => {
    const journal = newProfile()
    const original = h.file('no-hash-yet.bin', 60_000)
    const [first] = await upload(engine(journal), [original.path])
    // The index as a large file leaves it: address known, hash not taken during the PUT.
    indexRows(journal, 'UPDATE content_index SET sha256 = NULL WHERE scope = ? RETURNING file_id')
    const copy = join(h.dir, 'no-hash-copy.bin')
    copyFileSync(original.path, copy)
    const [again] = await upload(engine(journal), [copy])
    expect(again).toMatchObject({ state: 'done', reused: true, fileId: first!.fileId })
    expect(indexRows(journal, 'SELECT sha256 FROM content_index WHERE scope = ?')).toEqual([
      { sha256: original.sha256 },
    ])
  })

  it('another profile does not share the index; a same-size file with other bytes is uploaded', async () => {
    const original = h.file('per-profile.jpg', 50_000)
    const [first] = await upload(engine(newProfile()), [original.path])
    const [elsewhere] = await upload(engine(newProfile()), [original.path])
    expect(elsewhere!.reused).toBeUndefined()
    expect(elsewhere!.fileId).not.toBe(first!.fileId)
  })

  it('a reused item survives a restart as done, with the stored address (journaled like an init)', async () => {
    const journal = newProfile()
    const original = h.file('restart.gif', 40_000)
    const copy = join(h.dir, 'restart-copy.gif')
    copyFileSync(original.path, copy)
    const [, reused] = await upload(engine(journal), [original.path, copy])
    expect(reused).toMatchObject({ state: 'done', reused: true })
    const inits = { count: 0 }
    const restarted = engine(journal, inits)
    await restarted.whenIdle()
    expect(restarted.get(reused!.id)).toMatchObject({
      state: 'done',
      reused: true,
      fileId: reused!.fileId,
      url: reused!.url,
    })
    expect(inits.count).toBe(0)
  })
})
