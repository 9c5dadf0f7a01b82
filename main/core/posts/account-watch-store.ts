// The account watch's memory in the data folder's database (table account_watch, migration 8): which posts it
// looked at, which of them it looked at again just before their time, and which the person was told about, per
// profile. Kept so a restart does not notify twice; a failed write is logged by the caller and costs at most a
// repeated notification, never a lost post.
import { z } from 'zod'
import type { AppDatabase } from '../db/database'
import { declareTable, integer, readRows } from '../db/rows'
import { sqlOf } from '../db/handle'

/** The table's row (a STRICT table: SQLite refuses a value of another type), declared once (db/rows.ts). */
export const accountWatchTable = declareTable({
  table: 'account_watch',
  key: ['scope', 'schedule_id'],
  what: 'a watched post',
  columns: z.object({
    scope: z.string(),
    schedule_id: z.string(),
    account_id: z.string(),
    due_at: integer,
    checked_at: integer,
    rechecked_at: integer.nullable(),
    notified_at: integer.nullable(),
  }),
  row: z.object({
    scope: z.string(),
    schedule_id: z.string().min(1),
    account_id: z.string(),
    due_at: integer,
    checked_at: integer,
    rechecked_at: integer.nullable(),
    notified_at: integer.nullable(),
  }),
})

export interface WatchedRow {
  id: string
  accountId: string
  dueAt: number
}

export interface AccountWatchStore {
  /** Records that a check as of `now` saw these posts; those in `rechecked` were the look just before their time. */
  saw(scope: string, posts: readonly WatchedRow[], now: number, rechecked: ReadonlySet<string>): void
  /** Whether the look within the last minutes before the post's time was made. */
  wasRechecked(scope: string, id: string): boolean
  /** The posts of these whose disconnected account was already told. */
  notified(scope: string, ids: readonly string[]): Set<string>
  markNotified(scope: string, ids: readonly string[], now: number): void
  /** The account is connected again: a later disconnection is told anew. */
  clearNotified(scope: string, accountId: string): void
  /** Forgets posts whose time is before `before`. */
  forgetBefore(before: number): void
}

export function openAccountWatchStore(database: AppDatabase): AccountWatchStore {
  const db = sqlOf(database)
  const upsert = db.prepare(`
    INSERT INTO account_watch (scope, schedule_id, account_id, due_at, checked_at, rechecked_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (scope, schedule_id) DO UPDATE SET
      account_id = excluded.account_id,
      due_at = excluded.due_at,
      checked_at = excluded.checked_at,
      -- A post moved to another time has not had its last look at that time.
      rechecked_at = CASE
        WHEN excluded.rechecked_at IS NOT NULL THEN excluded.rechecked_at
        WHEN account_watch.due_at = excluded.due_at THEN account_watch.rechecked_at
      END,
      -- A post moved to another account was not told about on that one.
      notified_at = CASE WHEN account_watch.account_id = excluded.account_id THEN account_watch.notified_at END`)
  const rechecked = db.prepare(
    'SELECT 1 FROM account_watch WHERE scope = ? AND schedule_id = ? AND rechecked_at IS NOT NULL',
  )
  const notifiedIn = db.prepare('SELECT * FROM account_watch WHERE scope = ? AND notified_at IS NOT NULL')
  const markOne = db.prepare('UPDATE account_watch SET notified_at = ? WHERE scope = ? AND schedule_id = ?')
  const clear = db.prepare('UPDATE account_watch SET notified_at = NULL WHERE scope = ? AND account_id = ?')
  const forget = db.prepare('DELETE FROM account_watch WHERE due_at < ?')
  return {
    saw(scope, posts, now, recheckedIds) {
      database.write('the account watch', () => {
        for (const post of posts)
          upsert.run(scope, post.id, post.accountId, post.dueAt, now, recheckedIds.has(post.id) ? now : null)
      })
    },
    wasRechecked: (scope, id) => rechecked.get(scope, id) !== undefined,
    notified(scope, ids) {
      const told = new Set(
        readRows(database, accountWatchTable, notifiedIn.all(scope)).map((row) => row.schedule_id),
      )
      return new Set(ids.filter((id) => told.has(id)))
    },
    markNotified(scope, ids, now) {
      database.write('the account watch', () => {
        for (const id of ids) markOne.run(now, scope, id)
      })
    },
    clearNotified(scope, accountId) {
      database.write('the account watch', () => clear.run(scope, accountId))
    },
    forgetBefore(before) {
      database.write('the account watch', () => forget.run(before))
    },
  }
}

/** Forgets what the account watch saw for a profile (deleted, or naming another account now). */
export function forgetAccountWatch(database: AppDatabase, scope: string): void {
  sqlOf(database).prepare('DELETE FROM account_watch WHERE scope = ?').run(scope)
}
