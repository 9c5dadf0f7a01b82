// The queries that run most, as their repositories prepare them, use the indexes docs/data-layer.md's table of
// tables names for them (EXPLAIN QUERY PLAN on a real database): the planner's list of a profile's drafts and
// the outbox's queue of them, the planner's range of the replica's posts, and the reply outbox's list.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { openDraftStore } from '../../../main/core/drafts/draft-store'
import { createReplyOutbox } from '../../../main/core/inbox/reply-outbox'
import { createLeases } from '../../../main/core/db/leases'
import { createReplicaPosts } from '../../../main/core/replica/replica-posts'
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

/** The one statement prepared whose text has `marker`, and its plan, line by line. */
function planOf(marker: string): string[] {
  const matching = [...new Set(prepared.filter((sql) => sql.replace(/\s+/g, ' ').includes(marker)))]
  expect(matching, `one statement with ${marker}`).toHaveLength(1)
  const sql = matching[0]!
  const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null)
  return sqlOf(database)
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => String(row.detail))
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
    expect(planOf('FROM inbox_replies WHERE profile_id = ?')[0]).toContain(
      'USING INDEX inbox_replies_profile',
    )
  })
})
