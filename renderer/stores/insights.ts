import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { AppError, isUnreachable, type AppErrorData } from '../../common/errors'
import type { InsightsView } from '../../common/insights-calls'
import { mediadeck } from '../lib/mediadeck'

/** The periods the view switches between, in days back from now. */
export const INSIGHTS_PERIODS = [7, 30, 90, 365] as const
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number]

const DAY_MS = 86_400_000
/** A first refresh of a year takes a few calls (main's budget per call); past this many, the next open goes on. */
const MAX_REFRESH_ROUNDS = 12

/**
 * One account's insights (docs/insights.md): drawn from the data folder's copy at once (`insights:view`, no
 * network), so the view opens offline with the figures last read and their age; then refreshed
 * (`insights:refresh`, only what may have changed), and drawn again after each round of it.
 */
export const useInsightsStore = defineStore('insights', () => {
  const accountId = ref<string | null>(null)
  const period = ref<InsightsPeriod>(30)
  const view = shallowRef<InsightsView | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const refreshing = ref(false)
  /** Why the last refresh stopped short; the copy is shown as it is. */
  const refreshError = ref<AppErrorData | null>(null)
  /** The service could not be reached on the last refresh: the figures are the copy's. */
  const offline = ref(false)
  let request = 0

  async function load(timeZone: string, now = Date.now()): Promise<void> {
    const id = accountId.value
    if (!id) return
    const mine = ++request
    loading.value = true
    try {
      const answer = await mediadeck().insights.view({
        accountId: id,
        since: now - period.value * DAY_MS,
        timeZone,
      })
      if (mine !== request) return
      view.value = answer
      error.value = null
    } catch (caught) {
      if (mine === request) error.value = AppError.from(caught).toJSON()
    } finally {
      if (mine === request) loading.value = false
    }
  }

  /** Reads the service for what may have changed, round after round while its budget ran out, drawing each. */
  async function refresh(network: string, timeZone: string): Promise<void> {
    const id = accountId.value
    if (!id || refreshing.value) return
    refreshing.value = true
    try {
      for (let round = 0; round < MAX_REFRESH_ROUNDS; round++) {
        const [outcome] = await mediadeck().insights.refresh({ accounts: [{ id, network }] })
        if (id !== accountId.value) return
        refreshError.value = outcome?.error ?? null
        offline.value = Boolean(outcome?.error && isUnreachable(outcome.error))
        await load(timeZone)
        if (!outcome?.budgetSpent || outcome.error) break
      }
    } catch (caught) {
      refreshError.value = AppError.from(caught).toJSON()
    } finally {
      refreshing.value = false
    }
  }

  function select(id: string | null) {
    if (id === accountId.value) return
    accountId.value = id
    view.value = null
    refreshError.value = null
    offline.value = false
  }

  /** Another profile: nothing of the previous one stays, and an answer for it still on its way is dropped. */
  function reset() {
    request++
    accountId.value = null
    view.value = null
    error.value = null
    refreshError.value = null
    offline.value = false
    loading.value = false
    refreshing.value = false
  }

  return {
    accountId,
    period,
    view,
    loading,
    error,
    refreshing,
    refreshError,
    offline,
    load,
    refresh,
    select,
    reset,
  }
})
