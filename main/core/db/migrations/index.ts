// Every migration of the local database, in order. A new one is a new file `NNN-name.ts` and one line here;
// a shipped migration is never edited (a database that ran it would not run it again).
import type { Migration } from '../migration-types'
import { coreMigration } from './001-core'
import { draftsMigration } from './002-drafts'
import { uploadsMigration } from './003-uploads'
import { filesMigration } from './004-files'
import { reservedMigration } from './005-reserved'
import { campaignsMigration } from './006-campaigns'

export const MIGRATIONS: readonly Migration[] = [
  coreMigration, // 1
  draftsMigration, // 2
  uploadsMigration, // 3
  filesMigration, // 4
  reservedMigration, // 5
  campaignsMigration, // 6
]
