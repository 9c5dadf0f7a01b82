// A drafts store over a real database on disk, as the app and the CLI open it: `<folder>/mediadeck.db`, with
// the folder's old drafts.json (if a test wrote one) imported on first open. Tests name the old file's path,
// so a test that writes a drafts.json and then opens a store reads it the way an upgraded install does.
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../main/core/db/database'
import { openDraftStore, type DraftStore } from '../../main/core/drafts/draft-store'

export type TestDraftStore = DraftStore & { database: AppDatabase }

const opened: AppDatabase[] = []

/** Opens the store of the data folder holding `draftsFile` (…/drafts.json). */
export async function openStoreAt(
  draftsFile: string,
  options: { profileId?: string; changeLogKept?: number } = {},
): Promise<TestDraftStore> {
  const dataDir = dirname(draftsFile)
  mkdirSync(dataDir, { recursive: true })
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  opened.push(database)
  const store = await openDraftStore(database, { ...options, dataDir })
  return Object.assign(store, { database })
}

/** Closes every database this module opened (an afterEach of the tests that use it). */
export function closeStores(): void {
  for (const database of opened.splice(0)) database.close()
}
