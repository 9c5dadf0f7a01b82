// The replica of the service: what it last answered, per profile, so every view renders at once and a cold
// start without network still shows the accounts, the months of posts seen, the library, the storage figures
// and the automations (main/core/replica/). It supersedes `offline_cache` (migration 2): each cached answer is
// imported (a list as a list, a page of posts as posts of their range), then that table goes.
import type { Migration } from '../migration-types'
import type { DatabaseSync } from '../sqlite'
import { canonicalJson } from '../../replica/canonical'

export const replicaMigration: Migration = {
  version: 5,
  name: 'replica',
  up(db) {
    db.exec(`
      -- Which service a profile's replica came from (a fingerprint of base URL and access key: another one
      -- clears it) and since when a 401 made its answers stale.
      CREATE TABLE replica_profiles (
        profile_id TEXT PRIMARY KEY,
        identity TEXT NOT NULL,
        stale_since TEXT
      ) STRICT;
      -- A list as the service last answered one request of it: accounts, a page of automations or of stored
      -- files, the storage statistic, a page of reports. key: the request, as canonical JSON.
      CREATE TABLE replica_lists (
        profile_id TEXT NOT NULL,
        what TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, what, key)
      ) STRICT;
      CREATE INDEX replica_lists_age ON replica_lists (profile_id, fetched_at);
      -- Scheduled posts by id; schedule_at in milliseconds, for the ranges' queries.
      CREATE TABLE replica_posts (
        profile_id TEXT NOT NULL,
        id TEXT NOT NULL,
        schedule_at INTEGER NOT NULL,
        account_id TEXT NOT NULL,
        status TEXT NOT NULL,
        body TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, id)
      ) STRICT;
      CREATE INDEX replica_posts_time ON replica_posts (profile_id, schedule_at);
      -- The ranges of posts fetched (a month the planner showed, both ends included, as the service filters),
      -- with the filter they were fetched under ('' for none), whether every page of them arrived, and when
      -- one was last looked at: not viewed for 90 days, a range and the posts only it covers go.
      CREATE TABLE replica_ranges (
        profile_id TEXT NOT NULL,
        from_at INTEGER NOT NULL,
        to_at INTEGER NOT NULL,
        filter TEXT NOT NULL,
        complete INTEGER NOT NULL,
        fetched_at TEXT NOT NULL,
        viewed_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, from_at, to_at, filter)
      ) STRICT;
    `)
    importOfflineCache(db)
    db.exec('DROP TABLE offline_cache')
  },
  drops: ['offline_cache'],
  // A profile of its own: migration 2's seeded offline copy was already moved in under 'sandbox'.
  seed(db) {
    db.prepare(
      "INSERT INTO replica_profiles (profile_id, identity, stale_since) VALUES ('seeded', 'seeded', NULL)",
    ).run()
    db.prepare(
      `INSERT INTO replica_lists (profile_id, what, key, value, fetched_at)
       VALUES ('seeded', 'accounts', '{}', '[]', '2026-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO replica_posts (profile_id, id, schedule_at, account_id, status, body, fetched_at)
       VALUES ('seeded', 'p1', 1767225600000, 'a1', 'pending', '{}', '2026-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO replica_ranges (profile_id, from_at, to_at, filter, complete, fetched_at, viewed_at)
       VALUES ('seeded', 1767225600000, 1769903999999, '', 1, '2026-01-01T00:00:00.000Z', 1767225600000)`,
    ).run()
  },
}

/** The cached answers of migration 2: `<call> <request JSON>` -> `{docs, skipped}` or a bare array or a page. */
function importOfflineCache(db: DatabaseSync): void {
  const rows = db.prepare('SELECT profile_id, key, value, fetched_at FROM offline_cache').all() as Array<{
    profile_id: string
    key: string
    value: string
    fetched_at: string
  }>
  const putList = db.prepare(
    `INSERT OR REPLACE INTO replica_lists (profile_id, what, key, value, fetched_at) VALUES (?, ?, ?, ?, ?)`,
  )
  const putPost = db.prepare(
    `INSERT OR REPLACE INTO replica_posts (profile_id, id, schedule_at, account_id, status, body, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const putRange = db.prepare(
    `INSERT OR REPLACE INTO replica_ranges (profile_id, from_at, to_at, filter, complete, fetched_at, viewed_at)
     VALUES (?, ?, ?, ?, 1, ?, ?)`,
  )
  for (const row of rows) {
    const space = row.key.indexOf(' ')
    const call = space < 0 ? row.key : row.key.slice(0, space)
    let request: unknown = {}
    try {
      request = space < 0 ? {} : (JSON.parse(row.key.slice(space + 1)) as unknown)
    } catch {
      // A key that is not a request: kept under its call with an empty request.
    }
    const what = call.replace(/:list$/, '')
    if (what !== 'schedules') {
      putList.run(row.profile_id, what, canonicalJson(request), row.value, row.fetched_at)
      continue
    }
    const r = (request ?? {}) as { from?: string; to?: string; accountIds?: string[]; status?: string }
    const from = Date.parse(r.from ?? '')
    const to = Date.parse(r.to ?? '')
    let value: unknown
    try {
      value = JSON.parse(row.value) as unknown
    } catch {
      continue
    }
    const docs = (Array.isArray(value) ? value : ((value as { docs?: unknown[] })?.docs ?? [])) as Array<
      Record<string, unknown>
    >
    if (Number.isNaN(from) || Number.isNaN(to)) continue
    for (const post of docs) {
      const id = typeof post.id === 'string' ? post.id : typeof post._id === 'string' ? post._id : ''
      const at = Date.parse(String(post.scheduleAt))
      if (!id || Number.isNaN(at)) continue
      putPost.run(
        row.profile_id,
        id,
        at,
        String(post.accountId ?? ''),
        String(post.status ?? ''),
        JSON.stringify(post),
        row.fetched_at,
      )
    }
    const filter =
      r.accountIds || r.status
        ? canonicalJson({ accountIds: r.accountIds ? [...r.accountIds].sort() : undefined, status: r.status })
        : ''
    // Viewed "now" as far as the 90-day rule goes: the import is not a reason to drop a month.
    putRange.run(row.profile_id, from, to, filter, row.fetched_at, Date.now())
  }
}
