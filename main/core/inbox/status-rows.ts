// The status changes' row (migration 18), declared once (main/core/db/rows.ts): a change whose status or state
// is none the queue knows is set aside (kept whole in rows_set_aside) and the others are still replayed.
import { z } from 'zod'
import { COMMENT_TRIAGE, STATUS_CHANGE_STATES } from '../../../common/inbox'
import { declareTable, integer } from '../db/rows'

/** The `inbox_status_changes` table's columns, as SQLite stores them. */
const changeColumns = z.object({
  id: z.string(),
  profile_id: z.string(),
  seq: integer,
  comment_id: z.string(),
  status: z.string(),
  base: z.string(),
  state: z.string(),
  marker: z.string().nullable(),
  looked_at: z.string().nullable(),
  seen: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

export const inboxStatusChangesTable = declareTable({
  table: 'inbox_status_changes',
  key: ['id'],
  what: 'a comment’s status waiting to be set',
  columns: changeColumns,
  row: changeColumns
    .extend({
      id: z.string().min(1),
      comment_id: z.string().min(1),
      status: z.enum(COMMENT_TRIAGE),
      base: z.string(),
      state: z.enum(STATUS_CHANGE_STATES),
    })
    .transform((r) => ({
      id: r.id,
      profileId: r.profile_id,
      seq: r.seq,
      commentId: r.comment_id,
      status: r.status,
      base: r.base,
      state: r.state,
      marker: r.marker,
      lookedAt: r.looked_at,
      seen: r.seen,
      error: r.error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
})
