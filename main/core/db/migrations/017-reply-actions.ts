// What a queued reply does (common/inbox.ts REPLY_ACTIONS): the outbox (main/core/inbox/reply-outbox.ts) now
// also holds a comment's like and a private reply to its author, written offline like any reply and sent once
// under the same lease. Every reply queued before this version answered in its thread: `reply`.
import type { Migration } from '../migration-types'

export const replyActionsMigration: Migration = {
  version: 17,
  name: 'reply-actions',
  up(db) {
    db.exec(`
      ALTER TABLE inbox_replies ADD COLUMN action TEXT NOT NULL DEFAULT 'reply'
        CHECK (action IN ('reply', 'like', 'message'));
    `)
  },
}
