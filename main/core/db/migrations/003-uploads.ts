// Upload items and the inits whose answer is not known yet: what the upload journal (uploads/*.jsonl) held,
// one row per item instead of one line per change (main/core/uploads/upload-store.ts). `scope` is the queue
// an item belongs to (a profile's, or the CLI's). An unfinished item belongs to the process that holds its
// lease `upload:<id>` in `leases`.
import type { Migration } from '../migration-types'

export const uploadsMigration: Migration = {
  version: 3,
  name: 'uploads',
  up(db) {
    db.exec(`
      CREATE TABLE upload_items (
        id TEXT PRIMARY KEY,
        scope TEXT NOT NULL,
        path TEXT NOT NULL,
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        ctime_ms REAL,
        ino REAL,
        mimetype TEXT NOT NULL,
        mime_warning TEXT,
        batch_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        idempotency_key TEXT,
        state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'failed', 'cancelled')),
        file_id TEXT,
        key TEXT,
        url TEXT,
        reused INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        finished_at TEXT,
        -- finished_at as milliseconds: what the history's retention and its newest-first page sort on.
        finished_ms INTEGER
      ) STRICT;
      -- A queue opens with its unfinished items, its recent history and, on demand, an item by its key.
      CREATE INDEX upload_items_unfinished ON upload_items (scope) WHERE finished_ms IS NULL;
      CREATE INDEX upload_items_history ON upload_items (scope, finished_ms) WHERE finished_ms IS NOT NULL;
      CREATE INDEX upload_items_key ON upload_items (scope, idempotency_key) WHERE idempotency_key IS NOT NULL;
      -- The orphan sweep asks whether any item, of any queue, holds a stored file.
      CREATE INDEX upload_items_file ON upload_items (file_id) WHERE file_id IS NOT NULL;

      -- Written before an init request, deleted when its answer (or the file it made) is known.
      CREATE TABLE upload_intents (
        nonce TEXT PRIMARY KEY,
        scope TEXT NOT NULL,
        item_id TEXT NOT NULL,
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX upload_intents_scope ON upload_intents (scope);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO upload_items (id, scope, path, name, size, mtime_ms, mimetype, batch_id, created_at, state,
         file_id, key, url, finished_at, finished_ms)
       VALUES ('seed-up-1', 'seed', '/tmp/a.bin', 'a.bin', 10, 1, 'application/octet-stream', 'b1',
         '2026-01-01T00:00:00.000Z', 'done', 'f1', 'k1', 'https://s.example/a.bin', '2026-01-01T00:00:01.000Z',
         1767225601000)`,
    ).run()
    db.prepare(
      `INSERT INTO upload_items (id, scope, path, name, size, mtime_ms, mimetype, batch_id, created_at, state)
       VALUES ('seed-up-2', 'seed', '/tmp/b.bin', 'b.bin', 20, 1, 'image/png', 'b1', '2026-01-01T00:00:00.000Z',
         'queued')`,
    ).run()
    db.prepare(
      `INSERT INTO upload_intents (nonce, scope, item_id, name, size, at)
       VALUES ('n1', 'seed', 'seed-up-2', 'b.bin', 20, '2026-01-01T00:00:00.000Z')`,
    ).run()
  },
}
