// A profile's work ends when the profile is deleted or names another account: its unfinished uploads are
// cancelled on the account they were for (their pending files deleted there), their leases released at once,
// and the rows of its work removed (main/core/profiles/profile-work.ts). The active profile's uploads run in
// its session's queue; another profile's wait in the database, and are read into a queue opened only for this,
// held paused so that no transfer starts.
import type { ActiveService, Logger } from '../core/ports'
import type { AppDatabase } from '../core/db/database'
import type { FileGrants } from '../core/files/file-grants'
import { directDispatcher, type DispatcherFactory } from '../core/http/network'
import {
  countProfileWork,
  forgetOldAccount,
  forgetProfileWork,
  type ProfileAccount,
  type ProfileWorkPort,
} from '../core/profiles/profile-work'
import type { ProfileStore } from '../core/profiles/profile-store'
import { createServiceClient } from '../core/service-client'
import { createUploadEngine } from '../core/uploads/upload-engine'
import { endUploads, uploadIdentity, uploadJournalPath, uploadScope } from './profile-session'

export interface ProfileEndingDeps {
  dataDir: string
  database: AppDatabase
  grants: Pick<FileGrants, 'checkOpened'>
  network: DispatcherFactory
  active(): ActiveService
  log: Logger
}

/**
 * Cancels a profile's unfinished uploads for `account` (each one's pending file deleted on it where it can be
 * reached, its lease released with its final state). Items another live process holds are its to end. Returns
 * how many were cancelled.
 */
export async function endProfileUploads(
  deps: ProfileEndingDeps,
  profileId: string,
  account: ProfileAccount,
): Promise<number> {
  const active = deps.active()
  if (active.profileId === profileId) return endUploads(active.uploads)
  const client = createServiceClient({
    baseUrl: account.baseUrl,
    accessKey: account.accessKey,
    secretKey: account.secretKey ?? '',
    network: deps.network ?? directDispatcher,
    retry: { maxRetries: 0 },
  })
  const uploads = createUploadEngine({
    client,
    scope: uploadScope(profileId),
    identity: uploadIdentity(profileId, account),
    journalPath: uploadJournalPath(deps.dataDir, profileId),
    database: deps.database,
    network: deps.network,
    checkRead: deps.grants.checkOpened,
    warn: (message) => deps.log.warn(message),
  })
  // Before the engine's first pump (setImmediate): nothing of the queue is sent.
  uploads.setPaused(true)
  try {
    return await endUploads(uploads)
  } finally {
    await uploads.close()
    await client.close()
  }
}

const keys = (profileId: string) => ({ profileId, uploadScope: uploadScope(profileId) })

/**
 * Ends what a killed (or failed) delete or account edit left, at open, before any profile's work can run: a
 * profile marked as being deleted loses its rows and goes; one whose edit named another account loses the old
 * account's replies, inbox copy and account watch, so none of them is shown as, or sent to, the new one. The
 * service is not asked: its pending files of uploads cut short stay there (a delete's go with their rows; an
 * edit's wait in the queue of their own account, as any other account's work does).
 */
export function finishProfileEnds(
  database: AppDatabase,
  profiles: Pick<ProfileStore, 'unfinishedEnds' | 'accountEnded' | 'delete'>,
  log: Logger,
): void {
  for (const end of profiles.unfinishedEnds()) {
    if (end.kind === 'delete') {
      forgetProfileWork(database, keys(end.profileId))
      profiles.delete(end.profileId)
    } else {
      forgetOldAccount(database, end.profileId)
      profiles.accountEnded(end.profileId)
    }
    log.warn(
      `profile ${end.profileId}: the ${end.kind === 'delete' ? 'delete' : 'account change'} cut short was finished`,
    )
  }
}

export function createProfileWork(deps: ProfileEndingDeps): ProfileWorkPort {
  return {
    count: (profileId) => countProfileWork(deps.database, keys(profileId)),
    async accountChanged(profileId, old) {
      // The rows go even when the uploads could not all be cancelled: the save's caller then clears the marker,
      // which, left behind, would take the work done meanwhile for the new account with it at the next open.
      // An upload not cancelled keeps its pending file on the old account, as one cut short by a kill does.
      try {
        await endProfileUploads(deps, profileId, old)
      } catch (caught) {
        deps.log.warn(
          `profile ${profileId}: the old account's uploads could not all be cancelled (${caught instanceof Error ? caught.message : String(caught)})`,
        )
      }
      forgetOldAccount(deps.database, profileId)
    },
    async deleted(profileId, account) {
      await endProfileUploads(deps, profileId, account)
      forgetProfileWork(deps.database, keys(profileId))
    },
  }
}
