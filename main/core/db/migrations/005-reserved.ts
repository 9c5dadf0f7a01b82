// Version 5 is reserved for another change being written at the same time (snippets or the account watch):
// the runner needs the versions without a gap, so this stands in for it on this branch and changes nothing.
// When the branches are merged, the real 005 replaces this file; no database outside development has run it.
import type { Migration } from '../migration-types'

export const reservedMigration: Migration = {
  version: 5,
  name: 'reserved',
  up() {},
}
