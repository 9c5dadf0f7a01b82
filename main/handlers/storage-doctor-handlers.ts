// `storage:unused` and `storage:free-up`: the storage doctor (main/core/storage) over the active profile's
// client and the data folder's drafts (its database), read afresh on each call so a draft saved a moment ago
// counts.
import { readLocalDrafts } from '../core/storage/local-drafts'
import { createStorageDoctor } from '../core/storage/storage-doctor'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const STORAGE_DOCTOR_HANDLER_NEEDS = ['active', 'database', 'emit'] as const
export type StorageDoctorHandlerDeps = Pick<HostDeps, (typeof STORAGE_DOCTOR_HANDLER_NEEDS)[number]>

export function createStorageDoctorHandlers(
  deps: StorageDoctorHandlerDeps,
  options: {
    /** Writes the app's pending draft edits to the file (the drafts store coalesces its writes). */
    flushDrafts?: () => Promise<void>
  } = {},
): HandlerGroup<'storage:unused' | 'storage:free-up'> {
  const doctor = () =>
    createStorageDoctor({
      client: deps.active().client,
      async localDrafts() {
        await options.flushDrafts?.()
        return readLocalDrafts(deps.database)
      },
    })
  return {
    'storage:unused': () => doctor().findUnused(),
    'storage:free-up': async ({ ids }) => {
      const outcome = await doctor().deleteUnused(ids)
      if (outcome.deleted.length > 0) deps.emit('storage:changed', { reason: 'deleted' })
      return outcome
    },
  }
}
