import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { CachedResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import type { Account } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { errorBeside, peek, renderThenRefresh } from '../lib/replica'

/**
 * The connected social accounts of the active profile (filters and pickers). The replica's copy is shown at
 * once and the service's list replaces it; offline, the copy stays (stale), so a post can still be written for
 * a known account.
 */
export const useAccountsStore = defineStore('accounts', () => {
  const accounts = shallowRef<Account[]>([])
  const stale = ref(false)
  const fetchedAt = ref<string | null>(null)
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
  }

  function load(force = false): Promise<void> {
    if (loaded.value && !force) return Promise.resolve()
    const mine = generation
    inflight ??= (async () => {
      loading.value = true
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
          error.value = errorBeside({ ...outcome, copy: accounts.value })
        } else {
          if (outcome.copy) show({ ...outcome.copy, stale: true })
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
    error.value = null
  }

  return { accounts, stale, fetchedAt, loaded, loading, error, load, reset }
})
