// The IPC calls of the insights (docs/insights.md), spread into common/contract.ts's table so they are
// validated like every other call before a handler runs. `insights:view` and `insights:best-slots` read the
// data folder's copy alone (no network), so the view opens offline with the figures last read and says how old
// they are; `insights:refresh` is the one that asks the service, for what may have changed.
import { z } from 'zod'
import type { AppErrorData } from './errors'
import type { Freshness } from './freshness'
import type { BestSlot, ContentPost, HeatMap, PeriodTotals, PostRow } from './insights'
import { GRID_PUBLISHED, MAX_INSIGHTS_ACCOUNTS, MAX_POSTS_PAGE } from './insights-limits'

const id = z.string().min(1).max(200)
/** Milliseconds since the epoch, within what a Date can hold. */
const instant = z.number().int().min(0).max(8.64e15)

/** An IANA time zone the runtime knows (`Asia/Jakarta`): days and hours are counted on its clock. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'an IANA time zone such as Asia/Jakarta')

/** A period `[since, until)`: either end may be open, and it must end after it starts. */
const endsAfterStart = (r: { since?: number | undefined; until?: number | undefined }) =>
  r.since === undefined || r.until === undefined || r.since < r.until
const periodMessage = { message: 'the period must end after it starts', path: ['until'] }

/** A post as the page saw it, for the grid's swap: the swap is refused when it is not so any more. */
const seenPost = z
  .object({
    id,
    scheduleAt: z
      .string()
      .max(100)
      .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date-time'),
    updatedAt: z.string().max(100).optional(),
  })
  .strict()

export { GRID_PUBLISHED, MAX_INSIGHTS_ACCOUNTS, MAX_POSTS_PAGE }
/** Times the composer passes as already taken (the planner's posts of the coming week). */
export const MAX_TAKEN_TIMES = 2_000

export const insightsCallSchemas = {
  /** One account's period (`[since, until)`), its posts and its best times, from the copy alone. */
  'insights:view': z
    .object({ accountId: id, since: instant.optional(), until: instant.optional(), timeZone: timeZoneSchema })
    .strict()
    .refine(endsAfterStart, periodMessage),
  /** Reads what may have changed for these accounts (list, recent figures, account figures), within a budget. */
  'insights:refresh': z
    .object({
      accounts: z
        .array(z.object({ id, network: z.string().min(1).max(50) }).strict())
        .min(1)
        .max(MAX_INSIGHTS_ACCOUNTS),
    })
    .strict(),
  /** The best slots of the coming week per account, from the copy, passing over the times already taken. */
  'insights:best-slots': z
    .object({
      accountIds: z.array(id).min(1).max(MAX_INSIGHTS_ACCOUNTS),
      timeZone: timeZoneSchema,
      taken: z.array(instant).max(MAX_TAKEN_TIMES).optional(),
    })
    .strict(),
  /**
   * A page of the period's posts for the table, in the order asked for: the first `limit` of them (the
   * table's "show more" asks for more), never the whole year.
   */
  'insights:posts': z
    .object({
      accountId: id,
      since: instant.optional(),
      until: instant.optional(),
      sort: z.object({ key: z.string().min(1).max(100), descending: z.boolean() }).strict(),
      limit: z.number().int().min(1).max(MAX_POSTS_PAGE),
    })
    .strict()
    .refine(endsAfterStart, periodMessage),
  /** The period's posts and figures as CSV (the CLI's `insights posts --csv`), from the copy alone. */
  'insights:export': z
    .object({ accountId: id, since: instant.optional(), until: instant.optional() })
    .strict()
    .refine(endsAfterStart, periodMessage),
  /** Accounts side by side over one period, on the engagement figure, from the copy alone. */
  'insights:compare': z
    .object({
      accounts: z
        .array(z.object({ id, network: z.string().min(1).max(50) }).strict())
        .min(1)
        .max(MAX_INSIGHTS_ACCOUNTS),
      since: instant.optional(),
      until: instant.optional(),
    })
    .strict()
    .refine(endsAfterStart, periodMessage),
  /**
   * A published post as a new draft's content ("post again"): its text and media read from the service, or,
   * when it cannot be reached, what the copy knows (its first line and picture).
   */
  'insights:post-again': z.object({ accountId: id, contentId: id }).strict(),
  /** An Instagram account's latest published posts (GRID_PUBLISHED), newest first, from the copy alone. */
  'insights:grid': z.object({ accountId: id }).strict(),
  /**
   * Two upcoming posts trade their times (main/core/insights/grid-swap.ts): both read again, refused when either
   * moved on since the page saw it, and the first put back when the second cannot be written.
   */
  'insights:swap': z
    .object({ a: seenPost, b: seenPost })
    .strict()
    .refine((r) => r.a.id !== r.b.id, { message: 'a post cannot swap with itself', path: ['b'] }),
} as const

/** One day of the period on the person's clock: what its posts did. */
export interface InsightsDay {
  /** YYYY-MM-DD in the view's time zone. */
  day: string
  posts: number
  engagement: number
}

/** The figures of one account as the copy holds them (main/core/insights/insights-view.ts). */
export interface InsightsFigures {
  accountId: string
  network: string
  timeZone: string
  since: number | null
  until: number | null
  totals: PeriodTotals
  /** The oldest read among the period's figures: the period is "as of" then; null when none was read. */
  asOf: number | null
  /** When the account's own figures were last read; null when never. */
  accountAsOf: number | null
  /** Every day of the period (from its first post when it has no start), oldest first. */
  days: InsightsDay[]
  /** The follower counts the app kept, per day, within the period. */
  followers: Array<{ day: string; followers: number }>
  /** The figure columns of the period's posts, in the service's order (the rows are `insights:posts`'). */
  columns: string[]
  /** The members summed into the engagement figure on this network (shown as its definition). */
  engagementMembers: string[]
  /** From the account's whole history, not the period: a best time needs every post there is. */
  heat: HeatMap
  best: BestSlot[]
}

export interface InsightsView extends InsightsFigures {
  /**
   * How far the figures can be trusted, as main knows it: checking while a read of the account runs (the
   * background's own too), stale when the last read could not reach the service, each as of `asOf`.
   */
  freshness: Freshness
}

/** The posts table's order: when, type, title, engagement or any figure's key. */
export interface PostsSort {
  key: 'publishedAt' | 'type' | 'title' | 'engagement' | (string & {})
  descending: boolean
}

/** A page of the period's posts: its first rows in `sort`'s order, and how many posts the period holds. */
export interface PostsPage {
  rows: PostRow[]
  total: number
  sort: PostsSort
}

export interface InsightsRefreshOutcome {
  accountId: string
  requests: number
  /** The request budget ran out: the next refresh carries on. */
  budgetSpent: boolean
  /** Why the refresh stopped short (offline, refused); what was read before it is kept. */
  error?: AppErrorData
}

export interface AccountBestSlots {
  accountId: string
  /** Posts with figures behind the map; 0 means nothing is known of the account yet. */
  posts: number
  slots: BestSlot[]
}

/** One account of the comparison: its period on the one engagement figure, and what that figure counts there. */
export interface AccountComparison {
  accountId: string
  network: string
  posts: number
  withFigures: number
  engagement: number
  /** Engagement per post with figures; null when none has figures yet. */
  perPost: number | null
  followers: PeriodTotals['followers']
  /** The members summed into engagement on this account's network: the figure's definition, shown beside it. */
  engagementMembers: string[]
  /** The oldest read among the figures summed; null when none was read. */
  asOf: number | null
}

export interface GridSwapResult {
  /** Each post's new time, as written. */
  posts: { id: string; scheduleAt: string }[]
}

export interface InsightsCallResponses {
  'insights:view': InsightsView
  'insights:refresh': InsightsRefreshOutcome[]
  'insights:best-slots': AccountBestSlots[]
  'insights:grid': PostRow[]
  'insights:posts': PostsPage
  'insights:export': { filename: string; content: string }
  'insights:swap': GridSwapResult
  'insights:compare': AccountComparison[]
  'insights:post-again': PostAgainDraft
}

/** A new draft's content copied from a published post, on its account, with no time yet. */
export interface PostAgainDraft {
  accountId: string
  title: string
  description: string
  type: string
  medias: ContentPost['medias']
  /** The service could not be reached: only the copy's first line and picture are in it. */
  partial: boolean
}
