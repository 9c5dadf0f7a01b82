// Campaigns: a post composed for several accounts, as one record tying its posts together
// (main/core/campaigns/campaign-store.ts). The service knows only the posts; this is all that says they belong
// together, so losing a row here turns its posts back into single posts and loses nothing else.
import type { Migration } from '../migration-types'

export const campaignsMigration: Migration = {
  version: 6,
  name: 'campaigns',
  up(db) {
    db.exec(`
      CREATE TABLE campaigns (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        -- The campaign's time (UTC ISO); each post goes out at it plus its offset.
        at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX campaigns_by_profile ON campaigns (profile_id, at);
      -- One account's post: its local draft until sent, the service's id once it is (both may be known).
      CREATE TABLE campaign_posts (
        campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        account_id TEXT NOT NULL,
        offset_minutes INTEGER NOT NULL CHECK (offset_minutes BETWEEN -720 AND 720),
        draft_id TEXT,
        schedule_id TEXT,
        position INTEGER NOT NULL,
        PRIMARY KEY (campaign_id, account_id)
      ) STRICT;
      -- A draft or a post belongs to one campaign at most; the planner looks them up by these.
      CREATE UNIQUE INDEX campaign_posts_by_draft ON campaign_posts (draft_id) WHERE draft_id IS NOT NULL;
      CREATE UNIQUE INDEX campaign_posts_by_schedule ON campaign_posts (schedule_id) WHERE schedule_id IS NOT NULL;
    `)
  },
  seed(db) {
    db.prepare(
      `INSERT INTO campaigns (id, profile_id, at, created_at, updated_at)
       VALUES ('seed-campaign', 'sandbox', '2026-01-02T09:00:00.000Z', '2026-01-01', '2026-01-01')`,
    ).run()
    db.prepare(
      `INSERT INTO campaign_posts (campaign_id, account_id, offset_minutes, draft_id, schedule_id, position)
       VALUES ('seed-campaign', 'acc-1', 30, 'seed-draft', NULL, 0)`,
    ).run()
  },
}
