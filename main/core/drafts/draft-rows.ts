// The rows of the drafts tables, declared once (main/core/db/rows.ts): a draft is its JSON body with the
// revision beside it, a send marker is JSON too. The old drafts file's import checks its records against the
// same shapes (legacy-drafts.ts), so a draft that loads from there loads from the table.
import { z } from 'zod'
import { DRAFT_STATUSES } from '../../../common/drafts'
import { scheduleAdditionalInfoSchema, scheduleMediaSchema } from '../../../common/service'
import { declareTable, integer, jsonText } from '../db/rows'
import type { SendMarker, StoredDraft } from './draft-store'

export const storedDraftSchema = z.looseObject({
  id: z.string().min(1),
  profileId: z.string().min(1),
  status: z.enum(DRAFT_STATUSES),
  post: z.looseObject({
    title: z.string(),
    description: z.string(),
    type: z.string(),
    medias: z.array(scheduleMediaSchema),
    meta: z.object({ title: z.string(), description: z.string(), url: z.string() }),
    additionalInfo: scheduleAdditionalInfoSchema,
    replies: z.array(z.unknown()),
    topic: z.string(),
    accountId: z.string(),
    scheduleAt: z.string(),
  }),
  localMedia: z.array(
    z.looseObject({
      id: z.string(),
      path: z.string(),
      name: z.string(),
      size: z.number(),
      mimetype: z.string(),
      alt: z.string(),
      type: z.string(),
      thumbnail: z.string(),
      uploadedUrl: z.string().optional(),
    }),
  ),
  targets: z.array(z.looseObject({ accountId: z.string(), description: z.string().optional() })).optional(),
  scheduleId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

// Loose, as the draft's: a field this code does not name (one a later version added) is kept, not dropped on
// the next write.
export const sendMarkerSchema = z.looseObject({
  startedAt: z.string(),
  accountId: z.string(),
  scheduleAt: z.string(),
  title: z.string(),
  description: z.string(),
  lookedAt: z.string().optional(),
  answered: z.boolean().optional(),
})

export const draftsTable = declareTable({
  table: 'drafts',
  key: ['id'],
  what: 'a draft',
  dependents: [{ table: 'draft_sends', column: 'draft_id' }],
  columns: z.object({
    id: z.string(),
    profile_id: z.string(),
    status: z.string(),
    schedule_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    revision: integer,
    body: z.string(),
  }),
  row: z
    .object({ id: z.string().min(1), revision: integer, body: jsonText(storedDraftSchema) })
    .refine((row) => row.body.id === row.id, {
      message: "the body's id is not the row's",
      path: ['body', 'id'],
    })
    // The parsed object is new and ours: the revision is set on it, not on a copy of it.
    .transform((row): StoredDraft =>
      Object.assign(row.body as unknown as StoredDraft, { revision: row.revision }),
    ),
})

export const draftSendsTable = declareTable({
  table: 'draft_sends',
  key: ['draft_id'],
  what: 'a send marker',
  columns: z.object({ draft_id: z.string(), marker: z.string() }),
  row: z
    .object({ draft_id: z.string().min(1), marker: jsonText(sendMarkerSchema) })
    .transform((row): [string, SendMarker] => [row.draft_id, row.marker]),
})

/** The outbox's state: the `outbox_state` table's row, declared once (../db/rows.ts). */
export const outboxStateTable = declareTable({
  table: 'outbox_state',
  key: ['key'],
  what: "the outbox's state",
  columns: z.object({ key: z.string(), value: z.string() }),
})

/** A record of the old drafts file set aside: the `drafts_set_aside` table's row, declared once (../db/rows.ts). */
export const draftsSetAsideTable = declareTable({
  table: 'drafts_set_aside',
  key: ['seq'],
  what: 'a record of the old drafts file set aside',
  columns: z.object({
    seq: integer,
    source: z.string(),
    key: z.string().nullable(),
    problem: z.string(),
    at: z.string(),
    record: z.string(),
  }),
})

/** An entry of the drafts' change log: the `draft_changes` table's row, declared once (../db/rows.ts). */
export const draftChangesTable = declareTable({
  table: 'draft_changes',
  key: ['seq'],
  what: "an entry of the drafts' change log",
  columns: z.object({ seq: integer, draft_id: z.string() }),
})
