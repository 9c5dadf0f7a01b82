// The local drafts as the storage doctor needs them: every draft of every profile in the data folder's drafts
// file, read without opening a store. Reading must not write (no migration, no quarantine: `storage unused`
// changes nothing), must take the backup in the crash window between the two renames of a write, as the store
// does, and must fail rather than answer "no drafts" when the file cannot be read: a draft nobody could read
// may still refer to any stored file.
import { AppError } from '../../../common/errors'
import { atomicJsonFile } from '../drafts/atomic-json-file'

/** A draft as stored, any schema version: the doctor reads its status and searches the rest for addresses. */
export interface RawDraft {
  readonly status?: unknown
}

function draftsOf(value: unknown): RawDraft[] | null {
  const drafts = (value as { drafts?: unknown } | null)?.drafts
  if (!Array.isArray(drafts)) return null
  return drafts.filter((d): d is RawDraft => Boolean(d) && typeof d === 'object')
}

export async function readLocalDrafts(path: string): Promise<RawDraft[]> {
  const outcome = await atomicJsonFile(path).read((value) =>
    draftsOf(value) ? null : 'it has no list of drafts',
  )
  if (outcome.source === 'none') return []
  if (outcome.source === 'unreadable') {
    throw new AppError({
      kind: 'file',
      message: `the drafts file cannot be read, so no stored file can be called unused: ${outcome.problem}`,
    })
  }
  return draftsOf(outcome.value)!
}
