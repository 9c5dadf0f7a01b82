// The drafts' change log: which draft changed, in commit order, whoever committed it (this process, the CLI, a
// second host). A process that last read up to `seq` reads what moved since with one indexed query and sends
// the page those drafts alone, and sees removals too, which a revision column cannot show
// (main/core/drafts/draft-store.ts). Triggers write it, so no writer can forget to; AUTOINCREMENT never reuses
// a number, so a reader that finds the oldest kept entry past its own knows it missed some and reads all.
import type { Migration } from '../migration-types'

export const draftChangesMigration: Migration = {
  version: 12,
  name: 'draft-changes',
  up(db) {
    db.exec(`
      CREATE TABLE draft_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        draft_id TEXT NOT NULL
      ) STRICT;
      CREATE TRIGGER drafts_logged_insert AFTER INSERT ON drafts
        BEGIN INSERT INTO draft_changes (draft_id) VALUES (new.id); END;
      CREATE TRIGGER drafts_logged_update AFTER UPDATE ON drafts
        BEGIN INSERT INTO draft_changes (draft_id) VALUES (new.id); END;
      CREATE TRIGGER drafts_logged_delete AFTER DELETE ON drafts
        BEGIN INSERT INTO draft_changes (draft_id) VALUES (old.id); END;
    `)
  },
  seed(db) {
    db.prepare("INSERT INTO draft_changes (draft_id) VALUES ('seed-draft')").run()
  },
}
