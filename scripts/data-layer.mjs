// The data layer: main/core/db/ and the one repository of each table (docs/data-layer.md, "Tables, and who
// writes them"). Only these files hold SQL or reach the raw database handle (main/core/db/handle.ts,
// node:sqlite); eslint.config.js refuses both anywhere else in main/, and test/unit/core/db/tables.test.ts
// checks that every table of the schema has its owner here. A new table's repository is added to this list.
export const DATA_LAYER = [
  'main/core/db/**/*.ts',
  'main/core/campaigns/campaign-store.ts',
  'main/core/drafts/draft-store.ts',
  'main/core/drafts/profile-identity.ts',
  'main/core/files/copy-janitor.ts',
  'main/core/files/file-grants.ts',
  'main/core/inbox/inbox-store.ts',
  'main/core/inbox/reply-outbox.ts',
  'main/core/inbox/status-outbox.ts',
  'main/core/insights/insights-store.ts',
  'main/core/pictures/picture-store.ts',
  'main/core/posts/account-watch-store.ts',
  'main/core/posts/announced-posts.ts',
  'main/core/replica/replica-posts.ts',
  'main/core/replica/replica.ts',
  'main/core/snippets/snippet-store.ts',
  'main/core/uploads/content-index.ts',
  'main/core/uploads/upload-store.ts',
]

/** The first word of an SQL statement, as a string or template in the code starts with it. */
export const SQL_START =
  '^\\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|VACUUM|WITH)\\s'
