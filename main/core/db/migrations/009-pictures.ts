// The registry of the pictures main fetched for the page (account avatars and the like, main/core/pictures/):
// which profile asked, what the picture is of (an account id outlives the CDN address its avatar had), where
// it came from, and when it was fetched and last shown. The bytes are files under <data>/pictures; the
// registry says which file is whose, so eviction and lookups never list the folder.
import type { Migration } from '../migration-types'

export const picturesMigration: Migration = {
  version: 9,
  name: 'pictures',
  up(db) {
    db.exec(`
      CREATE TABLE pictures (
        -- The profile the picture was fetched for: one profile's pictures never answer for another's.
        scope TEXT NOT NULL,
        -- What the picture is of (account:<id>), or the address itself when nothing steadier is known.
        key TEXT NOT NULL,
        -- The address it was last fetched from, and the type and size of the bytes kept.
        url TEXT NOT NULL,
        file TEXT NOT NULL,
        type TEXT NOT NULL,
        size INTEGER NOT NULL,
        -- Milliseconds since the epoch: when the bytes arrived, and when the page last asked for them
        -- (past the byte cap the least recently used go first).
        fetched_at INTEGER NOT NULL,
        used_at INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      ) STRICT;
      CREATE INDEX pictures_used ON pictures (used_at);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO pictures (scope, key, url, file, type, size, fetched_at, used_at)
       VALUES ('seed', 'account:a1', 'https://cdn.example/a1.png', 'ab.pic', 'image/png', 10, 1, 1)`,
    ).run()
  },
}
