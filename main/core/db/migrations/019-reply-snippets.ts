// Saved answers for the inbox's reply box (common/snippets.ts, kind `reply`), kept beside the composer's caption
// snippets and hashtag groups in the one `snippets` table (main/core/snippets/snippet-store.ts). The table's
// kinds are a CHECK, which SQLite cannot alter: the table is made again with the third kind and every row copied
// as it was, its unique name per kind kept.
import type { Migration } from '../migration-types'

export const replySnippetsMigration: Migration = {
  version: 19,
  name: 'reply-snippets',
  up(db) {
    db.exec(`
      CREATE TABLE snippets_next (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('caption', 'hashtags', 'reply')),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        body TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      INSERT INTO snippets_next (id, kind, name, name_key, body, revision, created_at, updated_at)
        SELECT id, kind, name, name_key, body, revision, created_at, updated_at FROM snippets;
      DROP TABLE snippets;
      ALTER TABLE snippets_next RENAME TO snippets;
      CREATE UNIQUE INDEX snippets_name ON snippets (kind, name_key);
    `)
  },
}
