// Which copies the janitor keeps, over real files in a temporary folder and stand-in answers for
// the queue and the drafts: a retryable failure keeps its copy, a final one does not; a copy received a moment
// ago is kept until something names it; an unreadable drafts file keeps everything.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hostname } from 'node:os'
import { openDatabase } from '../../../../main/core/db/database'
import {
  createCopyJanitor,
  databaseCopyRegistry,
  type CopyJanitorDeps,
  type CopyUploadUse,
} from '../../../../main/core/files/copy-janitor'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'janitor-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function copy(name: string): string {
  mkdirSync(join(dir, name))
  const file = join(dir, name, `${name}.png`)
  writeFileSync(file, 'x')
  return file
}

function janitor(uploads: CopyUploadUse[], drafts: unknown[] = [], extra: Partial<CopyJanitorDeps> = {}) {
  return createCopyJanitor({
    dir,
    uploads: async () => uploads,
    drafts: async () => drafts,
    warn: () => undefined,
    ...extra,
  })
}

describe('intake janitor', () => {
  it('keeps copies an upload may still read, and removes those of finished or finally failed ones', async () => {
    const files = Object.fromEntries(
      ['queued', 'uploading', 'full', 'network', 'empty', 'refused', 'done', 'cancelled', 'unnamed'].map(
        (n) => [n, copy(n)],
      ),
    )
    const removed = await janitor([
      { path: files.queued!, state: 'queued' },
      { path: files.uploading!, state: 'uploading' },
      { path: files.full!, state: 'failed', error: { kind: 'storage-full' } },
      { path: files.network!, state: 'failed', error: { kind: 'network' } },
      { path: files.empty!, state: 'failed', error: { kind: 'file' } },
      { path: files.refused!, state: 'failed', error: { kind: 'validation' } },
      { path: files.done!, state: 'done' },
      { path: files.cancelled!, state: 'cancelled' },
    ]).sweep()
    expect(removed.sort()).toEqual(
      [files.empty, files.refused, files.done, files.cancelled, files.unnamed].sort(),
    )
    for (const kept of ['queued', 'uploading', 'full', 'network']) expect(existsSync(files[kept]!)).toBe(true)
  })

  it('keeps a draft’s media until it carries its uploaded address', async () => {
    const waiting = copy('waiting')
    const sent = copy('sent')
    const drafts = [
      { status: 'queued', localMedia: [{ path: waiting }] },
      { status: 'scheduled', localMedia: [{ path: sent, uploadedUrl: 'https://storage/x.png' }] },
      { localMedia: 'not a list' },
      null,
    ]
    expect(await janitor([], drafts).sweep()).toEqual([sent])
    expect(existsSync(waiting)).toBe(true)
  })

  it('keeps an image chosen as a cover until the cover carries its uploaded address', async () => {
    const ofStored = copy('of-stored')
    const ofLocal = copy('of-local')
    const sent = copy('sent-cover')
    const drafts = [
      { post: { medias: [{ url: 'https://storage/v.webm', thumbnail: ofStored }] }, localMedia: [] },
      { post: { medias: [] }, localMedia: [{ path: '/elsewhere/v.webm', thumbnail: ofLocal }] },
      { post: { medias: [{ url: 'https://storage/w.webm', thumbnail: 'https://storage/sent-cover.png' }] } },
      { post: { medias: 'not a list' } },
    ]
    expect(await janitor([], drafts).sweep()).toEqual([sent])
    expect(existsSync(ofStored) && existsSync(ofLocal)).toBe(true)
  })

  it('keeps a copy just received until something names it or the claim window passes', async () => {
    let now = 1_000
    const folder = join(dir, 'fresh')
    const uploads: CopyUploadUse[] = []
    const j = janitor(uploads, [], { now: () => now, claimWindowMs: 60_000 })
    j.received(folder)
    const file = copy('fresh')
    expect(await j.sweep()).toEqual([])
    // Named by an item that then finished: no longer protected as fresh.
    uploads.push({ path: file, state: 'done' })
    expect(await j.sweep()).toEqual([file])

    j.received(join(dir, 'late'))
    const late = copy('late')
    now += 60_000
    expect(await j.sweep()).toEqual([late])
  })

  it('removes nothing when what needs the copies cannot be read', async () => {
    const file = copy('any')
    const j = janitor([], [], {
      drafts: async () => {
        throw new Error('the drafts file cannot be read')
      },
    })
    expect(await j.sweep()).toEqual([])
    expect(existsSync(file)).toBe(true)
  })

  it('forgets the grant records of removed copies', async () => {
    const file = copy('gone')
    const forgotten: string[] = []
    await janitor([], [], { forget: async (paths) => void forgotten.push(...paths) }).sweep()
    expect(forgotten).toEqual([file])
  })
})

describe('copies registry in the database', () => {
  it('honours another live process’s fresh claim, not a gone process’s, and ends its own on close', async () => {
    // Beside the copies' folder, as the data folder is.
    const dataDir = mkdtempSync(join(tmpdir(), 'janitor-db-'))
    const database = openDatabase({ file: join(dataDir, 'mediadeck.db') })
    try {
      const fresh = copy('fresh')
      const orphan = copy('orphan')
      const mine = copy('mine')
      // Another process of this machine that runs (this one, under another owner name), and one that ended.
      databaseCopyRegistry(database, `${hostname()}/${process.pid}/other`).received(
        join(dir, 'fresh'),
        Date.now(),
      )
      databaseCopyRegistry(database, `${hostname()}/999999999/gone`).received(join(dir, 'orphan'), Date.now())
      const registry = databaseCopyRegistry(database, `${hostname()}/${process.pid}/me`)
      const j = janitor([], [], { registry })
      j.received(join(dir, 'mine'))
      expect((await j.sweep()).sort()).toEqual([orphan])
      expect([existsSync(fresh), existsSync(mine)]).toEqual([true, true])
      await j.close()
      // The closed janitor's claims ended: the next sweep (another process's) removes the copy.
      const next = janitor([], [], {
        registry: databaseCopyRegistry(database, `${hostname()}/${process.pid}/next`),
      })
      expect((await next.sweep()).sort()).toEqual([mine])
      expect(existsSync(fresh)).toBe(true)
    } finally {
      database.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
