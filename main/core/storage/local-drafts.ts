// The local drafts as the storage doctor needs them: every draft of every profile in the data folder's
// database, read afresh through their repository (draft-store.ts): a draft the app or the CLI saved a moment
// ago counts. Reading changes nothing.
import type { AppDatabase } from '../db/database'
import { readDraftBodies } from '../drafts/draft-store'

/** A draft as stored: the doctor reads its status and searches the rest for addresses. */
export interface RawDraft {
  readonly status?: unknown
}

export async function readLocalDrafts(database: AppDatabase): Promise<RawDraft[]> {
  return readDraftBodies(database).map((body) => JSON.parse(body) as RawDraft)
}

/**
 * The drafts whose text names `word` (a copies folder's name): the others cannot name a copy in it, and are not
 * read. The copy janitor sweeps after every change of the drafts; parsing 10,000 drafts each time blocked main
 * for as long as the save itself took on the page. Matched in SQLite (instr), so the rest is never parsed.
 */
export async function readLocalDraftsNaming(database: AppDatabase, word: string): Promise<RawDraft[]> {
  return readDraftBodies(database, word).map((body) => JSON.parse(body) as RawDraft)
}
