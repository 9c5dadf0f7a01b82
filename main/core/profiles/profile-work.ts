// What a profile holds on this computer, and its end. Each table keeps its own SQL (its repository); this
// module names which of them a profile's work lives in, so that a delete leaves none of it behind and an edit
// that names another account carries none of it there.
//
// The uploads' pending files on the account are the host's to delete first (main/host/profile-ending.ts): what
// is here only removes rows, in one transaction, so a kill mid-way leaves either all of it or none.
import type { ProfileWork } from '../../../common/app-state'
import { deleteProfileCampaigns, forgetCampaignSchedules } from '../campaigns/campaign-store'
import type { AppDatabase } from '../db/database'
import { dropLeases } from '../db/leases'
import { countProfileDrafts, deleteProfileDrafts } from '../drafts/draft-store'
import { forgetProfileIdentities } from '../drafts/profile-identity'
import { outboxLease } from '../drafts/outbox'
import { forgetInbox } from '../inbox/inbox-store'
import { countUnsentReplies, deleteProfileReplies } from '../inbox/reply-outbox'
import { countStatusChanges, deleteProfileStatusChanges } from '../inbox/status-outbox'
import { forgetAccountWatch } from '../posts/account-watch-store'
import { forgetReplica } from '../replica/replica'
import { forgetContentIndex } from '../uploads/content-index'
import { countUnfinishedUploads, deleteUploadQueue } from '../uploads/upload-store'

/** Where a profile's work is kept: most tables by its id, the upload queue by its scope (the id made file-safe). */
export interface ProfileKeys {
  profileId: string
  uploadScope: string
}

/** The account a profile named: where its uploads were sent, and its pending files are deleted. */
export interface ProfileAccount {
  baseUrl: string
  accessKey: string
  /** Null when it was kept for a past session only: the uploads are cancelled here, their files stay. */
  secretKey: string | null
}

/** What the profile handlers are given of a profile's work (HostDeps.profileWork). */
export interface ProfileWorkPort {
  /** What it holds here that the service does not have yet: said before a delete. */
  count(profileId: string): ProfileWork
  /**
   * Its address or access key changed: its uploads for the old account are cancelled there, and the old
   * account's queued replies, inbox copy and account watch go (the replica is cleared at its next open).
   */
  accountChanged(profileId: string, old: ProfileAccount): Promise<void>
  /**
   * It is being deleted (and is no longer the active one): its uploads are cancelled on its account, then
   * every row of its work goes.
   */
  deleted(profileId: string, account: ProfileAccount): Promise<void>
}

/** What the profile holds that is not on the service yet (said before a delete). */
export function countProfileWork(database: AppDatabase, keys: ProfileKeys): ProfileWork {
  const drafts = countProfileDrafts(database, keys.profileId)
  return {
    queuedDrafts: drafts.queued,
    otherDrafts: drafts.other,
    replies: countUnsentReplies(database, keys.profileId),
    statusChanges: countStatusChanges(database, keys.profileId),
    uploads: countUnfinishedUploads(database, keys.uploadScope),
  }
}

/**
 * What was read from or written for the account a profile named: its queued replies and status changes (they
 * answer that account's comments and chats), its inbox copy, what the account watch saw, its campaigns' posts
 * on it (by service id), and the identities that lead the CLI's drafts of those credentials to it. Removed when
 * the profile names another account, so none of it is shown as, or sent to, the new one. The caller holds the
 * transaction or not (each statement is its own then).
 */
function forgetAccountWork(database: AppDatabase, profileId: string): void {
  forgetProfileIdentities(database, profileId)
  forgetCampaignSchedules(database, profileId)
  dropLeases(database, deleteProfileReplies(database, profileId))
  dropLeases(database, deleteProfileStatusChanges(database, profileId))
  forgetInbox(database, profileId)
  forgetAccountWatch(database, profileId)
}

/** A profile's address or access key changed: the old account's replies and copies go, in one transaction. */
export function forgetOldAccount(database: AppDatabase, profileId: string): void {
  database.write('the profile’s work', () => forgetAccountWork(database, profileId))
}

/**
 * A profile deleted: every row of its work goes, in one transaction, with the leases it was held under (a
 * process sending one of them finds its lease gone at its next write and stops). Its uploads were cancelled
 * before (their pending files deleted on the account where it could be reached).
 */
export function forgetProfileWork(database: AppDatabase, keys: ProfileKeys): void {
  database.write('the profile’s work', () => {
    dropLeases(database, deleteProfileDrafts(database, keys.profileId).map(outboxLease))
    deleteProfileCampaigns(database, keys.profileId)
    forgetAccountWork(database, keys.profileId)
    dropLeases(database, deleteUploadQueue(database, keys.uploadScope))
    forgetContentIndex(database, keys.uploadScope)
    forgetReplica(database, keys.profileId)
  })
}
