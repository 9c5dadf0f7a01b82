// Every table of the database, each by its one declaration (main/core/db/rows.ts): its columns as SQLite
// stores them, its key and its row. test/unit/core/tables.test.ts holds this list to the schema snapshot (the
// migrations' result), so a table added without a declaration, or declared twice, fails. Each table's one
// repository is named in docs/data-layer.md's table of tables.
import type { TableDeclaration } from './db/rows'
import { importsTable } from './db/legacy-import'
import { leasesTable } from './db/leases'
import { rowsSetAsideTable } from './db/rows'
import { campaignPostsTable, campaignsTable } from './campaigns/campaign-rows'
import {
  draftChangesTable,
  draftSendsTable,
  draftsSetAsideTable,
  draftsTable,
  outboxStateTable,
} from './drafts/draft-rows'
import { profileIdentitiesTable } from './drafts/profile-identity'
import { fileGrantsTable } from './files/file-grants'
import { keptCopiesTable } from './files/copy-janitor'
import { inboxItemsTable, inboxScopesTable } from './inbox/inbox-rows'
import { inboxRepliesTable } from './inbox/reply-rows'
import { inboxStatusChangesTable } from './inbox/status-rows'
import { insightAccountsTable, insightFollowersTable, insightPostsTable } from './insights/insight-rows'
import { picturesTable } from './pictures/picture-rows'
import { accountWatchTable } from './posts/account-watch-store'
import { announcedPostsTable } from './posts/announced-posts'
import {
  replicaListsTable,
  replicaPostsTable,
  replicaProfilesTable,
  replicaRangesTable,
} from './replica/replica-rows'
import { snippetsTable } from './snippets/snippet-rows'
import { contentIndexTable } from './uploads/content-index'
import { uploadIntentsTable, uploadItemsTable } from './uploads/upload-rows'

export const TABLES: readonly TableDeclaration[] = [
  leasesTable,
  importsTable,
  rowsSetAsideTable,
  draftsTable,
  draftSendsTable,
  outboxStateTable,
  draftsSetAsideTable,
  draftChangesTable,
  profileIdentitiesTable,
  announcedPostsTable,
  accountWatchTable,
  replicaProfilesTable,
  replicaListsTable,
  replicaPostsTable,
  replicaRangesTable,
  picturesTable,
  uploadItemsTable,
  uploadIntentsTable,
  contentIndexTable,
  fileGrantsTable,
  keptCopiesTable,
  snippetsTable,
  campaignsTable,
  campaignPostsTable,
  insightAccountsTable,
  insightFollowersTable,
  insightPostsTable,
  inboxRepliesTable,
  inboxItemsTable,
  inboxScopesTable,
  inboxStatusChangesTable,
]
