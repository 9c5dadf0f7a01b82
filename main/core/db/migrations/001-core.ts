// The tables every domain of the data layer shares: who holds what (leases) and which old files were imported.
import type { Migration } from '../migration-types'

export const coreMigration: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`
      -- A resource (an upload item, a draft being sent) belongs to one process while its lease lasts
      -- (main/core/db/leases.ts). expires_at is milliseconds since the epoch.
      CREATE TABLE leases (
        resource TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      -- One row per file format imported from before the database (drafts.json, grants.json, …): the import
      -- commits in the same transaction as its row, so a crash re-imports or skips it whole, never half.
      CREATE TABLE imports (
        name TEXT PRIMARY KEY,
        imported_at TEXT NOT NULL,
        rows INTEGER NOT NULL
      ) STRICT;
    `)
  },
  seed(db) {
    db.prepare('INSERT INTO leases (resource, owner, expires_at) VALUES (?, ?, ?)').run('seed:1', 'p1', 1)
    db.prepare('INSERT INTO imports (name, imported_at, rows) VALUES (?, ?, ?)').run('seed', '2026-01-01', 0)
  },
}
