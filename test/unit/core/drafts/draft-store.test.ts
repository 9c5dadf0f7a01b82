// The drafts store over a real database on disk: what is put is committed when the call returns, a save based
// on an older revision is refused, another connection's commits are taken in, and a full database changes
// nothing and says so. (The import of the old drafts.json: legacy-drafts.test.ts.)
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import { sampleDraft, samplePost, tempDir } from './helpers'
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

describe('draft store', () => {
  it('starts empty and keeps what was put across a reopen, with its revision', async () => {
    const store = await openStoreAt(file)
    expect(store.list()).toEqual([])
    expect(store.notice).toBeNull()
    expect(store.put(sampleDraft({ id: 'a' })).revision).toBe(1)
    store.put(sampleDraft({ id: 'b', post: samplePost({ title: 'second' }) }))
    expect(store.put(sampleDraft({ id: 'a' })).revision).toBe(2)
    const again = await openStoreAt(file)
    expect(again.list().map((d) => d.id)).toEqual(['a', 'b'])
    expect(again.get('b')?.post.title).toBe('second')
    expect(again.get('a')?.revision).toBe(2)
  })

  it('keeps the send markers and last sync time across a reopen; a removed draft takes its marker along', async () => {
    const store = await openStoreAt(file)
    store.put(sampleDraft({ id: 'a' }))
    store.put(sampleDraft({ id: 'b' }))
    const marker = { startedAt: 'x', accountId: 'acc', scheduleAt: 'y', title: '', description: 'z' }
    store.setMarker('a', marker)
    store.setMarker('b', marker)
    store.setLastSyncAt('2026-07-15T03:00:00.000Z')
    store.remove('b')
    const again = await openStoreAt(file)
    expect(again.marker('a')).toEqual(marker)
    expect(again.marker('b')).toBeUndefined()
    expect(again.lastSyncAt()).toBe('2026-07-15T03:00:00.000Z')
    expect(sqlOf(again.database).prepare('SELECT count(*) AS n FROM draft_sends').get()).toEqual({ n: 1 })
  })

  it('update applies the change to the draft as stored now, and moves its revision', async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    const read = app.put(sampleDraft({ id: 'a', status: 'queued' }))
    cli.update(cli.get('a') ?? read, { post: samplePost({ title: 'theirs' }) }, new Date())
    // The app's copy is older; a status change made on it keeps the other side's title.
    const stored = app.update(read, { status: 'draft' }, new Date('2026-07-16T00:00:00Z'))
    expect(stored).toMatchObject({ status: 'draft', revision: 3, updatedAt: '2026-07-16T00:00:00.000Z' })
    expect(stored.post.title).toBe('theirs')
  })

  it('refuses a save based on an older revision, changing nothing', async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    const mine = app.put(sampleDraft({ id: 'a' }))
    await cli.refresh()
    cli.update(cli.get('a')!, { post: samplePost({ title: 'theirs' }) }, new Date(), {
      baseRevision: mine.revision,
    })
    let error: unknown
    try {
      app.update(mine, { post: samplePost({ title: 'mine' }) }, new Date(), { baseRevision: mine.revision })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind: 'validation', code: 'draft-changed-elsewhere' })
    const reopened = await openStoreAt(file)
    expect(reopened.get('a')).toMatchObject({ revision: 2, post: { title: 'theirs' } })
  })

  it('a guard decides on the row as stored now; a refusal changes nothing and brings the stored row in', async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    const seen = app.put(sampleDraft({ id: 'a', status: 'queued' }))
    await cli.refresh()
    // The other process sent it; the app has not looked since.
    cli.update(cli.get('a')!, { status: 'scheduled', scheduleId: 's1' }, new Date())
    const heard: string[] = []
    app.onChange(({ changed }) => heard.push(...changed.map((d) => d.status)))
    const refuse = (current: { status: string }) => {
      if (current.status === 'scheduled')
        throw new AppError({ kind: 'validation', code: 'draft-on-service', message: 'sent' })
    }
    expect(() => app.update(seen, { status: 'draft' }, new Date(), { guard: refuse })).toThrow(AppError)
    expect(() => app.remove('a', refuse)).toThrow(AppError)
    // Each refusal tells the listeners (the page) the row as it is stored.
    expect(heard).toEqual(['scheduled', 'scheduled'])
    expect(app.get('a')).toMatchObject({ status: 'scheduled', scheduleId: 's1' })
    const reopened = await openStoreAt(file)
    expect(reopened.get('a')).toMatchObject({ status: 'scheduled', revision: 2 })
  })

  it('a change that needs its row is refused when another process deleted it, and brings nothing back', async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    const seen = cli.put(sampleDraft({ id: 'a', status: 'queued' }))
    expect(app.remove('a')).toBe(true)
    expect(() => cli.update(seen, { status: 'sending' }, new Date(), { mustExist: true })).toThrow(
      expect.objectContaining({ kind: 'not-found' }),
    )
    expect(cli.get('a')).toBeUndefined()
    // Without the option the change is written back, as a save from another window is.
    cli.update(seen, { status: 'draft' }, new Date())
    expect(app.get('a')).toMatchObject({ status: 'draft' })
  })

  it("announces another connection's inserts, changes and removals on refresh as changes, once", async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    app.put(sampleDraft({ id: 'changed' }))
    app.put(sampleDraft({ id: 'removed' }))
    await cli.refresh()
    const heard: Array<{ changed: string[]; removed: string[] }> = []
    app.onChange(({ changed, removed }) => heard.push({ changed: changed.map((d) => d.id).sort(), removed }))
    cli.put(sampleDraft({ id: 'new' }))
    cli.update(cli.get('changed')!, { status: 'queued' }, new Date())
    cli.remove('removed')
    cli.setLastSyncAt('2026-07-15T04:00:00.000Z')
    expect(await app.refresh()).toBe(true)
    expect(
      app
        .list()
        .map((d) => d.id)
        .sort(),
    ).toEqual(['changed', 'new'])
    expect(app.get('changed')?.status).toBe('queued')
    expect(app.lastSyncAt()).toBe('2026-07-15T04:00:00.000Z')
    expect(heard).toEqual([{ changed: ['changed', 'new'], removed: ['removed'] }])
    // Nothing new: nothing read, nothing said.
    expect(await app.refresh()).toBe(false)
    // Its own changes are announced when committed, and do not come back as news.
    app.put(sampleDraft({ id: 'mine' }))
    expect(heard.at(-1)).toEqual({ changed: ['mine'], removed: [] })
    expect(await app.refresh()).toBe(false)
    expect(heard).toHaveLength(2)
  })

  it('a full database gives a clear error, keeps nothing of the change, and the store goes on working', async () => {
    const store = await openStoreAt(file)
    store.put(sampleDraft({ id: 'kept' }))
    const db = sqlOf(store.database)
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count
    db.exec(`PRAGMA max_page_count = ${pages + 2}`)
    const big = (id: string) => sampleDraft({ id, post: samplePost({ description: 'x'.repeat(20_000) }) })
    let error: unknown
    try {
      store.putMany([big('b1'), big('b2'), big('b3'), big('b4')])
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind: 'file', code: 'disk-full' })
    expect((error as Error).message).toMatch(/Could not save the drafts: the disk is full/)
    // Nothing partial, in memory or on disk.
    expect(store.list().map((d) => d.id)).toEqual(['kept'])
    expect((await openStoreAt(file)).list().map((d) => d.id)).toEqual(['kept'])
    // Room again: the next save goes through.
    db.exec('PRAGMA max_page_count = 1073741823')
    store.put(sampleDraft({ id: 'later' }))
    expect(
      (await openStoreAt(file))
        .list()
        .map((d) => d.id)
        .sort(),
    ).toEqual(['kept', 'later'])
  })

  it('a write under a lease no longer held is refused and changes nothing', async () => {
    const store = await openStoreAt(file)
    const draft = store.put(sampleDraft({ id: 'a', status: 'queued' }))
    expect(() =>
      store.update(draft, { status: 'sending' }, new Date(), {
        lease: { holds: () => false, resource: 'outbox:a' },
      }),
    ).toThrow(/Another Mediadeck process took over/)
    expect((await openStoreAt(file)).get('a')?.status).toBe('queued')
  })

  it('announces a change only once the outermost transaction committed, and nothing of one rolled back', async () => {
    const store = await openStoreAt(file)
    store.put(sampleDraft({ id: 'kept' }))
    const heard: Array<{ changed: string[]; removed: string[] }> = []
    store.onChange(({ changed, removed }) =>
      heard.push({ changed: changed.map((d) => d.id).sort(), removed }),
    )
    expect(() =>
      store.database.transaction(() => {
        store.put(sampleDraft({ id: 'undone' }))
        store.remove('kept')
        // Nothing is said while the transaction is open: it may still be undone.
        expect(heard).toEqual([])
        throw new Error('refused')
      }),
    ).toThrow('refused')
    expect(heard).toEqual([])
    expect(store.get('undone')).toBeUndefined()
    expect(store.list().map((d) => d.id)).toEqual(['kept'])
    // Several writes in one transaction: one announcement, after it.
    store.batch(() => {
      store.put(sampleDraft({ id: 'a' }))
      store.put(sampleDraft({ id: 'b' }))
      store.remove('kept')
    })
    expect(heard).toEqual([{ changed: ['a', 'b'], removed: ['kept'] }])
  })

  it('keeps no copy of the drafts: a change written beside the store is read, not an old copy', async () => {
    const store = await openStoreAt(file)
    store.put(sampleDraft({ id: 'a', post: samplePost({ title: 'before' }) }))
    const db = sqlOf(store.database)
    const body = JSON.parse(
      (db.prepare("SELECT body FROM drafts WHERE id = 'a'").get() as { body: string }).body,
    )
    body.post.title = 'beside'
    db.prepare("UPDATE drafts SET body = ?, revision = revision + 1 WHERE id = 'a'").run(JSON.stringify(body))
    expect(store.get('a')?.post.title).toBe('beside')
    expect(store.listForProfile(store.get('a')!.profileId).map((d) => d.post.title)).toEqual(['beside'])
  })

  it('tells its listeners to read everything when the change log was pruned past what it had read', async () => {
    const app = await openStoreAt(file)
    const cli = await openStoreAt(file)
    const heard: unknown[] = []
    app.onChange((changes) => heard.push(changes))
    cli.put(sampleDraft({ id: 'a' }))
    // Another process pruned the log's entries this one had not read yet.
    sqlOf(cli.database).exec('DELETE FROM draft_changes')
    cli.put(sampleDraft({ id: 'b' }))
    expect(await app.refresh()).toBe(true)
    expect(heard).toEqual([{ changed: [], removed: [], reset: true }])
    // From there on, changes again.
    cli.remove('a')
    await app.refresh()
    expect(heard.at(-1)).toEqual({ changed: [], removed: ['a'] })
  })

  it('keeps the change log short: past what was read, the oldest entries go', async () => {
    const kept = 100
    const store = await openStoreAt(file, { changeLogKept: kept })
    store.onChange(() => {})
    const drafts = Array.from({ length: 10 }, (_, i) => sampleDraft({ id: `d${i}` }))
    for (let round = 0; round < 20; round++) store.putMany(drafts)
    const { n } = sqlOf(store.database).prepare('SELECT count(*) AS n FROM draft_changes').get() as {
      n: number
    }
    expect(n).toBeLessThanOrEqual(kept * 1.5 + 10)
    expect(n).toBeGreaterThanOrEqual(kept)
  })
})
