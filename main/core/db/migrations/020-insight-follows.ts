// The accounts Insights keeps up to date in the background (main/core/insights/insights-follow.ts), per profile
// copy (scope, its replica identity, as the other insights tables): kept in memory only, they were forgotten at
// each restart, so nothing was refreshed until the person opened Insights again.
import type { Migration } from '../migration-types'

export const insightFollowsMigration: Migration = {
  version: 20,
  name: 'insight-follows',
  up(db) {
    db.exec(`
      -- An account followed by the insights' background refresh; followed_at: when it was last asked for
      -- (milliseconds since the epoch).
      CREATE TABLE insight_follows (
        scope TEXT NOT NULL,
        account_id TEXT NOT NULL,
        network TEXT NOT NULL,
        followed_at INTEGER NOT NULL,
        PRIMARY KEY (scope, account_id)
      ) STRICT;
    `)
  },
  seed(db) {
    db.exec(`
      INSERT INTO insight_follows (scope, account_id, network, followed_at) VALUES ('seed', 'a1', 'instagram', 2000);
    `)
  },
}
