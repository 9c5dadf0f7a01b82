// Indexes for the queries that run, and none that no query uses (EXPLAIN QUERY PLAN of every statement the
// repositories prepare, test/unit/core/tables-query-plans.test.ts):
// - `upload_items_identity` served nothing: a queue's open asks for its scope's unfinished items of its
//   identity OR of none (rows from before identities), which the planner answers from
//   `upload_items_unfinished`; the index only cost every write of an upload item.
// - the reply outbox lists a profile's replies by creation time and never asks by state: its index is on
//   (profile_id, created_at), which gives the list's order without sorting it.
import type { Migration } from '../migration-types'

export const queryIndexesMigration: Migration = {
  version: 16,
  name: 'query-indexes',
  up(db) {
    db.exec(`
      DROP INDEX upload_items_identity;
      DROP INDEX inbox_replies_profile;
      CREATE INDEX inbox_replies_by_profile ON inbox_replies (profile_id, created_at);
    `)
  },
}
