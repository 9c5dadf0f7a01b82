// The upload queue's side of sharing one data folder with other processes (../db/leases.ts): every item this
// run works on is held under a lease, renewed on a timer. When a renewal finds one lost (this run slept past
// its expiry and another process took the item), the engine forgets it; at the same beat, items a run that
// ended or was killed left behind are adopted. The engine keeps its maps; this module keeps the timers.
import { AppError } from '../../../common/errors'
import type { ChangeTimers } from '../db/database'
import { LEASE_RENEW_MS, type Leases } from '../db/leases'
import type { RestoredItem } from './upload-queue-types'
import type { UploadStore } from './upload-store'

export interface LeaseHandoverOptions {
  leases: Leases
  store: Pick<UploadStore, 'adopt'>
  timers?: ChangeTimers
  /** The ids of the items this run holds now: never adopted a second time. */
  heldIds(): ReadonlySet<string>
  /** No adoption once the engine closes. */
  closing(): boolean
  /** Leases lost to another process, as resource names (`upload:<id>`). */
  onLost(resources: string[]): void
  /** Items taken over from a run that is gone, already leased to this one. */
  onAdopted(items: RestoredItem[]): void
  warn(message: string): void
}

/** Starts renewing and adopting; the function returned stops both (the engine's close). */
export function startLeaseHandover(o: LeaseHandoverOptions): () => void {
  const stopRenewing = o.leases.startRenewing(o.onLost, { timers: o.timers })
  const timers: ChangeTimers = o.timers ?? {
    setInterval: (callback, ms) => setInterval(callback, ms).unref(),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  }
  const adopting = timers.setInterval(() => {
    if (o.closing()) return
    try {
      const adopted = o.store.adopt(o.heldIds())
      if (adopted.length > 0) o.onAdopted(adopted)
    } catch (error) {
      o.warn(`upload queue: could not look for items another run left (${AppError.from(error).message})`)
    }
  }, LEASE_RENEW_MS)
  return () => {
    stopRenewing()
    timers.clearInterval(adopting)
  }
}
