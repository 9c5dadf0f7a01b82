// The insights' copy of what the service said about published posts and accounts (main/core/insights/): each
// post of an account with its figures and when they were read, each account's figures as last read, and a
// follower count per day. The service gives an account's totals only as they stand now, so those daily
// snapshots are the only way to tell later how an account grew.
import type { Migration } from '../migration-types'

export const insightsMigration: Migration = {
  version: 10,
  name: 'insights',
  up(db) {
    db.exec(`
      -- A published post of an account (GET /public/content), per profile (scope). Times are milliseconds since
      -- the epoch. figures: the JSON object the statistic answered, null until one was read; status 'unread',
      -- 'ok', or 'none' (the service answered 404: no figures yet); fetched_at: when they were last asked for.
      CREATE TABLE insight_posts (
        scope TEXT NOT NULL,
        account_id TEXT NOT NULL,
        content_id TEXT NOT NULL,
        network TEXT NOT NULL,
        type TEXT NOT NULL,
        published_at INTEGER NOT NULL,
        title TEXT NOT NULL,
        thumbnail TEXT,
        url TEXT,
        listed_at INTEGER NOT NULL,
        figures TEXT,
        status TEXT NOT NULL CHECK (status IN ('unread', 'ok', 'none')),
        fetched_at INTEGER,
        PRIMARY KEY (scope, account_id, content_id)
      ) STRICT;
      CREATE INDEX insight_posts_time ON insight_posts (scope, account_id, published_at);
      -- An account's figures as last read (GET /public/account/{id}/statistic), null when it has none, and when
      -- its list of posts was last walked to the end.
      CREATE TABLE insight_accounts (
        scope TEXT NOT NULL,
        account_id TEXT NOT NULL,
        network TEXT NOT NULL,
        figures TEXT,
        fetched_at INTEGER,
        listed_at INTEGER,
        PRIMARY KEY (scope, account_id)
      ) STRICT;
      -- The follower count of an account on a day (YYYY-MM-DD, UTC), the last one read that day.
      CREATE TABLE insight_followers (
        scope TEXT NOT NULL,
        account_id TEXT NOT NULL,
        day TEXT NOT NULL,
        followers INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (scope, account_id, day)
      ) STRICT;
    `)
  },
  seed(db) {
    db.exec(`
      INSERT INTO insight_posts (scope, account_id, content_id, network, type, published_at, title, thumbnail,
        url, listed_at, figures, status, fetched_at)
      VALUES ('seed', 'a1', 'c1', 'instagram', 'image', 1000, 'A post', NULL, NULL, 2000, '{"like":3}', 'ok', 2000);
      INSERT INTO insight_accounts (scope, account_id, network, figures, fetched_at, listed_at)
      VALUES ('seed', 'a1', 'instagram', '{"likes":3}', 2000, 2000);
      INSERT INTO insight_followers (scope, account_id, day, followers, fetched_at)
      VALUES ('seed', 'a1', '2026-07-15', 120, 2000);
    `)
  },
}
