// Replies to the inbox written while the service could not be reached (main/core/inbox/reply-outbox.ts): each
// waits here with its text and its media until a `sync` (or the app) sends it, exactly once, under a lease
// like a draft's. A reply to a chat may be several messages (one per medium): `parts_sent` counts those the
// service has, and `marker` is when the part being sent left, so a run that died without an answer can look
// for that part in the thread (the account's message with that text, written after the marker) instead of
// sending it again.
import type { Migration } from '../migration-types'

export const inboxRepliesMigration: Migration = {
  version: 13,
  name: 'inbox-replies',
  up(db) {
    db.exec(`
      CREATE TABLE inbox_replies (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        -- A comment's or a chat's id; which of the two is known once the service has been asked.
        target_id TEXT NOT NULL,
        target_kind TEXT,
        text TEXT NOT NULL,
        -- JSON: the media as the reply box or the CLI gave them (a file's path, or an address), with what was
        -- read from each file (duration, size) and, once uploaded, its public address.
        media TEXT NOT NULL,
        -- queued | sending | sent | failed | attention (the last look found nothing: the person decides)
        state TEXT NOT NULL,
        parts_sent INTEGER NOT NULL DEFAULT 0,
        marker TEXT,
        looked_at TEXT,
        -- JSON: the ids the service answered (the reply's, or each message's).
        result TEXT NOT NULL DEFAULT '[]',
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX inbox_replies_profile ON inbox_replies (profile_id, state);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO inbox_replies (id, profile_id, target_id, target_kind, text, media, state, created_at, updated_at)
       VALUES ('seed-reply-1', 'p1', 'c1', 'comment', 'Terima kasih', '[]', 'queued',
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    ).run()
  },
}
