// The old drafts.json moved into the database on first open: every schema it had, its backup when the main
// file is torn or missing, unreadable records and whole files kept aside (never dropped), a file from a newer
// Mediadeck refused untouched, and the import done once: the file renamed to drafts.json.pre-db.
import { existsSync } from 'node:fs'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftStoreError } from '../../../../main/core/drafts/draft-store'
import { CURRENT_SCHEMA_VERSION } from '../../../../main/core/drafts/migrations'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import { sampleDraft, tempDir } from './helpers'
import { sqlOf } from '../../../../main/core/db/handle'

let cleanup: () => Promise<void>
let file: string

beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  file = path.join(t.dir, 'drafts.json')
})
afterEach(async () => {
  closeStores()
  await cleanup()
})

const doc = (drafts: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, drafts, sends: {}, lastSyncAt: null, ...extra })

const count = (store: Awaited<ReturnType<typeof openStoreAt>>, table: string) =>
  (sqlOf(store.database).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

describe('importing drafts.json', () => {
  it('imports drafts, markers and the last sync time once, and keeps the file as drafts.json.pre-db', async () => {
    const marker = { startedAt: 'x', accountId: 'acc', scheduleAt: 'y', title: '', description: 'z' }
    await writeFile(
      file,
      doc([sampleDraft({ id: 'a' }), sampleDraft({ id: 'b', status: 'sending' })], {
        sends: { b: marker },
        lastSyncAt: '2026-07-15T03:00:00.000Z',
      }),
    )
    const store = await openStoreAt(file)
    expect(store.notice).toBeNull()
    expect(store.list().map((d) => d.id)).toEqual(['a', 'b'])
    expect(store.marker('b')).toEqual(marker)
    expect(store.lastSyncAt()).toBe('2026-07-15T03:00:00.000Z')
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.pre-db`)).toBe(true)
    // Reopened: nothing doubled.
    const again = await openStoreAt(file)
    expect(count(again, 'drafts')).toBe(2)
    expect(count(again, 'draft_sends')).toBe(1)
  })

  it('a file still there after its import committed (a crash before the rename) is renamed, not imported again', async () => {
    await writeFile(file, doc([sampleDraft({ id: 'a' })]))
    const store = await openStoreAt(file)
    store.put(sampleDraft({ id: 'a', status: 'queued' }))
    await rename(`${file}.pre-db`, file)
    const again = await openStoreAt(file)
    expect(again.get('a')?.status).toBe('queued')
    expect(count(again, 'drafts')).toBe(1)
  })

  it('uses the backup when the main file is torn, and keeps the torn text aside', async () => {
    await writeFile(`${file}.bak`, doc([sampleDraft({ id: 'kept' })]))
    const torn = doc([sampleDraft({ id: 'kept' }), sampleDraft({ id: 'newer' })])
    await writeFile(file, torn.slice(0, torn.length / 2))
    const store = await openStoreAt(file)
    expect(store.notice?.kind).toBe('recovered-from-backup')
    expect(store.list().map((d) => d.id)).toEqual(['kept'])
    const aside = sqlOf(store.database).prepare('SELECT source, record FROM drafts_set_aside').all()
    expect(aside).toEqual([{ source: 'file', record: torn.slice(0, torn.length / 2) }])
  })

  it('uses the backup when the main file is missing (the old store crashed between its two renames)', async () => {
    await writeFile(`${file}.bak`, doc([sampleDraft({ id: 'a' })]))
    const store = await openStoreAt(file)
    expect(store.list().map((d) => d.id)).toEqual(['a'])
  })

  it('a backup imported into a database since replaced (damaged) is imported again from its .pre-db copy', async () => {
    await writeFile(`${file}.bak`, doc([sampleDraft({ id: 'a' })]))
    expect((await openStoreAt(file)).list().map((d) => d.id)).toEqual(['a'])
    expect(existsSync(`${file}.bak.pre-db`)).toBe(true)
    closeStores()
    // The database set aside as damaged: a fresh one in its place.
    for (const suffix of ['', '-wal', '-shm'])
      await rm(path.join(file, '..', `mediadeck.db${suffix}`), { force: true })
    expect((await openStoreAt(file)).list().map((d) => d.id)).toEqual(['a'])
  })

  it('keeps both texts aside when neither the file nor its backup can be read: never silently empty', async () => {
    await writeFile(file, '{"schemaVersion": 2, "drafts": [')
    await writeFile(`${file}.bak`, 'not json either')
    const store = await openStoreAt(file)
    expect(store.notice).toMatchObject({ kind: 'unreadable', setAside: 2 })
    expect(store.notice?.message).toMatch(/could not be read/)
    expect(store.list()).toEqual([])
    expect(count(store, 'drafts_set_aside')).toBe(2)
  })

  it('sets one unreadable record aside alone and counts it once', async () => {
    await writeFile(
      file,
      doc([{ ...sampleDraft({ id: 'bad' }), status: 'exploded' }, sampleDraft({ id: 'ok' })]),
    )
    const store = await openStoreAt(file)
    expect(store.list().map((d) => d.id)).toEqual(['ok'])
    expect(store.notice).toMatchObject({ kind: 'records-set-aside', setAside: 1 })
    expect(store.notice?.message).toMatch(/drafts\.0\.status/)
    const row = sqlOf(store.database).prepare('SELECT record FROM drafts_set_aside').get() as {
      record: string
    }
    expect(JSON.parse(row.record)).toMatchObject({ id: 'bad', status: 'exploded' })
    expect((await openStoreAt(file)).notice).toBeNull()
  })

  it('migrates a version-0 file (a bare array) for the profile given, filling members the post lacked', async () => {
    const { profileId: _none, ...old } = structuredClone(sampleDraft({ id: 'old' })) as unknown as {
      profileId: string
      localMedia?: unknown
      post: { meta?: unknown }
    }
    delete old.localMedia
    delete old.post.meta
    await writeFile(file, JSON.stringify([old]))
    const store = await openStoreAt(file, { profileId: 'work' })
    const draft = store.get('old')!
    expect(draft.profileId).toBe('work')
    expect(draft.localMedia).toEqual([])
    expect(draft.post.meta).toEqual({ title: '', description: '', url: '' })
  })

  it('refuses a file from a newer app and leaves it untouched', async () => {
    const newer = JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION + 1, drafts: [], future: true })
    await writeFile(file, newer)
    await expect(openStoreAt(file)).rejects.toThrow(DraftStoreError)
    expect(await readFile(file, 'utf8')).toBe(newer)
  })
})
