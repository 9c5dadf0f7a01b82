// The reply outbox's row (migrations 13, 17 and 22), declared once (main/core/db/rows.ts): a queued reply whose media or
// result is not JSON, or whose state is none of the outbox's, is set aside (kept whole in rows_set_aside) and
// the other replies are still sent.
import { z } from 'zod'
import { REPLY_ACTIONS, REPLY_STATES } from '../../../common/inbox'
import { declareTable, integer, jsonText } from '../db/rows'

const medium = z.object({
  source: z.string(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  mimetype: z.string(),
  path: z.string().optional(),
  url: z.string().optional(),
  duration: z.number().optional(),
  name: z.string(),
  size: z.number().optional(),
})

/** The `inbox_replies` table's columns, as SQLite stores them. */
const replyColumns = z.object({
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
  action: z.string(),
  error_reason: z.string().nullable(),
})

/** Why a reply failed, as the catalogue has it: one not readable as such is not shown (its English is). */
const errorReason = z.object({
  code: z.string().min(1),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})

export const inboxRepliesTable = declareTable({
  table: 'inbox_replies',
  key: ['id'],
  what: 'a reply waiting to be sent',
  columns: replyColumns,
  // Its JSON read, and what the outbox relies on checked closer.
  row: replyColumns
    .extend({
      id: z.string().min(1),
      target_id: z.string().min(1),
      target_kind: z.enum(['comment', 'chat']).nullable(),
      media: jsonText(z.array(medium)),
      state: z.enum(REPLY_STATES),
      parts_sent: integer.min(0),
      result: jsonText(z.array(z.string())),
      action: z.enum(REPLY_ACTIONS),
      error_reason: z.union([z.null(), jsonText(z.unknown())]),
    })
    .transform((r) => ({
      id: r.id,
      profileId: r.profile_id,
      targetId: r.target_id,
      targetKind: r.target_kind,
      action: r.action,
      text: r.text,
      media: r.media,
      state: r.state,
      partsSent: r.parts_sent,
      marker: r.marker,
      lookedAt: r.looked_at,
      result: r.result,
      error: r.error,
      errorReason: errorReason.safeParse(r.error_reason).data ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
})
