// The inbox replies' row, declared once (../db/rows.ts); reply-outbox.ts is their repository.
import { z } from 'zod'
import { declareTable, integer } from '../db/rows'

/** A queued reply: the `inbox_replies` table's row, declared once (../db/rows.ts). */
export const inboxRepliesTable = declareTable({
  table: 'inbox_replies',
  key: ['id'],
  what: 'a queued reply',
  columns: z.object({
    id: z.string(),
    profile_id: z.string(),
    target_id: z.string(),
    target_kind: z.string().nullable(),
    text: z.string(),
    media: z.string(),
    state: z.string(),
    parts_sent: integer,
    marker: z.string().nullable(),
    looked_at: z.string().nullable(),
    result: z.string(),
    error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
})
