// The rows of the replica (migration 5) that are read into a list, declared once (main/core/db/rows.ts): a post
// whose stored body is not a post, or a list whose stored answer is not JSON, is set aside and the rest of
// the copy still answers.
import { z } from 'zod'
import type { Schedule } from '../../../common/service'
import { declareTable, jsonText, integer } from '../db/rows'

// What every use of a replica post needs; the body was the service's answer, checked when it arrived
// (common/service.ts), so only its frame is checked again here.
const postBody = z.looseObject({
  id: z.string().min(1),
  scheduleAt: z.string(),
  accountId: z.string(),
  status: z.string(),
})

export const replicaPostsTable = declareTable({
  table: 'replica_posts',
  key: ['profile_id', 'id'],
  what: 'a post of the offline copy',
  columns: z.object({
    profile_id: z.string(),
    id: z.string(),
    schedule_at: integer,
    account_id: z.string(),
    status: z.string(),
    body: z.string(),
    fetched_at: z.string(),
  }),
  row: z
    .object({
      profile_id: z.string(),
      id: z.string(),
      account_id: z.string(),
      status: z.string(),
      body: jsonText(postBody),
    })
    .transform((row) => ({
      id: row.id,
      account_id: row.account_id,
      status: row.status,
      post: row.body as unknown as Schedule,
    })),
})

export const replicaListsTable = declareTable({
  table: 'replica_lists',
  key: ['profile_id', 'what', 'key'],
  what: 'a list of the offline copy',
  columns: z.object({
    profile_id: z.string(),
    what: z.string(),
    key: z.string(),
    value: z.string(),
    fetched_at: z.string(),
  }),
  row: z.object({
    profile_id: z.string(),
    what: z.string(),
    key: z.string(),
    value: jsonText(z.unknown()),
    fetched_at: z.string(),
  }),
})

/** A profile's replica: the `replica_profiles` table's row, declared once (../db/rows.ts). */
export const replicaProfilesTable = declareTable({
  table: 'replica_profiles',
  key: ['profile_id'],
  what: "a profile's replica",
  columns: z.object({ profile_id: z.string(), identity: z.string(), stale_since: z.string().nullable() }),
})

/** A range of posts fetched: the `replica_ranges` table's row, declared once (../db/rows.ts). */
export const replicaRangesTable = declareTable({
  table: 'replica_ranges',
  key: ['profile_id', 'from_at', 'to_at', 'filter'],
  what: 'a range of posts fetched',
  columns: z.object({
    profile_id: z.string(),
    from_at: integer,
    to_at: integer,
    filter: z.string(),
    complete: integer,
    fetched_at: z.string(),
    viewed_at: integer,
  }),
})
