// Reusable text of the composer (common/snippets.ts): caption snippets and hashtag groups, the person's own,
// shared by every profile and process (main/core/snippets/snippet-store.ts). New in this version: nothing
// before it is imported.
import type { Migration } from '../migration-types'

export const snippetsMigration: Migration = {
  version: 7,
  name: 'snippets',
  up(db) {
    db.exec(`
      CREATE TABLE snippets (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('caption', 'hashtags')),
        name TEXT NOT NULL,
        -- The name as compared (common/snippets.ts snippetNameKey): "Promo" and "promo" are one name per kind.
        name_key TEXT NOT NULL,
        body TEXT NOT NULL,
        revision INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX snippets_name ON snippets (kind, name_key);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO snippets (id, kind, name, name_key, body, created_at, updated_at)
       VALUES ('s1', 'hashtags', 'Travel', 'travel', '#travel #bali', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    ).run()
  },
}
