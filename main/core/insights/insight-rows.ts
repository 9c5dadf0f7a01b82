// The insights tables' rows, declared once (../db/rows.ts); insights-store.ts is their repository.
import { z } from 'zod'
import { declareTable, integer } from '../db/rows'

/** An account's figures: the `insight_accounts` table's row, declared once (../db/rows.ts). */
export const insightAccountsTable = declareTable({
  table: 'insight_accounts',
  key: ['scope', 'account_id'],
  what: "an account's figures",
  columns: z.object({
    scope: z.string(),
    account_id: z.string(),
    network: z.string(),
    figures: z.string().nullable(),
    fetched_at: integer.nullable(),
    listed_at: integer.nullable(),
  }),
})

/** A day's followers of an account: the `insight_followers` table's row, declared once (../db/rows.ts). */
export const insightFollowersTable = declareTable({
  table: 'insight_followers',
  key: ['scope', 'account_id', 'day'],
  what: "a day's followers of an account",
  columns: z.object({
    scope: z.string(),
    account_id: z.string(),
    day: z.string(),
    followers: integer,
    fetched_at: integer,
  }),
})

/** A post's figures: the `insight_posts` table's row, declared once (../db/rows.ts). */
export const insightPostsTable = declareTable({
  table: 'insight_posts',
  key: ['scope', 'account_id', 'content_id'],
  what: "a post's figures",
  columns: z.object({
    scope: z.string(),
    account_id: z.string(),
    content_id: z.string(),
    network: z.string(),
    type: z.string(),
    published_at: integer,
    title: z.string(),
    thumbnail: z.string().nullable(),
    url: z.string().nullable(),
    listed_at: integer,
    figures: z.string().nullable(),
    status: z.string(),
    fetched_at: integer.nullable(),
  }),
})

/** An account the insights' background refresh follows: the `insight_follows` table's row (../db/rows.ts). */
export const insightFollowsTable = declareTable({
  table: 'insight_follows',
  key: ['scope', 'account_id'],
  what: 'an account the insights follow',
  columns: z.object({
    scope: z.string(),
    account_id: z.string(),
    network: z.string(),
    followed_at: integer,
  }),
})
