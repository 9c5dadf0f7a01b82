// The `insights:*` calls (docs/insights.md) over the data folder's copy of the figures
// (main/core/insights/insights-store.ts), keyed by the active profile's replica identity, so a change of
// service or key never shows another account's figures. `insights:view` and `insights:best-slots` read the copy
// alone and answer offline; `insights:refresh` reads the service, only what may have changed, within a budget
// of requests per call (the page asks again while the budget was spent, and shows what arrived in between).
import { COLLISION_WINDOW_MS } from '../../common/account-watch'
import { AppError } from '../../common/errors'
import type { InsightsRefreshOutcome } from '../../common/insights-calls'
import { refreshAccountInsights } from '../core/insights/insights-refresh'
import { insightsSource } from '../core/insights/insights-source'
import { openInsightsStore, type InsightsStore } from '../core/insights/insights-store'
import { accountsBestSlots, insightsView } from '../core/insights/insights-view'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const INSIGHTS_HANDLER_NEEDS = ['active', 'database', 'replica'] as const
export type InsightsHandlerDeps = Pick<HostDeps, (typeof INSIGHTS_HANDLER_NEEDS)[number]>

/**
 * Requests one refresh call may make per account: a first refresh of a year (a list page per 10 posts and a
 * read per post) takes a few calls, each answered within seconds, while a refresh of a known account costs a
 * page or two and the posts of the last week.
 */
export const REFRESH_BUDGET = 400

export type InsightsCall = 'insights:view' | 'insights:refresh' | 'insights:best-slots'

export function createInsightsHandlers(
  deps: InsightsHandlerDeps,
  options: { now?: () => number; budget?: number } = {},
): HandlerGroup<InsightsCall> {
  const now = options.now ?? (() => Date.now())
  let store: InsightsStore | undefined
  const open = () => (store ??= openInsightsStore(deps.database))
  const scope = () => deps.replica().identity

  return {
    'insights:view': async ({ accountId, since, until, timeZone }) =>
      insightsView(open(), scope(), accountId, {
        timeZone,
        now: now(),
        ...(since === undefined ? {} : { since }),
        ...(until === undefined ? {} : { until }),
      }),
    'insights:best-slots': async ({ accountIds, timeZone, taken }) =>
      accountsBestSlots(open(), scope(), accountIds, {
        timeZone,
        now: now(),
        taken: taken ?? [],
        gapMs: COLLISION_WINDOW_MS,
      }),
    'insights:refresh': async ({ accounts }) => {
      const source = insightsSource(deps.active().client)
      const outcomes: InsightsRefreshOutcome[] = []
      // One account after another: the service is asked gently, and an unreachable one is not asked again.
      for (const account of accounts) {
        const outcome = await refreshOne(open(), scope(), source, account, now, options.budget)
        outcomes.push(outcome)
        if (outcome.error && outcome.error.kind !== 'not-found' && outcome.error.kind !== 'plan') {
          const rest = accounts.slice(outcomes.length)
          outcomes.push(...rest.map((a) => ({ ...outcome, accountId: a.id, requests: 0 })))
          break
        }
      }
      return outcomes
    },
  }
}

async function refreshOne(
  store: InsightsStore,
  scope: string,
  source: ReturnType<typeof insightsSource>,
  account: { id: string; network: string },
  now: () => number,
  budget = REFRESH_BUDGET,
): Promise<InsightsRefreshOutcome> {
  try {
    const result = await refreshAccountInsights({ store, source, scope, account, now, maxRequests: budget })
    const { listPages, posts, account: accountReads } = result.requests
    return {
      accountId: account.id,
      requests: listPages + posts + accountReads,
      budgetSpent: result.budgetSpent,
      ...(result.error === undefined ? {} : { error: AppError.from(result.error).toJSON() }),
    }
  } catch (error) {
    return { accountId: account.id, requests: 0, budgetSpent: false, error: AppError.from(error).toJSON() }
  }
}
