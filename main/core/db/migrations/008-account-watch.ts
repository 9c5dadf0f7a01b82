// What the account watch (main/core/posts/account-watch.ts) knows across restarts: each post due soon that it
// looked at, when it looked again 15 minutes before the post's time, and whether the person was told that the
// post's account is disconnected, so a restart neither tells it twice nor skips the last look.
import type { Migration } from '../migration-types'

export const accountWatchMigration: Migration = {
  version: 8,
  name: 'account-watch',
  up(db) {
    db.exec(`
      -- One row per watched post of a profile (scope). Times are milliseconds since the epoch.
      CREATE TABLE account_watch (
        scope TEXT NOT NULL,
        schedule_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        due_at INTEGER NOT NULL,
        -- The last check that saw the post.
        checked_at INTEGER NOT NULL,
        -- The check made within 15 minutes of due_at; null until it ran.
        rechecked_at INTEGER,
        -- When the person was told its account is disconnected; null when not told, or the account came back.
        notified_at INTEGER,
        PRIMARY KEY (scope, schedule_id)
      ) STRICT;
      -- Past posts are forgotten by due time; a reconnected account clears its posts' notices.
      CREATE INDEX account_watch_due ON account_watch (due_at);
      CREATE INDEX account_watch_account ON account_watch (scope, account_id);
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO account_watch (scope, schedule_id, account_id, due_at, checked_at, rechecked_at, notified_at)
       VALUES ('seed', 's1', 'a1', 2000, 1000, NULL, 1000)`,
    ).run()
  },
}
