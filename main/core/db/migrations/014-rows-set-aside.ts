// Rows that could not be read through their table's declaration (main/core/db/rows.ts): a draft whose body is
// not JSON, an upload whose state is no state, a replica page cut short. Each is moved here whole, as the JSON
// of its columns, with the reason, so one bad row never blanks a list and nothing is deleted.
import type { Migration } from '../migration-types'

export const rowsSetAsideMigration: Migration = {
  version: 14,
  name: 'rows-set-aside',
  up(db) {
    db.exec(`
      CREATE TABLE rows_set_aside (
        seq INTEGER PRIMARY KEY,
        -- The table the row was in, and its key there (the JSON of its primary key columns).
        source TEXT NOT NULL,
        row_key TEXT NOT NULL,
        -- Why its table's declaration refused it, in words, and when (ISO 8601).
        reason TEXT NOT NULL,
        set_aside_at TEXT NOT NULL,
        -- Every column of the row as it was: a JSON object (a blob as base64).
        raw TEXT NOT NULL
      ) STRICT;
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO rows_set_aside (source, row_key, reason, set_aside_at, raw)
       VALUES ('drafts', '{"id":"d1"}', 'body: not JSON', '2026-11-28T00:00:00.000Z', '{"id":"d1","body":"{"}')`,
    ).run()
  },
}
