import { ref, shallowRef } from 'vue'
import type { CachedResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import { checking, stale, type Freshness } from '../../common/freshness'
import type { Schedule } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { schedulesThenRefresh, settle } from './replica'

/** How far back and ahead the failed-posts list looks: the service has no "all failed" call without a range. */
const FAILED_LOOKBACK_DAYS = 90
const FAILED_LOOKAHEAD_DAYS = 366
const DAY_MS = 86_400_000

/**
 * The range the failed list asks for, whole UTC days around `now`: the same request all day long, so the
 * replica keeps one range for it per day instead of one per load, and its copy is found by the next start.
 */
export function failedRange(now: number): { from: string; to: string; status: 'error' } {
  const day = Math.floor(now / DAY_MS) * DAY_MS
  return {
    from: new Date(day - FAILED_LOOKBACK_DAYS * DAY_MS).toISOString(),
    // The end of the last day of the look-ahead: `now` plus the look-ahead is always inside.
    to: new Date(day + (FAILED_LOOKAHEAD_DAYS + 1) * DAY_MS - 1).toISOString(),
    status: 'error',
  }
}

/**
 * The planner's list of the service's failed posts (newest first), rendered from the replica at once and then
 * refreshed, as the calendar is: offline, the copy stays, marked stale as of its fetch.
 */
export function useFailedList() {
  const failed = shallowRef<Schedule[]>([])
  const failedLoading = ref(false)
  const failedError = ref<AppErrorData | null>(null)
  const failedStale = ref(false)
  const failedFetchedAt = ref<string | null>(null)
  const failedFreshness = ref<Freshness | null>(null)
  let request = 0

  function show(answer: CachedResult<Schedule[]>) {
    failed.value = [...answer.value].sort((a, b) => b.scheduleAt.localeCompare(a.scheduleAt))
    failedStale.value = answer.stale
    failedFetchedAt.value = answer.fetchedAt
    failedFreshness.value = answer.freshness
  }

  async function loadFailed() {
    const mine = ++request
    failedLoading.value = true
    if (failedFreshness.value) failedFreshness.value = checking(failedFreshness.value)
    const query = failedRange(Date.now())
    try {
      const outcome = await schedulesThenRefresh(query, () => mine === request, show)
      if (mine !== request) return
      failedError.value = settle(outcome, show)
      if (!outcome.ok && !outcome.copy && failedFreshness.value)
        failedFreshness.value = stale(failedFreshness.value)
    } finally {
      if (mine === request) failedLoading.value = false
    }
  }

  /** How many retries each account has left before main holds the next back (main/core/retry-budget.ts). */
  const retryBudget = (accountIds: string[]) => mediadeck().schedules.retryBudget({ accountIds })

  /** Another profile is active: its failed posts are not the previous one's. */
  function resetFailed() {
    request++
    failed.value = []
    failedLoading.value = false
    failedError.value = null
    failedStale.value = false
    failedFetchedAt.value = null
    failedFreshness.value = null
  }

  return {
    failed,
    failedLoading,
    failedError,
    failedStale,
    failedFetchedAt,
    failedFreshness,
    loadFailed,
    retryBudget,
    resetFailed,
  }
}
