// The rows of the campaign tables (migration 6), declared once (main/core/db/rows.ts): a campaign or one of its
// posts that is not what the table says is set aside, and the other campaigns still list.
import { z } from 'zod'
import type { CampaignMember } from '../../../common/campaigns'
import { declareTable, integer } from '../db/rows'

export const campaignsTable = declareTable({
  table: 'campaigns',
  key: ['id'],
  what: 'a campaign',
  dependents: [{ table: 'campaign_posts', column: 'campaign_id' }],
  columns: z.object({
    id: z.string(),
    profile_id: z.string(),
    at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  row: z.object({
    id: z.string().min(1),
    profile_id: z.string().min(1),
    // When the campaign's posts go out: every view and the editor compute from it.
    at: z.string().refine((at) => Number.isFinite(Date.parse(at)), 'not a time'),
    created_at: z.string(),
    updated_at: z.string(),
  }),
})

export const campaignPostsTable = declareTable({
  table: 'campaign_posts',
  key: ['campaign_id', 'account_id'],
  what: "a campaign's post",
  columns: z.object({
    campaign_id: z.string(),
    account_id: z.string(),
    offset_minutes: integer,
    draft_id: z.string().nullable(),
    schedule_id: z.string().nullable(),
    position: integer,
  }),
  row: z
    .object({
      campaign_id: z.string().min(1),
      account_id: z.string().min(1),
      offset_minutes: integer,
      draft_id: z.string().nullable(),
      schedule_id: z.string().nullable(),
    })
    .transform((row): CampaignMember => ({
      accountId: row.account_id,
      offsetMinutes: row.offset_minutes,
      ...(row.draft_id ? { draftId: row.draft_id } : {}),
      ...(row.schedule_id ? { scheduleId: row.schedule_id } : {}),
    })),
})
