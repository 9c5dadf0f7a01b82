// The insights' refresh as a task of the profile's background scheduler (docs/background.md): it keeps the
// accounts the person looked at in Insights up to date, reading only what may have changed
// (insights-refresh.ts), each request taken from the profile's budget by the scheduler's client. A run reads at
// most RUN_BUDGET requests per account, so the view redraws as figures arrive; while an account has more to
// read, the next run comes at once (the budget paces it), then every FOLLOW_EVERY_MS. Each run says which
// accounts changed (`onChanged`), and whether more is to come. The accounts followed are kept in the copy
// (insight_follows), so a restart, or a switch back to the profile, carries on FOLLOW_RESUME_MS after it
// without waiting for the person to open Insights again.
import { AppError, isUnreachable } from '../../../common/errors'
import type { InsightsRefreshOutcome } from '../../../common/insights-calls'
import type { Background, HostTaskHandle } from '../scheduler/background-port'
import type { ServiceClient } from '../service-client'
import { refreshAccountInsights, RECENT_EVERY_MS } from './insights-refresh'
import { insightsSource } from './insights-source'
import type { InsightsStore } from './insights-store'

/** Requests one run may make per account: about a minute of the profile's budget. */
export const RUN_BUDGET = 60
/**
 * The wait between runs once every followed account is read: a quarter of the time after which a recent post
 * is due again, so a due post waits at most that long beyond it.
 */
export const FOLLOW_EVERY_MS = RECENT_EVERY_MS / 4
/** The first run after a start or a switch of profile: after the start's own reads, the planner's first. */
export const FOLLOW_RESUME_MS = 60_000

export interface FollowedAccount {
  id: string
  network: string
}

export interface InsightsFollowOptions {
  store: InsightsStore
  /** The copy's key for the active profile (its replica identity), read when a run starts. */
  scope(): string
  now(): number
  /** Absent (a CLI, a test of the calls alone): a refresh reads at once, with `direct` as its client. */
  background?: Background
  direct(): ServiceClient
  /** Accounts whose figures changed in a run; `more`: some of them have more to read. */
  onChanged(change: { accountIds: string[]; more: boolean }): void
  /** Requests per account per run (RUN_BUDGET). */
  runBudget?: number
  /** A run started or ended on these accounts: their freshness (`freshness()`) changed. */
  onChecking?(accountIds: string[]): void
}

export interface InsightsFollow {
  /** Follows these accounts on the active profile and reads what may have changed now, answering how it went. */
  refresh(profileId: string, accounts: readonly FollowedAccount[]): Promise<InsightsRefreshOutcome[]>
  /**
   * What is known of an account's figures: a run reads them now (the background's or the person's), or the
   * last run could not reach the service (they are the copy's, not confirmed).
   */
  freshness(accountId: string): { reading: boolean; failed: boolean }
  stop(): void
}

export function createInsightsFollow(o: InsightsFollowOptions): InsightsFollow {
  const budget = o.runBudget ?? RUN_BUDGET
  const last = new Map<string, InsightsRefreshOutcome>()
  let more = false
  /** Runs under way on each account (a run without the scheduler may overlap one with it). */
  const reading = new Map<string, number>()
  /**
   * Where each account's walk of its list stopped for the budget (scope and account id): the next run walks on
   * from there. Kept in memory: after a restart the walk starts over, a few runs at most.
   */
  const walks = new Map<string, string>()

  async function readAll(
    client: ServiceClient,
    accounts: readonly FollowedAccount[],
    signal?: AbortSignal,
  ): Promise<InsightsRefreshOutcome[]> {
    // Nothing followed on this profile (a start or a switch): nothing to read, nothing to announce.
    if (accounts.length === 0) return []
    const ids = accounts.map((a) => a.id)
    for (const id of ids) reading.set(id, (reading.get(id) ?? 0) + 1)
    if (ids.length > 0) o.onChecking?.(ids)
    try {
      return await readEach(client, accounts, signal)
    } finally {
      for (const id of ids) {
        const left = (reading.get(id) ?? 1) - 1
        if (left > 0) reading.set(id, left)
        else reading.delete(id)
      }
      if (ids.length > 0) o.onChecking?.(ids)
    }
  }

  async function readEach(
    client: ServiceClient,
    accounts: readonly FollowedAccount[],
    signal?: AbortSignal,
  ): Promise<InsightsRefreshOutcome[]> {
    const scope = o.scope()
    const source = insightsSource(client)
    const outcomes: InsightsRefreshOutcome[] = []
    let stop: AppError | undefined
    for (const account of accounts) {
      if (signal?.aborted) break
      if (stop) {
        const skipped = { accountId: account.id, requests: 0, budgetSpent: false, error: stop.toJSON() }
        outcomes.push(skipped)
        last.set(account.id, skipped)
        continue
      }
      let outcome: InsightsRefreshOutcome
      const walk = `${scope}\u0000${account.id}`
      const walkFrom = walks.get(walk)
      walks.delete(walk)
      try {
        const result = await refreshAccountInsights({
          store: o.store,
          source,
          scope,
          account,
          now: o.now,
          maxRequests: budget,
          ...(walkFrom === undefined ? {} : { walkFrom }),
        })
        // A run whose list failed threw (below) and begins its walk again: the page may be what failed. A post's
        // figures or the account's failing say nothing of the list, and must not send it back to page 1 each run.
        if (result.walkFrom !== undefined) walks.set(walk, result.walkFrom)
        const { listPages, posts, account: accountReads } = result.requests
        outcome = {
          accountId: account.id,
          requests: listPages + posts + accountReads,
          budgetSpent: result.budgetSpent,
        }
        if (result.error !== undefined) outcome.error = AppError.from(result.error).toJSON()
      } catch (error) {
        outcome = {
          accountId: account.id,
          requests: 0,
          budgetSpent: false,
          error: AppError.from(error).toJSON(),
        }
      }
      outcomes.push(outcome)
      last.set(account.id, outcome)
      // The service unreachable, limiting or refusing the key: the other accounts would meet the same.
      const kind = outcome.error?.kind
      if (outcome.error && kind !== 'not-found' && kind !== 'plan') stop = AppError.from(outcome.error)
    }
    const read = outcomes.filter((r) => r.requests > 0).map((r) => r.accountId)
    more = outcomes.some((r) => r.budgetSpent && !r.error)
    if (read.length > 0 || !more) o.onChanged({ accountIds: read, more })
    // A run the scheduler made fails when the service did: its Retry-After or backoff then spaces the next.
    if (stop && signal && (isUnreachable(stop) || stop.kind === 'rate-limited')) throw stop
    return outcomes
  }

  /** The accounts followed on the active profile's copy: those opened or compared in Insights, ever. */
  const accounts = (): FollowedAccount[] => o.store.followed(o.scope())

  let handle: HostTaskHandle | undefined
  let current = ''
  if (o.background) {
    handle = o.background.register({
      name: 'insights',
      // A run with nothing followed reads nothing, and plans no other (every() is null then).
      firstRunAfterMs: FOLLOW_RESUME_MS,
      every: () => (more ? 0 : accounts().length > 0 ? FOLLOW_EVERY_MS : null),
      async run({ client, profileId, signal }) {
        current = profileId
        await readAll(client, accounts(), signal)
      },
    })
  }

  return {
    async refresh(profileId, asked) {
      o.store.follow(o.scope(), asked, o.now())
      if (!handle) return readAll(o.direct(), asked)
      await handle.runNow().catch(() => undefined)
      // The run just made for this profile answered each account; one it could not reach says so.
      return asked.map(
        (a) =>
          (current === profileId ? last.get(a.id) : undefined) ?? {
            accountId: a.id,
            requests: 0,
            budgetSpent: false,
          },
      )
    },
    freshness: (accountId) => {
      const outcome = last.get(accountId)
      return {
        reading: (reading.get(accountId) ?? 0) > 0,
        failed: Boolean(outcome?.error && isUnreachable(outcome.error)),
      }
    },
    stop: () => handle?.unregister(),
  }
}
