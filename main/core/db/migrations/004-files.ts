// What the app knows of files: the content index (stored files by size and hash, so identical bytes are
// uploaded once: main/core/uploads/content-index.ts), the grants (files the person gave the app to read:
// main/core/files/file-grants.ts) and the registry of the copies the app keeps in its data folder (cover
// frames, the browser mode's received files: main/core/files/copy-janitor.ts). Before the database they were
// whole-file JSON documents (uploads/*.content.json, grants.json) or lived only in memory (the copies).
import type { Migration } from '../migration-types'

export const filesMigration: Migration = {
  version: 4,
  name: 'files',
  up(db) {
    db.exec(`
      CREATE TABLE content_index (
        scope TEXT NOT NULL,
        file_id TEXT NOT NULL,
        size INTEGER NOT NULL,
        key TEXT NOT NULL,
        url TEXT NOT NULL,
        sha256 TEXT,
        head_sha256 TEXT,
        -- Milliseconds since the epoch of its last use (remembered, or offered for a reuse): past the index's
        -- cap the least recently used go first.
        used_at INTEGER NOT NULL,
        PRIMARY KEY (scope, file_id)
      ) STRICT;
      CREATE INDEX content_index_size ON content_index (scope, size);
      CREATE INDEX content_index_used ON content_index (scope, used_at);
      -- The library forgets a deleted file in every scope at once.
      CREATE INDEX content_index_file ON content_index (file_id);

      CREATE TABLE file_grants (
        kind TEXT NOT NULL CHECK (kind IN ('file', 'folder')),
        path TEXT NOT NULL,
        dev TEXT NOT NULL,
        ino TEXT NOT NULL,
        granted_at TEXT NOT NULL,
        PRIMARY KEY (kind, path)
      ) STRICT;
      CREATE INDEX file_grants_age ON file_grants (kind, granted_at);

      -- A copy received and not named yet by any upload or draft is kept for its claim window, counted from
      -- received_at (milliseconds), while the process that received it (owner, as in leases) runs: another
      -- process's sweep of the same folder leaves it alone.
      CREATE TABLE kept_copies (
        path TEXT PRIMARY KEY,
        received_at INTEGER NOT NULL,
        owner TEXT NOT NULL
      ) STRICT;
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO content_index (scope, file_id, size, key, url, sha256, used_at)
       VALUES ('seed', 'f1', 10, 'k1', 'https://s.example/a.bin', ?, 1)`,
    ).run('a'.repeat(64))
    db.prepare(
      `INSERT INTO file_grants (kind, path, dev, ino, granted_at)
       VALUES ('file', '/tmp/a.bin', '1', '2', '2026-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO kept_copies (path, received_at, owner) VALUES ('/tmp/covers/c.webp', 1, 'h/1/a')`,
    ).run()
  },
}
