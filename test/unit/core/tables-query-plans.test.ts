// The queries that run most, as their repositories prepare them, use the indexes docs/data-layer.md's table of
// tables names for them (EXPLAIN QUERY PLAN on a real database): the planner's list of a profile's drafts and
// the outbox's queue of them, the planner's range of the replica's posts, the inbox's list and the reply
// outbox's, and an upload queue's reads. Every index of those tables serves one of them: an index no query
// uses only costs each write.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { openDraftStore } from '../../../main/core/drafts/draft-store'
import { createReplyOutbox } from '../../../main/core/inbox/reply-outbox'
import { createStatusOutbox } from '../../../main/core/inbox/status-outbox'
import { createLeases } from '../../../main/core/db/leases'
import { createReplicaPosts } from '../../../main/core/replica/replica-posts'
import { createInboxStore } from '../../../main/core/inbox/inbox-store'
import { openUploadStore } from '../../../main/core/uploads/upload-store'
import type { ServiceClient } from '../../../main/core/service-client'

let dir: string
let database: AppDatabase
/** Every statement the repositories prepared, as they wrote it. */
let prepared: string[]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'query-plans-'))
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  prepared = []
  const db = sqlOf(database)
  const prepare = db.prepare.bind(db)
  db.prepare = (sql: string) => {
    prepared.push(sql)
    return prepare(sql)
  }
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The plan of `sql`, line by line, its parameters (`?` or `:name`) all null. */
function explain(sql: string): string[] {
  const named = [...new Set([...sql.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!))]
  const statement = sqlOf(database).prepare(`EXPLAIN QUERY PLAN ${sql}`)
  const rows =
    named.length > 0
      ? statement.all(Object.fromEntries(named.map((name) => [name, null])))
      : statement.all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null))
  return rows.map((row) => String(row.detail))
}

/** The one statement prepared whose text has `marker`, and its plan, line by line. */
function planOf(marker: string): string[] {
  const matching = [...new Set(prepared.filter((sql) => sql.replace(/\s+/g, ' ').includes(marker)))]
  expect(matching, `one statement with ${marker}`).toHaveLength(1)
  return explain(matching[0]!)
}

/** The indexes of `tables` that no statement prepared so far uses (those SQLite makes for a key aside). */
function unusedIndexes(tables: string[]): string[] {
  const used = new Set(
    [...new Set(prepared)]
      .filter((sql) => /^\s*(SELECT|UPDATE|DELETE)/i.test(sql))
      .flatMap((sql) => explain(sql).flatMap((line) => line.match(/INDEX (\w+)/)?.[1] ?? [])),
  )
  return sqlOf(database)
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name IN (${tables.map(() => '?').join(', ')}) ORDER BY name`,
    )
    .all(...tables)
    .map((row) => String(row.name))
    .filter((name) => !used.has(name))
}

describe('the hot queries use their indexes', () => {
  it("the planner's drafts of a profile, and the outbox's queue of them", async () => {
    const store = await openDraftStore(database)
    store.listForProfile('p')
    store.pendingForProfile('p')
    expect(planOf('FROM drafts WHERE profile_id = ? ORDER BY created_at')).toEqual([
      expect.stringContaining('USING INDEX drafts_by_profile'),
    ])
    expect(planOf("FROM drafts WHERE profile_id = ? AND status IN ('queued', 'sending')")[0]).toContain(
      'USING INDEX drafts_by_status',
    )
  })

  it("the planner's range of the replica's posts", () => {
    const posts = createReplicaPosts(database, 'p')
    posts.peek({ from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' }, new Date())
    expect(planOf('FROM replica_posts WHERE profile_id = ? AND schedule_at BETWEEN')[0]).toContain(
      'USING INDEX replica_posts_time',
    )
  })

  it("the reply outbox's list of a profile", () => {
    const outbox = createReplyOutbox({
      database,
      leases: createLeases(database),
      profileId: 'p',
      client: () => ({}) as ServiceClient,
      now: () => new Date(),
    })
    outbox.list()
    // In the list's order, from the index: nothing sorted.
    expect(planOf('FROM inbox_replies WHERE profile_id = ? ORDER BY created_at')).toEqual([
      expect.stringContaining('USING INDEX inbox_replies_by_profile'),
    ])
    expect(unusedIndexes(['inbox_replies'])).toEqual([])
  })

  it('the status changes of a profile, in the order they were made', () => {
    const box = createStatusOutbox({
      database,
      leases: createLeases(database),
      profileId: 'p',
      client: () => ({}) as ServiceClient,
      now: () => new Date(),
    })
    box.queue({ commentId: 'c', status: 'resolved', base: 'pending' })
    box.list()
    // In the replay's order, from the index: nothing sorted.
    expect(planOf('FROM inbox_status_changes WHERE profile_id = ? ORDER BY seq')).toEqual([
      expect.stringContaining('USING INDEX inbox_status_changes_by_profile'),
    ])
    expect(unusedIndexes(['inbox_status_changes'])).toEqual([])
  })

  it("the inbox's list of a profile, newest first", () => {
    createInboxStore(database).list('p')
    expect(planOf('FROM inbox_items WHERE scope = ? ORDER BY at DESC')[0]).toContain(
      'USING INDEX inbox_items_listed',
    )
    expect(unusedIndexes(['inbox_items'])).toEqual([])
  })

  it("an upload queue's reads, and no upload index that none of them uses", () => {
    const store = openUploadStore({
      database,
      leases: createLeases(database),
      scope: 'p',
      identity: 'account',
      warn: () => undefined,
    })
    store.findByKey('media-1')
    store.knownFileIds()
    store.adopt(new Set())
    expect(
      planOf(
        'SELECT rowid AS r, * FROM upload_items WHERE scope = :scope AND (identity = :identity OR identity IS NULL) AND finished_ms IS NULL',
      )[0],
    ).toContain('USING INDEX upload_items_unfinished')
    expect(planOf('AND idempotency_key = :key')[0]).toContain('USING INDEX upload_items_key')
    expect(planOf('SELECT file_id FROM upload_items')[0]).toContain('USING COVERING INDEX upload_items_file')
    expect(planOf('SELECT nonce, item_id, name, size, at FROM upload_intents')[0]).toContain(
      'USING INDEX upload_intents_scope',
    )
    expect(unusedIndexes(['upload_items', 'upload_intents'])).toEqual([])
  })

  it("every index of the drafts and the replica's posts serves the planner's or the outbox's reads", async () => {
    const store = await openDraftStore(database)
    store.listForProfile('p')
    store.pendingForProfile('p')
    createReplicaPosts(database, 'p').peek(
      { from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' },
      new Date(),
    )
    expect(unusedIndexes(['drafts', 'replica_posts'])).toEqual([])
  })
})
