// The drafts and the outbox ledger, the announced posts and the offline cache (main/core/drafts/draft-store.ts,
// main/host/post-notifications.ts, main/core/connection/offline-cache.ts). A draft is kept whole as JSON in
// `body`; the members the views filter and sort on are columns beside it, with indexes for those views.
import type { Migration } from '../migration-types'

export const draftsMigration: Migration = {
  version: 2,
  name: 'drafts',
  up(db) {
    db.exec(`
      -- revision moves by one on every change: a save based on an older one is refused (draft-store.ts).
      CREATE TABLE drafts (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        status TEXT NOT NULL,
        schedule_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        revision INTEGER NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
      -- The planner's list (a profile's drafts by creation) and the outbox's queue (by status, then time).
      CREATE INDEX drafts_by_profile ON drafts (profile_id, created_at);
      CREATE INDEX drafts_by_status ON drafts (profile_id, status, schedule_at);
      -- A create sent whose answer was not seen: the post may exist on the service (outbox.ts looks first).
      CREATE TABLE draft_sends (
        draft_id TEXT PRIMARY KEY REFERENCES drafts (id) ON DELETE CASCADE,
        marker TEXT NOT NULL
      ) STRICT;
      -- One value each: last_sync_at.
      CREATE TABLE outbox_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      -- Records of the old drafts file that could not be read, kept as they were (never dropped).
      CREATE TABLE drafts_set_aside (
        seq INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        key TEXT,
        problem TEXT NOT NULL,
        at TEXT NOT NULL,
        record TEXT NOT NULL
      ) STRICT;
      -- Posts whose outcome was announced; the oldest go past a cap (post-notifications.ts).
      CREATE TABLE announced_posts (
        seq INTEGER PRIMARY KEY,
        schedule_id TEXT NOT NULL UNIQUE
      ) STRICT;
      -- The last page seen of each list that makes sense offline, per profile, with when it was fetched.
      CREATE TABLE offline_cache (
        profile_id TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, key)
      ) STRICT;
      CREATE INDEX offline_cache_by_age ON offline_cache (profile_id, fetched_at);
      -- One identity per (base URL, access key): the app's profile that uses them, so the CLI, which knows
      -- only the credentials, writes its drafts for that profile (main/core/drafts/profile-identity.ts).
      CREATE TABLE profile_identities (
        identity TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL
      ) STRICT;
    `)
  },
  seed(db) {
    const body = JSON.stringify({ id: 'seed-draft', profileId: 'sandbox', status: 'queued' })
    db.prepare(
      `INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
       VALUES ('seed-draft', 'sandbox', 'queued', '2026-01-02T00:00:00.000Z', '2026-01-01', '2026-01-01', 1, ?)`,
    ).run(body)
    db.prepare("INSERT INTO draft_sends (draft_id, marker) VALUES ('seed-draft', '{}')").run()
    db.prepare("INSERT INTO outbox_state (key, value) VALUES ('last_sync_at', '2026-01-01')").run()
    db.prepare(
      "INSERT INTO drafts_set_aside (source, key, problem, at, record) VALUES ('drafts', NULL, 'seed', '2026-01-01', '{}')",
    ).run()
    db.prepare("INSERT INTO announced_posts (schedule_id) VALUES ('seed-schedule')").run()
    db.prepare(
      "INSERT INTO offline_cache (profile_id, key, value, fetched_at) VALUES ('sandbox', 'accounts', '[]', '2026-01-01')",
    ).run()
    db.prepare(
      "INSERT INTO profile_identities (identity, profile_id) VALUES ('cli-0123456789abcdef', 'p1')",
    ).run()
  },
}
