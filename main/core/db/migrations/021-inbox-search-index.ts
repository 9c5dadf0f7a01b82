// The inbox's list and its search from one index (main/core/inbox/inbox-store.ts): a profile's conversations by
// time with their search text beside it. A search looked for its word in every row of the table (each row
// holds the conversation's JSON, read from disk to test one column), twice (its count, then its newest 300);
// with the text in the index it is tested there and only the rows that hold it are read, and the count reads
// the index alone. It keeps the order by time, so it replaces `inbox_items_time` (scope, at), which the planner
// would otherwise still take for a search, being smaller.
import type { Migration } from '../migration-types'

export const inboxSearchIndexMigration: Migration = {
  version: 21,
  name: 'inbox-search-index',
  up(db) {
    db.exec(`
      CREATE INDEX inbox_items_listed ON inbox_items (scope, at, search_text);
      DROP INDEX inbox_items_time;
    `)
  },
}
