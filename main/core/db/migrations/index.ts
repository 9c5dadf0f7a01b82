// Every migration of the local database, in order. A new one is a new file `NNN-name.ts` and one line here;
// a shipped migration is never edited (a database that ran it would not run it again).
import type { Migration } from '../migration-types'
import { coreMigration } from './001-core'
import { draftsMigration } from './002-drafts'
import { uploadsMigration } from './003-uploads'
import { filesMigration } from './004-files'
import { snippetsMigration } from './007-snippets'

/**
 * Versions 5 and 6 belong to changes made beside this one (campaigns, the account watch) that land in the same
 * release: until their files are merged in, these stand in their places so the sequence has no gap. The merge
 * replaces each line with the real migration; a database never ships having run one of these.
 */
const reserved = (version: number, name: string): Migration => ({ version, name, up() {} })

export const MIGRATIONS: readonly Migration[] = [
  coreMigration, // 1
  draftsMigration, // 2
  uploadsMigration, // 3
  filesMigration, // 4
  reserved(5, 'campaigns'), // 5
  reserved(6, 'watch'), // 6
  snippetsMigration, // 7
]
