// The account an upload belongs to. A queue's name (`scope`: a profile's id, or the CLI's one shared queue)
// said which process list an item was in, not which account it was sent to: a CLI run with other credentials
// on the same data folder resumed another account's interrupted upload into its own storage. `identity` is
// credentialsIdentity() of the base URL and access key the item was added with (main/core/drafts/
// profile-identity.ts; 'sandbox' for the built-in Sandbox, which is one service whatever its port); a process
// resumes, sweeps and writes only the items and intents of the identity it runs as. Rows from before this
// migration keep NULL: which account they were for was never recorded (main/core/uploads/upload-store.ts says
// who may take them).
import type { Migration } from '../migration-types'

export const uploadIdentityMigration: Migration = {
  version: 11,
  name: 'upload-identity',
  up(db) {
    db.exec(`
      ALTER TABLE upload_items ADD COLUMN identity TEXT;
      ALTER TABLE upload_intents ADD COLUMN identity TEXT;
      -- A queue opens with the unfinished items of its scope and identity.
      CREATE INDEX upload_items_identity ON upload_items (scope, identity) WHERE finished_ms IS NULL;
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO upload_items (id, scope, identity, path, name, size, mtime_ms, mimetype, batch_id, created_at,
         state)
       VALUES ('seed-up-3', 'cli-0123456789abcdef', 'cli-0123456789abcdef', '/tmp/c.bin', 'c.bin', 30, 1,
         'image/png', 'b2', '2026-01-01T00:00:00.000Z', 'queued')`,
    ).run()
    db.prepare(
      `INSERT INTO upload_intents (nonce, scope, identity, item_id, name, size, at)
       VALUES ('n2', 'cli-0123456789abcdef', 'cli-0123456789abcdef', 'seed-up-3', 'c.bin', 30,
         '2026-01-01T00:00:00.000Z')`,
    ).run()
  },
}
