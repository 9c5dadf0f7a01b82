import { prime } from './replica'
import { failedRange } from './failed-list'
import { usePlannerStore } from './planner'

/**
 * Asks main for the replica's copies the first screen shows (`prime`), before the app is mounted and the
 * view's code is loaded: the answers travel while the page starts, and the view renders them as soon as it is
 * mounted. The same requests as the stores' own (they take these answers), for the route in the address.
 */
export function primeFirstScreen(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0]
  prime({ what: 'accounts' })
  if (path === '/planner') {
    prime({ what: 'schedules', request: usePlannerStore().periodQuery() })
    prime({ what: 'schedules', request: failedRange(Date.now()) })
  }
}
