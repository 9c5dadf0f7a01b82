import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { CachedResult } from '../../common/contract'
import type { AppErrorData } from '../../common/errors'
import { checking, stale as staleOf, type Freshness } from '../../common/freshness'
import type { Account } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { asStale, errorBeside, peek, renderThenRefresh } from './replica'

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
  /** The account watch's last look at every account's connection (applyConnections). */
  let watched: { connected: Readonly<Record<string, boolean>>; at: string } | null = null
  /** Bumped by reset: an answer for the previous profile must not land. */
  let generation = 0

  function show(result: CachedResult<Account[]>) {
    accounts.value = result.value
    stale.value = result.stale
    fetchedAt.value = result.fetchedAt
    freshness.value = result.freshness
    patchConnections()
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

  /** The accounts the service says are disconnected: every planned post of theirs is flagged. */
  const disconnectedIds = computed(
    () => new Set(accounts.value.filter((a) => !a.isConnected).map((a) => a._id)),
  )

  /**
   * The account watch's look at the service (`watch:changed`): each account's connection as of `at` replaces
   * the list's when the list is older, so a disconnection shows in the pickers and the planner without a reload.
   */
  function applyConnections(connected: Readonly<Record<string, boolean>>, at: string) {
    watched = { connected, at }
    patchConnections()
  }

  /** The watch's last look over the list shown, where it is the newer of the two. */
  function patchConnections() {
    if (!watched) return
    const { connected, at } = watched
    if (fetchedAt.value && Date.parse(at) < Date.parse(fetchedAt.value)) return
    let changed = false
    const next = accounts.value.map((account) => {
      const now = connected[account._id]
      if (now === undefined || now === account.isConnected) return account
      changed = true
      return { ...account, isConnected: now }
    })
    if (changed) accounts.value = next
  }

  function reset() {
    generation++
    inflight = null
    watched = null
    accounts.value = []
    loaded.value = false
    loading.value = false
    stale.value = false
    fetchedAt.value = null
    freshness.value = null
    error.value = null
  }

  return {
    accounts,
    disconnectedIds,
    stale,
    fetchedAt,
    freshness,
    loaded,
    loading,
    error,
    load,
    applyConnections,
    reset,
  }
})
