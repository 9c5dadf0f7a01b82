// The `insights:*` calls (docs/insights.md) over the data folder's copy of the figures
// (main/core/insights/insights-store.ts), keyed by the active profile's replica identity, so a change of
// service or key never shows another account's figures. `insights:view` and `insights:best-slots` read the copy
// alone and answer offline. `insights:refresh` follows the accounts asked about on the profile's background
// scheduler (main/core/insights/insights-follow.ts), within its request budget, and answers once one run has
// read what may have changed; later runs announce `insights:changed`. `insights:posts` is a page of a
// period's posts in the table's order (the view's answer carries none: a year is 2,000 rows). `insights:grid` is an Instagram
// account's latest published posts from the copy, `insights:export` a period's posts as the CLI's CSV,
// `insights:compare` the accounts side by side from the copy, `insights:post-again` a post's content for a new
// draft (from the service, else the copy); `insights:swap` trades two upcoming posts' times on the service
// (main/core/insights/grid-swap.ts) and has every open view read its posts again, whether it succeeded or not.
import { COLLISION_WINDOW_MS } from '../../common/account-watch'
import { freshnessOf } from '../../common/freshness'
import { GRID_PUBLISHED } from '../../common/insights-calls'
import { swapScheduleTimes } from '../core/insights/grid-swap'
import { createInsightsFollow, type InsightsFollow } from '../core/insights/insights-follow'
import { openInsightsStore, type InsightsStore } from '../core/insights/insights-store'
import { postsCsv } from '../core/insights/insights-csv'
import { postRows } from '../core/insights/insights-report'
import { postsPage } from '../core/insights/posts-page'
import { accountsBestSlots, compareAccounts, insightsView } from '../core/insights/insights-view'
import { postAgainDraft } from '../core/insights/post-again'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const INSIGHTS_HANDLER_NEEDS = [
  'active',
  'database',
  'replica',
  'background',
  'emit',
  'onDispose',
] as const
export type InsightsHandlerDeps = Pick<HostDeps, (typeof INSIGHTS_HANDLER_NEEDS)[number]>

export type InsightsCall =
  | 'insights:view'
  | 'insights:refresh'
  | 'insights:best-slots'
  | 'insights:grid'
  | 'insights:posts'
  | 'insights:export'
  | 'insights:swap'
  | 'insights:compare'
  | 'insights:post-again'

export function createInsightsHandlers(
  deps: InsightsHandlerDeps,
  options: { now?: () => number; runBudget?: number } = {},
): HandlerGroup<InsightsCall> {
  const now = options.now ?? (() => Date.now())
  let store: InsightsStore | undefined
  const open = () => (store ??= openInsightsStore(deps.database))
  const scope = () => deps.replica().identity
  let follow: InsightsFollow | undefined
  // Made on the first refresh, or at once when some profile follows accounts from an earlier run: a host whose
  // page never opened Insights registers no task.
  const following = () => {
    if (!follow) {
      follow = createInsightsFollow({
        store: open(),
        scope,
        now,
        background: deps.background,
        direct: () => deps.active().client,
        onChanged: (change) => deps.emit('insights:changed', change),
        onChecking: (accountIds) => deps.emit('insights:changed', { checking: accountIds }),
        ...(options.runBudget === undefined ? {} : { runBudget: options.runBudget }),
      })
      deps.onDispose?.(() => follow?.stop())
    }
    return follow
  }
  if (open().followsAny()) following()

  return {
    'insights:view': async ({ accountId, since, until, timeZone }) => {
      const figures = insightsView(open(), scope(), accountId, {
        timeZone,
        now: now(),
        ...(since === undefined ? {} : { since }),
        ...(until === undefined ? {} : { until }),
      })
      // As of the period's oldest read, else the account's own: what a refresh would bring up to date.
      const asOf = figures.asOf ?? figures.accountAsOf
      const known = follow?.freshness(accountId) ?? { reading: false, failed: false }
      return {
        ...figures,
        freshness: freshnessOf(asOf === null ? null : new Date(asOf).toISOString(), known),
      }
    },
    'insights:best-slots': async ({ accountIds, timeZone, taken }) =>
      accountsBestSlots(open(), scope(), accountIds, {
        timeZone,
        now: now(),
        taken: taken ?? [],
        gapMs: COLLISION_WINDOW_MS,
      }),
    'insights:refresh': async ({ accounts }) => following().refresh(deps.active().profileId, accounts),
    'insights:grid': async ({ accountId }) =>
      postRows(open(), scope(), accountId, {}).slice(0, GRID_PUBLISHED),
    'insights:posts': async ({ accountId, since, until, sort, limit }) =>
      postsPage(
        postRows(open(), scope(), accountId, {
          ...(since === undefined ? {} : { since }),
          ...(until === undefined ? {} : { until }),
        }),
        sort,
        limit,
      ),
    'insights:export': async ({ accountId, since, until }) => {
      const rows = postRows(open(), scope(), accountId, {
        ...(since === undefined ? {} : { since }),
        ...(until === undefined ? {} : { until }),
      })
      const day = (at: number) => new Date(at).toISOString().slice(0, 10)
      return {
        filename: `insights-${accountId}-${since === undefined ? 'all' : day(since)}-${day(until ?? now())}.csv`,
        content: postsCsv(rows),
      }
    },
    'insights:compare': async ({ accounts, since, until }) =>
      compareAccounts(open(), scope(), accounts, {
        ...(since === undefined ? {} : { since }),
        ...(until === undefined ? {} : { until }),
      }),
    'insights:post-again': async ({ accountId, contentId }) =>
      postAgainDraft(deps.active().client, open(), scope(), accountId, contentId),
    'insights:swap': async ({ a, b }) => {
      try {
        return await swapScheduleTimes(deps.active().client, a, b)
      } finally {
        // A failed or refused swap may still have moved a post (a write that landed, an undo that did not), and
        // the planner's copy is what it refused against: every view reads the posts again either way.
        deps.emit('schedules:changed', { posts: [], removed: [], reload: true })
      }
    },
  }
}
