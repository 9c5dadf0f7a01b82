// The shape of one schema migration of the local database (main/core/db/migrations/).
import type { DatabaseSync } from './sqlite'

export interface Migration {
  /** Its place in the sequence: 1, 2, 3… with no gap; PRAGMA user_version holds the last one applied. */
  version: number
  /** A few words for logs and backup names: `drafts`, `upload-items`. */
  name: string
  /** Runs inside the migration's transaction; throws to leave the database as it was. */
  up(db: DatabaseSync): void
  /**
   * Writes a few representative rows into the tables this migration created, for the test that no later
   * migration loses rows (test/unit/core/db/migrations.test.ts). Every migration that creates a table gives one.
   */
  seed?(db: DatabaseSync): void
  /** Tables this migration drops or empties on purpose; the no-loss test expects their rows to go. */
  drops?: string[]
}
