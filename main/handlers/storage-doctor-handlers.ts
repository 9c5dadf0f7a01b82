// `storage:unused` and `storage:free-up`: the storage doctor (main/core/storage) over the active profile's
// client and the data folder's drafts (its database), read afresh on each call so a draft saved a moment ago
// counts.
import { readLocalDrafts } from '../core/storage/local-drafts'
import { createStorageDoctor } from '../core/storage/storage-doctor'
import { forgetStoredFiles } from '../core/uploads/content-index'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const STORAGE_DOCTOR_HANDLER_NEEDS = ['active', 'dataDir', 'database', 'emit'] as const
export type StorageDoctorHandlerDeps = Pick<HostDeps, (typeof STORAGE_DOCTOR_HANDLER_NEEDS)[number]>

export function createStorageDoctorHandlers(
  deps: StorageDoctorHandlerDeps,
): HandlerGroup<'storage:unused' | 'storage:free-up'> {
  const doctor = () =>
    createStorageDoctor({
      client: deps.active().client,
      // Every draft change is committed when its call returns, so the database holds what the app shows.
      localDrafts: async () => readLocalDrafts(deps.database),
    })
  return {
    // A named scan streams what each page of files shows while the rest is read (a first look; the answer is
    // the list); the doctor reads the service itself, never a local copy, and deleting judges every file again.
    'storage:unused': (request) =>
      doctor().findUnused(
        undefined,
        request?.scan
          ? (found) => deps.emit('storage:unused-found', { scan: request.scan, ...found })
          : undefined,
      ),
    'storage:free-up': async ({ ids }) => {
      const outcome = await doctor().deleteUnused(ids)
      // Deleted, or found gone: no upload may reuse them (the content index is bounded by what is stored).
      forgetStoredFiles(deps.database, [...outcome.deleted.map((f) => f.id), ...outcome.gone])
      if (outcome.deleted.length > 0) deps.emit('storage:changed', { reason: 'deleted' })
      return outcome
    },
  }
}
