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
  row: z
    .object({ draft_id: z.string().min(1), marker: jsonText(sendMarkerSchema) })
    .transform((row): [string, SendMarker] => [row.draft_id, row.marker]),
})
