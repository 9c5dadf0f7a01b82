import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { CachedResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import { checking, stale as staleOf, type Freshness } from '../../common/freshness'
import type { Account } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { asStale, errorBeside, peek, renderThenRefresh } from '../lib/replica'

/**
 * The connected social accounts of the active profile (filters and pickers). The replica's copy is shown at
 * once and the service's list replaces it; offline, the copy stays (stale), so a post can still be written for
 * a known account.
 */
export const useAccountsStore = defineStore('accounts', () => {
  const accounts = shallowRef<Account[]>([])
  const stale = ref(false)
  const fetchedAt = ref<string | null>(null)
  /** How far the list can be trusted (common/freshness.ts); null before one is shown. */
  const freshness = ref<Freshness | null>(null)
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  let inflight: Promise<void> | null = null
  /** Bumped by reset: an answer for the previous profile must not land. */
  let generation = 0

  function show(result: CachedResult<Account[]>) {
    accounts.value = result.value
    stale.value = result.stale
    fetchedAt.value = result.fetchedAt
    freshness.value = result.freshness
  }

  function load(force = false): Promise<void> {
    if (loaded.value && !force) return Promise.resolve()
    const mine = generation
    inflight ??= (async () => {
      loading.value = true
      if (freshness.value) freshness.value = checking(freshness.value)
      try {
        const outcome = await renderThenRefresh({
          peek: () => peek({ what: 'accounts' }),
          refresh: () => mediadeck().accounts.list({}),
          current: () => mine === generation && !loaded.value,
          show,
        })
        if (mine !== generation) return
        if (outcome.ok) {
          show(outcome.result)
          error.value = null
          loaded.value = true
          return
        }
        // The last list seen stays, marked stale; an account list already shown is kept as it was.
        if (loaded.value) {
          stale.value = true
          if (freshness.value) freshness.value = staleOf(freshness.value)
          error.value = errorBeside({ ...outcome, copy: accounts.value })
        } else {
          if (outcome.copy) show(asStale(outcome.copy))
          error.value = errorBeside(outcome)
        }
      } finally {
        if (mine === generation) loading.value = false
        inflight = null
      }
    })()
    return inflight
  }

  function reset() {
    generation++
    inflight = null
    accounts.value = []
    loaded.value = false
    loading.value = false
    stale.value = false
    fetchedAt.value = null
    freshness.value = null
    error.value = null
  }

  return { accounts, stale, fetchedAt, freshness, loaded, loading, error, load, reset }
})
