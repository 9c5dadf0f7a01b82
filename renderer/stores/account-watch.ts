import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AccountWatchState } from '../../common/account-watch'
import type { CallRequest } from '../../common/contract'
import type { Schedule } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'
import { useAccountsStore } from './accounts'

/**
 * What main's account watch found (main/host/account-watch.ts): the disconnected accounts with posts due in
 * the next 24 hours. Main checks in the background, tray included; the planner shows the last answer and
 * follows each new one (`watch:changed`), which also follows a profile switch.
 */
export const useAccountWatchStore = defineStore('account-watch', () => {
  const state = ref<AccountWatchState>({ alerts: [], checkedAt: null })
  const accounts = useAccountsStore()

  /** Each answer also says which accounts are connected: the accounts' list follows it. */
  function show(next: AccountWatchState) {
    state.value = next
    if (next.connected && next.checkedAt) accounts.applyConnections(next.connected, next.checkedAt)
  }

  async function load() {
    show(await mediadeck().watch.alerts())
  }

  function subscribe(): () => void {
    return mediadeck().watch.onChanged(show)
  }

  /** Another profile: its own check follows (`watch:changed`); until then no alert is the previous one's. */
  function reset() {
    state.value = { alerts: [], checkedAt: null }
  }

  /** One of the alert's posts as the service holds it now, to open its detail. */
  function post(id: string): Promise<Schedule> {
    return mediadeck().schedules.get({ id })
  }

  /** The composer's question: would this post collide with one already on these accounts (post-collisions.ts)? */
  const collisions = (query: CallRequest<'schedules:collisions'>) => mediadeck().schedules.collisions(query)

  return { state, load, subscribe, post, collisions, reset }
})
