// An unreadable row is set aside, never fatal: in each table read into a list, one row seeded in a shape its
// declaration refuses (a draft body that is not JSON, an upload error that is not JSON, a replica post cut
// short…) is moved to rows_set_aside with every column and the reason, reported once, and everything else
// loads. Real database files; each repository through its own API.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Schedule } from '../../../../common/service'
import { createCampaignStore } from '../../../../main/core/campaigns/campaign-store'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createLeases } from '../../../../main/core/db/leases'
import { onRowsSetAside, readRows, type RowsSetAside } from '../../../../main/core/db/rows'
import { openDraftStore } from '../../../../main/core/drafts/draft-store'
import { picturesTable } from '../../../../main/core/pictures/picture-rows'
import { openAccountWatchStore } from '../../../../main/core/posts/account-watch-store'
import { createReplica, replicaIdentity } from '../../../../main/core/replica/replica'
import { createSnippetStore } from '../../../../main/core/snippets/snippet-store'
import { openUploadStore } from '../../../../main/core/uploads/upload-store'
import { sampleDraft } from '../drafts/helpers'
import { sqlOf } from '../../../../main/core/db/handle'

let dir: string
let database: AppDatabase
let reports: RowsSetAside[]
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rows-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
  reports = []
  onRowsSetAside(database, (report) => reports.push(report))
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const run = (sql: string, ...values: Array<string | number | null | Uint8Array>) =>
  sqlOf(database)
    .prepare(sql)
    .run(...values)
const setAside = () =>
  sqlOf(database).prepare('SELECT source, row_key, reason, raw FROM rows_set_aside ORDER BY seq').all()

/** After the first read: one report, the row moved aside whole; a second read reports nothing more. */
function expectSetAsideOnce(table: string, reason: RegExp, rawHas: string): void {
  expect(reports).toHaveLength(1)
  expect(reports[0]).toMatchObject({ table, count: 1 })
  expect(reports[0]!.message).toMatch(
    /could not be read .* set aside in the database; everything else is here/,
  )
  const rows = setAside().filter((row) => row.source === table)
  expect(rows).toHaveLength(1)
  expect(String(rows[0]!.reason)).toMatch(reason)
  expect(String(rows[0]!.raw)).toContain(rawHas)
}

describe('a row its declaration refuses', () => {
  it('drafts: a body that is not JSON is set aside with its send marker; the other drafts load', async () => {
    const store = await openDraftStore(database)
    store.put(sampleDraft({ id: 'good' }))
    store.put(sampleDraft({ id: 'torn' }))
    store.setMarker('torn', { startedAt: 'a', accountId: 'a1', scheduleAt: 'b', title: 't', description: '' })
    run('UPDATE drafts SET body = \'{"id":"torn", cut here\' WHERE id = \'torn\'')

    const again = await openDraftStore(database)
    expect(again.list().map((draft) => draft.id)).toEqual(['good'])
    expectSetAsideOnce('drafts', /^body: not JSON/, 'cut here')
    expect(setAside().map((row) => row.source)).toEqual(['draft_sends', 'drafts'])
    expect(sqlOf(database).prepare('SELECT id FROM drafts').all()).toEqual([{ id: 'good' }])
    expect((await openDraftStore(database)).list()).toHaveLength(1)
    expect(reports).toHaveLength(1)
  })

  it('drafts: a body of another shape, read by a refresh after another process wrote it', async () => {
    const store = await openDraftStore(database)
    store.put(sampleDraft({ id: 'good' }))
    const other = openDatabase({ file: database.file })
    sqlOf(other)
      .prepare(
        `INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
         VALUES ('odd', 'sandbox', 'draft', '', '', '', 1, '{"id":"odd","status":"what"}')`,
      )
      .run()
    other.close()
    await store.refresh()
    expect(store.list().map((draft) => draft.id)).toEqual(['good'])
    expectSetAsideOnce('drafts', /^body\.profileId/, '"status\\":\\"what')
  })

  it('uploads: an item whose error is not JSON is set aside; the queue loads the others', async () => {
    const leases = createLeases(database)
    const store = () =>
      openUploadStore({ database, leases, scope: 'q', identity: 'sandbox', warn: () => undefined })
    const item = (id: string) => ({
      id,
      path: `/files/${id}.bin`,
      name: `${id}.bin`,
      size: 10,
      mtimeMs: 1,
      mimetype: 'application/octet-stream',
      batchId: 'b',
      createdAt: '2026-11-01T00:00:00.000Z',
    })
    const first = store()
    await first.writes.add([{ item: item('good') }, { item: item('bad') }])
    await first.writes.finish('bad', 'failed', undefined, new Date().toISOString())
    run("UPDATE upload_items SET error = 'oops' WHERE id = 'bad'")

    expect([...store().items.keys()]).toEqual(['good'])
    expectSetAsideOnce('upload_items', /^error: not JSON/, '"oops"')
  })

  it('the replica: a post whose body is cut short is set aside; the month still shows the others', () => {
    const replica = createReplica({
      database,
      profileId: 'p1',
      identity: replicaIdentity('https://api.example', 'k'),
      now: () => new Date('2026-11-26T10:00:00Z'),
    })
    const post = (id: string) =>
      ({
        id,
        _id: id,
        title: id,
        description: '',
        topic: '',
        type: 'image',
        medias: [],
        status: 'pending',
      }) as const
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`
    const request = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T23:59:59.999Z' }
    const posts = [1, 2].map((day) => ({
      ...post(`s${day}`),
      scheduleAt: at(day),
      replies: [],
      accountId: 'a1',
    }))
    database.transaction(() =>
      // What a complete refresh of the month wrote (replica-posts.ts record).
      posts.forEach((p, i) =>
        run(
          `INSERT INTO replica_posts (profile_id, id, schedule_at, account_id, status, body, fetched_at)
           VALUES ('p1', ?, ?, 'a1', 'pending', ?, ?)`,
          p.id,
          Date.parse(p.scheduleAt),
          i === 0 ? JSON.stringify(p) : JSON.stringify(p).slice(0, 20),
          at(26),
        ),
      ),
    )
    run(
      `INSERT INTO replica_ranges (profile_id, from_at, to_at, filter, complete, fetched_at, viewed_at)
       VALUES ('p1', ?, ?, '', 1, ?, ?)`,
      Date.parse(request.from),
      Date.parse(request.to),
      at(26),
      Date.parse(at(26)),
    )
    const answer = replica.peek({ what: 'schedules', request })
    expect((answer?.value as Schedule[]).map((p) => p.id)).toEqual(['s1'])
    expectSetAsideOnce('replica_posts', /^body: not JSON/, 's2')
  })

  it('campaigns: a campaign whose time is no time is set aside; the others list', () => {
    const campaigns = createCampaignStore(database)
    const members = [
      { accountId: 'a1', offsetMinutes: 0 },
      { accountId: 'a2', offsetMinutes: 5 },
    ]
    const good = campaigns.create({ profileId: 'p1', at: '2026-12-01T10:00:00.000Z', members })
    const bad = campaigns.create({ profileId: 'p1', at: '2026-12-02T10:00:00.000Z', members })
    run("UPDATE campaigns SET at = 'tomorrow' WHERE id = ?", bad.id)

    expect(campaigns.listForProfile('p1').map((c) => c.id)).toEqual([good.id])
    expectSetAsideOnce('campaigns', /^at: not a time/, '"tomorrow"')
    // Its posts went aside with it, each with its own entry, nothing deleted unseen.
    expect(setAside().filter((row) => row.source === 'campaign_posts')).toHaveLength(2)
  })

  it('snippets: a snippet with no name is set aside; the others list', () => {
    const snippets = createSnippetStore(database)
    snippets.create({ kind: 'caption', name: 'Promo', body: 'Buy now' })
    const bad = snippets.create({ kind: 'caption', name: 'Odd', body: 'Odd one' })
    run("UPDATE snippets SET name = '' WHERE id = ?", bad.id)

    expect(snippets.list().map((s) => s.name)).toEqual(['Promo'])
    expectSetAsideOnce('snippets', /^name:/, 'Odd one')
  })

  it('pictures: a registry row naming no file is set aside (the store fetches the picture again)', () => {
    run(
      `INSERT INTO pictures (scope, key, url, file, type, size, fetched_at, used_at) VALUES
       ('p1', 'account:a1', 'https://cdn.example/a1.png', 'a1.pic', 'image/png', 10, 1, 1),
       ('p1', 'account:a2', 'https://cdn.example/a2.png', '', 'image/png', 10, 1, 1)`,
    )
    const rows = readRows(database, picturesTable, sqlOf(database).prepare('SELECT * FROM pictures').all())
    expect(rows.map((row) => row.key)).toEqual(['account:a1'])
    expectSetAsideOnce('pictures', /^file:/, 'a2.png')
  })

  it('the account watch: a watched post with no id is set aside; the others are still known as told', () => {
    const watch = openAccountWatchStore(database)
    watch.saw(
      'p1',
      [
        { id: 's1', accountId: 'a1', dueAt: 10 },
        { id: 's2', accountId: 'a1', dueAt: 20 },
      ],
      1,
      new Set(),
    )
    watch.markNotified('p1', ['s1', 's2'], 2)
    run("UPDATE account_watch SET schedule_id = '' WHERE schedule_id = 's2'")

    expect([...watch.notified('p1', ['s1', 's2', ''])]).toEqual(['s1'])
    expectSetAsideOnce('account_watch', /^schedule_id:/, '"due_at":20')
  })
})
