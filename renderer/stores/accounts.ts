import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { Account } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'

/** The connected social accounts of the active profile (filters and pickers). */
export const useAccountsStore = defineStore('accounts', () => {
  const accounts = shallowRef<Account[]>([])
  const stale = ref(false)
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  let inflight: Promise<void> | null = null

  function load(force = false): Promise<void> {
    if (loaded.value && !force) return Promise.resolve()
    inflight ??= (async () => {
      loading.value = true
      try {
        const answer = await mediadeck().accounts.list({})
        accounts.value = answer.value
        stale.value = answer.stale
        error.value = null
        loaded.value = true
      } catch (caught) {
        error.value = AppError.from(caught).toJSON()
      } finally {
        loading.value = false
        inflight = null
      }
    })()
    return inflight
  }

  function reset() {
    accounts.value = []
    loaded.value = false
    stale.value = false
    error.value = null
  }

  return { accounts, stale, loaded, loading, error, load, reset }
})
