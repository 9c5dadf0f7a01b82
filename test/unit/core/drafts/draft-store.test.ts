import * as fsPromises from 'node:fs/promises'
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import type { JsonFileSystem } from '../../../../main/core/drafts/atomic-json-file'
import { DraftStoreError, openDraftStore } from '../../../../main/core/drafts/draft-store'
import { CURRENT_SCHEMA_VERSION, MigrationError, migrate } from '../../../../main/core/drafts/migrations'
import type { Draft } from '../../../../common/drafts'
import { sampleDraft, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
let file: string

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  file = path.join(dir, 'drafts.json')
})
afterEach(() => cleanup())

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads files whose shape each test asserts
async function readJson(p: string): Promise<any> {
  return JSON.parse(await readFile(p, 'utf8'))
}

describe('draft store', () => {
  it('starts empty without a file and keeps what was put across a reopen', async () => {
    const store = await openDraftStore(file)
    expect(store.list()).toEqual([])
    expect(store.notice).toBeNull()
    store.put(sampleDraft({ id: 'a' }))
    store.put(sampleDraft({ id: 'b', post: { ...sampleDraft().post, title: 'second' } }))
    await store.flush()
    const again = await openDraftStore(file)
    expect(again.list().map((d) => d.id)).toEqual(['a', 'b'])
    expect(again.get('b')?.post.title).toBe('second')
    expect((await readJson(file)).schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
  })

  it('coalesces a burst of edits into one write and keeps the previous version as .bak', async () => {
    const store = await openDraftStore(file)
    store.put(sampleDraft({ id: 'a', post: { ...sampleDraft().post, description: 'v1' } }))
    await store.flush()
    // Edits made in one turn of the event loop (as a burst of keystrokes reaches main) all land before the
    // write they started takes its snapshot: whatever the machine's speed, one write follows, holding v50.
    for (let i = 2; i <= 50; i++)
      store.put(sampleDraft({ id: 'a', post: { ...sampleDraft().post, description: `v${i}` } }))
    await store.flush()
    expect((await readJson(file)).drafts[0].post.description).toBe('v50')
    // So the backup is the version before the burst, complete: no write of an intermediate version happened.
    expect((await readJson(`${file}.bak`)).drafts[0].post.description).toBe('v1')
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('recovers a corrupt file from the backup, reports it and keeps the corrupt copy', async () => {
    const store = await openDraftStore(file)
    store.put(sampleDraft({ id: 'kept' }))
    await store.flush()
    store.put(sampleDraft({ id: 'newer' }))
    await store.flush()
    // A crash or a disk error leaves the main file truncated.
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.slice(0, text.length / 2))

    const recovered = await openDraftStore(file)
    expect(recovered.notice?.kind).toBe('recovered-from-backup')
    expect(recovered.list().map((d) => d.id)).toEqual(['kept'])
    const keptAt = recovered.notice?.keptAt
    expect(keptAt).toBeDefined()
    expect(await readFile(keptAt!, 'utf8')).toBe(text.slice(0, text.length / 2))
    // The recovered content is written back as the main file.
    expect((await readJson(file)).drafts.map((d: { id: string }) => d.id)).toEqual(['kept'])
  })

  it('uses the backup when the main file is missing (a crash between the two renames)', async () => {
    const store = await openDraftStore(file)
    store.put(sampleDraft({ id: 'a' }))
    await store.flush()
    store.put(sampleDraft({ id: 'b' }))
    await store.flush()
    const { rename } = await import('node:fs/promises')
    await rename(file, `${file}.gone`)
    const recovered = await openDraftStore(file)
    expect(recovered.notice?.kind).toBe('recovered-from-backup')
    expect(recovered.list().map((d) => d.id)).toEqual(['a'])
  })

  it('reports a store whose file and backup are both unreadable and keeps them, never silently empty', async () => {
    await writeFile(file, '{"schemaVersion": 2, "drafts": [')
    await writeFile(`${file}.bak`, 'not json either')
    const store = await openDraftStore(file)
    expect(store.notice?.kind).toBe('unreadable')
    expect(store.notice?.message).toMatch(/could not be read/)
    expect(store.list()).toEqual([])
    const names = await readdir(dir)
    expect(names.filter((n) => n.includes('.corrupt-'))).toHaveLength(2)
  })

  it('sets one unreadable record aside alone, keeps it in the file and counts it once', async () => {
    const store = await openDraftStore(file)
    store.put(sampleDraft({ id: 'bad' }))
    store.put(sampleDraft({ id: 'other' }))
    await store.flush()
    const doc = await readJson(file)
    doc.drafts[0].status = 'exploded'
    // The same record in the backup too: before, both files were moved aside and no draft was listed.
    await writeFile(file, JSON.stringify(doc))
    await writeFile(`${file}.bak`, JSON.stringify(doc))

    const opened = await openDraftStore(file)
    expect(opened.list().map((d) => d.id)).toEqual(['other'])
    expect(opened.notice).toMatchObject({ kind: 'records-set-aside', setAside: 1, keptAt: file })
    expect(opened.notice?.message).toMatch(/drafts\.0\.status/)
    // Kept, not lost: the record as it was, with why it was set aside.
    const written = await readJson(file)
    expect(written.drafts.map((d: { id: string }) => d.id)).toEqual(['other'])
    expect(written.setAside).toEqual([
      expect.objectContaining({
        from: 'drafts',
        record: expect.objectContaining({ id: 'bad', status: 'exploded' }),
      }),
    ])

    // The next open finds nothing new to set aside and keeps the record where it is.
    const again = await openDraftStore(file)
    expect(again.notice).toBeNull()
    expect(again.list().map((d) => d.id)).toEqual(['other'])
    again.put(sampleDraft({ id: 'third' }))
    await again.flush()
    expect((await readJson(file)).setAside).toHaveLength(1)
  })

  it('migrates a version-0 file (a bare array) and fills members of the post it lacked', async () => {
    const old = structuredClone(sampleDraft({ id: 'old' })) as unknown as {
      localMedia?: unknown
      post: { meta?: unknown; additionalInfo: { music: { volume?: unknown } } }
    }
    delete old.localMedia
    delete old.post.additionalInfo.music.volume
    delete old.post.meta
    await writeFile(file, JSON.stringify([old]))
    const store = await openDraftStore(file)
    expect(store.notice?.kind).toBe('migrated')
    const draft = store.get('old')!
    expect(draft.localMedia).toEqual([])
    expect(draft.post.meta).toEqual({ title: '', description: '', url: '' })
    expect(draft.post.additionalInfo.music.volume).toEqual({ video: 100, music: 100 })
    expect((await readJson(file)).schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    // The pre-migration file is the backup.
    expect(Array.isArray(await readJson(`${file}.bak`))).toBe(true)
  })

  it('refuses a file from a newer app and leaves it untouched', async () => {
    const newer = JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION + 1, drafts: [], future: true })
    await writeFile(file, newer)
    await expect(openDraftStore(file)).rejects.toThrow(DraftStoreError)
    expect(await readFile(file, 'utf8')).toBe(newer)
  })

  it('keeps the send markers and last sync time across a reopen', async () => {
    const store = await openDraftStore(file)
    store.put(sampleDraft({ id: 'a' }))
    const marker = { startedAt: 'x', accountId: 'acc', scheduleAt: 'y', title: '', description: 'z' }
    store.setMarker('a', marker)
    store.setLastSyncAt('2026-07-15T03:00:00.000Z')
    await store.flush()
    const again = await openDraftStore(file)
    expect(again.marker('a')).toEqual(marker)
    expect(again.lastSyncAt()).toBe('2026-07-15T03:00:00.000Z')
  })
})

describe('two processes on one drafts file (the app and the CLI)', () => {
  it("keeps both sides' drafts and the newer version of one both changed", async () => {
    const app = await openDraftStore(file)
    const cli = await openDraftStore(file)
    app.put(sampleDraft({ id: 'from-app', updatedAt: '2026-07-15T03:00:00.000Z' }))
    await app.flush()
    cli.put(sampleDraft({ id: 'from-cli' }))
    await cli.flush()
    // The CLI's write took in the app's draft instead of overwriting it.
    expect((await readJson(file)).drafts.map((d: { id: string }) => d.id).sort()).toEqual([
      'from-app',
      'from-cli',
    ])
    expect(cli.get('from-app')).toBeDefined()

    // The app learns of the CLI's draft on refresh (drafts:list, an outbox run) or on its next write.
    const seen: string[][] = []
    app.onChange((list) => seen.push(list.map((d) => d.id).sort()))
    expect(await app.refresh()).toBe(true)
    expect(seen.at(-1)).toEqual(['from-app', 'from-cli'])
    expect(await app.refresh()).toBe(false)

    // Both edit the same draft: the later edit wins on disk and in memory.
    cli.put(sampleDraft({ id: 'from-app', status: 'queued', updatedAt: '2026-07-15T04:00:00.000Z' }))
    await cli.flush()
    app.put(
      sampleDraft({
        id: 'from-cli',
        post: { ...sampleDraft().post, title: 'edited in app' },
        updatedAt: '2026-07-15T05:00:00.000Z',
      }),
    )
    await app.flush()
    const onDisk = (await readJson(file)).drafts as Array<{
      id: string
      status: string
      post: { title: string }
    }>
    expect(onDisk.find((d) => d.id === 'from-app')!.status).toBe('queued')
    expect(onDisk.find((d) => d.id === 'from-cli')!.post.title).toBe('edited in app')
    expect(app.get('from-app')!.status).toBe('queued')
  })

  it("sees the other side's write even when it left size, mtime and inode as they were", async () => {
    const app = await openDraftStore(file)
    app.put(sampleDraft({ id: 'a', post: { ...sampleDraft().post, description: 'first' } }))
    await app.flush()
    // A file system whose mtime has whole seconds (FAT, some network shares), or two writes in one tick.
    const tick = new Date('2026-07-15T03:00:00.000Z')
    await utimes(file, tick, tick)
    expect(await app.refresh()).toBe(false)
    const before = await stat(file)
    const doc = await readJson(file)
    doc.drafts[0].post.description = 'other'
    doc.drafts[0].updatedAt = '2026-07-15T03:00:01.000Z'
    await writeFile(file, JSON.stringify(doc, null, 2) + '\n')
    await utimes(file, tick, tick)
    const after = await stat(file)
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs])
    expect(await app.refresh()).toBe(true)
    expect(app.get('a')!.post.description).toBe('other')
  })

  it('does not bring back a draft deleted here that the other side still has', async () => {
    const app = await openDraftStore(file)
    app.put(sampleDraft({ id: 'gone' }))
    app.put(sampleDraft({ id: 'kept' }))
    await app.flush()
    const cli = await openDraftStore(file)
    cli.put(sampleDraft({ id: 'new' }))
    await cli.flush()
    app.remove('gone')
    await app.flush()
    expect((await readJson(file)).drafts.map((d: { id: string }) => d.id).sort()).toEqual(['kept', 'new'])
  })
})

describe('migrate', () => {
  it('v3 -> v4 keeps every draft as it was, so an older app refuses a file that may hold several accounts', () => {
    const v3 = { schemaVersion: 3, drafts: [sampleDraft({ id: 'a' })], sends: {}, lastSyncAt: null }
    const { doc, from } = migrate(structuredClone(v3))
    expect(from).toBe(3)
    expect(doc).toEqual({ ...v3, schemaVersion: 4 })
    expect(() => migrate({ ...doc, schemaVersion: 4 }, undefined, 3)).toThrow(/newer Mediadeck/)
  })

  it('v2 -> v3 gives every draft the profile active when it runs, or the Sandbox when none is known', () => {
    const { profileId: _none, ...unowned } = sampleDraft({ id: 'a' })
    const owned = sampleDraft({ id: 'b', profileId: 'kept' })
    const v2 = {
      schemaVersion: 2,
      drafts: [unowned, owned],
      sends: {},
      lastSyncAt: '2026-07-15T03:00:00.000Z',
    }
    const withActive = migrate(structuredClone(v2), undefined, 3, { profileId: 'work' }).doc
    expect(withActive.schemaVersion).toBe(3)
    expect((withActive.drafts as Draft[]).map((d) => [d.id, d.profileId])).toEqual([
      ['a', 'work'],
      ['b', 'kept'],
    ])
    // The rest of the document is carried over as it was.
    expect(withActive.lastSyncAt).toBe('2026-07-15T03:00:00.000Z')
    const unknown = migrate(structuredClone(v2)).doc
    expect((unknown.drafts as Draft[]).map((d) => d.profileId)).toEqual(['sandbox', 'kept'])
  })

  it('opens a v2 file as v3 for the profile given, reports the migration and keeps the v2 file as backup', async () => {
    const { profileId: _none, ...unowned } = sampleDraft({ id: 'a' })
    await writeFile(
      file,
      JSON.stringify({ schemaVersion: 2, drafts: [unowned], sends: {}, lastSyncAt: null }),
    )
    const store = await openDraftStore(file, { profileId: 'work' })
    expect(store.notice?.kind).toBe('migrated')
    expect(store.get('a')?.profileId).toBe('work')
    expect((await readJson(file)).drafts[0].profileId).toBe('work')
    expect((await readJson(`${file}.bak`)).schemaVersion).toBe(2)
  })

  it('refuses a current-version draft without a profile (it cannot be told whose it is)', async () => {
    const { profileId: _none, ...unowned } = sampleDraft({ id: 'a' })
    await writeFile(
      file,
      JSON.stringify({
        schemaVersion: CURRENT_SCHEMA_VERSION,
        drafts: [unowned],
        sends: {},
        lastSyncAt: null,
      }),
    )
    const store = await openDraftStore(file)
    expect(store.notice?.kind).toBe('records-set-aside')
    expect(store.notice?.message).toMatch(/drafts\.0\.profileId/)
    expect(store.list()).toEqual([])
  })

  it('runs each step in order and checks that it advanced', () => {
    const steps = {
      0: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 1, a: 1 }),
      1: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 2, b: 2 }),
    }
    expect(migrate({ schemaVersion: 0 }, steps, 2).doc).toEqual({ schemaVersion: 2, a: 1, b: 2 })
    expect(() => migrate({ schemaVersion: 0 }, { 0: (d) => d }, 1)).toThrow(MigrationError)
    expect(() => migrate({ schemaVersion: 1 }, {}, 2)).toThrow(/no migration from drafts schema 1/)
    expect(() => migrate('text')).toThrow(MigrationError)
  })
})

describe('draft store on a disk that refuses writes', () => {
  /** The real file system, except that writing file contents fails with `code` while `failing` is set. */
  function refusingFs(code: string) {
    const state = { failing: false }
    const fs: JsonFileSystem = {
      ...fsPromises,
      open: (async (...args: Parameters<typeof fsPromises.open>) => {
        const handle = await fsPromises.open(...args)
        if (!state.failing) return handle
        return Object.assign(Object.create(handle) as typeof handle, {
          writeFile: async () => {
            throw Object.assign(new Error(`${code}: injected`), { code })
          },
          close: () => handle.close(),
        })
      }) as typeof fsPromises.open,
    }
    return { fs, state }
  }

  it.each([
    ['ENOSPC', /disk is full/],
    ['EROFS', /read-only/],
    ['EACCES', /permission was denied/],
  ])(
    'fails the flush on %s, rolls memory back to the disk and keeps the earlier file',
    async (code, words) => {
      const { fs, state } = refusingFs(code)
      const store = await openDraftStore(file, { fs })
      store.put(sampleDraft({ id: 'kept' }))
      await store.flush()
      const before = await readFile(file, 'utf8')

      state.failing = true
      const seen: string[][] = []
      store.onChange((list) => seen.push(list.map((d) => d.id)))
      store.put(sampleDraft({ id: 'lost' }))
      const failure = await store.flush().then(
        () => null,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(AppError)
      expect(failure).toMatchObject({ kind: 'file', message: expect.stringMatching(words) })
      expect((failure as AppError).message).toContain(file)
      // The list shows what a restart would find, and says so to whoever listens.
      expect(store.list().map((d) => d.id)).toEqual(['kept'])
      expect(seen.at(-1)).toEqual(['kept'])
      expect(await readFile(file, 'utf8')).toBe(before)
      expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
      expect((await openDraftStore(file)).list().map((d) => d.id)).toEqual(['kept'])
      // Nothing is pending any more (memory is the disk's copy): a later flush, as on shutdown, has no failure.
      await store.flush()

      // Once the disk takes writes again, the next save goes through.
      state.failing = false
      store.put(sampleDraft({ id: 'later' }))
      await store.flush()
      expect((await openDraftStore(file)).list().map((d) => d.id)).toEqual(['kept', 'later'])
    },
  )
})
