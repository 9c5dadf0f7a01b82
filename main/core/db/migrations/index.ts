// Every migration of the local database, in order. A new one is a new file `NNN-name.ts` and one line here;
// a shipped migration is never edited (a database that ran it would not run it again).
import type { Migration } from '../migration-types'
import { coreMigration } from './001-core'
import { draftsMigration } from './002-drafts'
import { uploadsMigration } from './003-uploads'
import { filesMigration } from './004-files'
import { replicaMigration } from './005-replica'
import { campaignsMigration } from './006-campaigns'
import { snippetsMigration } from './007-snippets'
import { accountWatchMigration } from './008-account-watch'
import { picturesMigration } from './009-pictures'
import { insightsMigration } from './010-insights'
import { uploadIdentityMigration } from './011-upload-identity'
import { draftChangesMigration } from './012-draft-changes'
import { inboxRepliesMigration } from './013-inbox-replies'
import { rowsSetAsideMigration } from './014-rows-set-aside'
import { inboxMigration } from './015-inbox'
import { queryIndexesMigration } from './016-query-indexes'
import { replyActionsMigration } from './017-reply-actions'
import { inboxStatusChangesMigration } from './018-inbox-status-changes'
import { replySnippetsMigration } from './019-reply-snippets'
import { insightFollowsMigration } from './020-insight-follows'
import { inboxSearchIndexMigration } from './021-inbox-search-index'
import { replyErrorReasonMigration } from './022-reply-error-reason'
import { inboxSeenIndexMigration } from './023-inbox-seen-index'

export const MIGRATIONS: readonly Migration[] = [
  coreMigration, // 1
  draftsMigration, // 2
  uploadsMigration, // 3
  filesMigration, // 4
  replicaMigration, // 5
  campaignsMigration, // 6
  snippetsMigration, // 7
  accountWatchMigration, // 8
  picturesMigration, // 9
  insightsMigration, // 10
  uploadIdentityMigration, // 11
  draftChangesMigration, // 12
  inboxRepliesMigration, // 13
  rowsSetAsideMigration, // 14
  inboxMigration, // 15
  queryIndexesMigration, // 16
  replyActionsMigration, // 17
  inboxStatusChangesMigration, // 18
  replySnippetsMigration, // 19
  insightFollowsMigration, // 20
  inboxSearchIndexMigration, // 21
  replyErrorReasonMigration, // 22
  inboxSeenIndexMigration, // 23
]
