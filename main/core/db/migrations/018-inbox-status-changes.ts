// A comment's status set while the service could not be reached (main/core/inbox/status-outbox.ts): each change
// waits here, in the order it was made, and is replayed in that order once the service answers, under a lease
// like a reply's. `base` is the status the person saw when they changed it: the service holding neither it nor
// the wanted one means it moved on meanwhile, and the change is kept as a conflict for the person instead of
// overriding it. `marker` is when the change left, so a run that died without an answer looks at the comment
// instead of guessing.
import type { Migration } from '../migration-types'

export const inboxStatusChangesMigration: Migration = {
  version: 18,
  name: 'inbox-status-changes',
  up(db) {
    db.exec(`
      CREATE TABLE inbox_status_changes (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        -- The order the person made the changes in, per profile: the replay's order.
        seq INTEGER NOT NULL,
        comment_id TEXT NOT NULL,
        -- pending | resolved | ignored: what the person set, and what the comment showed then.
        status TEXT NOT NULL,
        base TEXT NOT NULL,
        -- queued | sending | conflict | attention | failed (a change carried out is removed)
        state TEXT NOT NULL,
        marker TEXT,
        looked_at TEXT,
        -- The service's status when it moved on meanwhile (a conflict) or after the last look (attention).
        seen TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX inbox_status_changes_by_profile ON inbox_status_changes (profile_id, seq);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO inbox_status_changes (id, profile_id, seq, comment_id, status, base, state, created_at,
         updated_at)
       VALUES ('seed-status-1', 'p1', 1, 'c1', 'resolved', 'pending', 'queued', '2026-01-01T00:00:00.000Z',
         '2026-01-01T00:00:00.000Z')`,
    ).run()
  },
}
