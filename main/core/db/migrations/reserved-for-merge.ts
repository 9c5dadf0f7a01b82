// Stand-ins for migrations 5 to 7, which branches written at the same time as the account watch add (number 8
// was reserved for it). They change nothing and exist only so this branch's sequence has no gap; when those
// branches are merged, their migrations take these places and this file is deleted. Never shipped: a database
// that ran a stand-in would not run the real migration of that number.
import type { Migration } from '../migration-types'

export function reservedMigration(version: number): Migration {
  return { version, name: `reserved-${version}`, up: () => undefined }
}
