// The inbox's copy (main/core/inbox/inbox-store.ts): every comment of the service's queue and every direct-
// message conversation the profile's last refresh read, each as the service answered it, so the inbox opens
// offline with the last state seen; a chat's newest messages once it was opened; and when the whole inbox was
// last read, per profile (scope).
import type { Migration } from '../migration-types'

export const inboxMigration: Migration = {
  version: 15,
  name: 'inbox',
  up(db) {
    db.exec(`
      CREATE TABLE inbox_items (
        scope TEXT NOT NULL,
        -- A comment's or a chat's id (the service's).
        id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('comment', 'chat')),
        account_id TEXT NOT NULL,
        -- The newest activity (ISO 8601): the list's order.
        at TEXT NOT NULL,
        -- pending | resolved | ignored (a comment); unread | unreplied | replied (a chat)
        status TEXT NOT NULL,
        -- Who wrote it and the text (a chat's last message), as listed.
        author TEXT NOT NULL,
        text TEXT NOT NULL,
        -- The author, the text and the post's title, in lower case: what a search offline looks in.
        search_text TEXT NOT NULL,
        -- JSON: the comment or the chat as the service answered it.
        body TEXT NOT NULL,
        -- JSON: a chat's newest messages as last read, oldest first; null until it was opened.
        messages TEXT,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (scope, id)
      ) STRICT;
      CREATE INDEX inbox_items_time ON inbox_items (scope, at);
      CREATE TABLE inbox_scopes (
        scope TEXT PRIMARY KEY,
        -- When the whole inbox was last read (every page of both lists).
        fetched_at TEXT NOT NULL
      ) STRICT;
    `)
  },
  seed(db) {
    db.exec(`
      INSERT INTO inbox_items (scope, id, kind, account_id, at, status, author, text, search_text, body, messages,
        seen_at)
      VALUES ('p1', 'c1', 'comment', 'a1', '2026-01-01T00:00:00.000Z', 'pending', 'Dian', 'Masih ada?',
        'dian masih ada?',
        '{"id":"c1"}', NULL, '2026-01-01T00:00:00.000Z');
      INSERT INTO inbox_scopes (scope, fetched_at) VALUES ('p1', '2026-01-01T00:00:00.000Z');
    `)
  },
}
