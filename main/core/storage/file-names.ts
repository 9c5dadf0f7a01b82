// The names the person gave stored files, by their public address, for what shows a post's media (post detail,
// the crop dialog): a media item carries only the address, whose last part is the storage key. The page
// learns the newest hundred from one library page; the rest are resolved here by address, never by reading
// the whole library: first from the replica's copies of every library page read, then, for this data
// folder's own uploads, by the file's id (GET /public/storage/file/{id}), a bounded number at a time.
import type { StoredFile } from '../../../common/service'
import { mapSettledBounded } from '../map-settled-bounded'

/** Files asked of the service by id in one call, at most; the rest keep their key until asked again. */
export const MAX_NAMES_ASKED = 20
const ASKED_AT_ONCE = 4

export interface FileNameSources {
  /** Names the replica's copies know (replica-files.ts). */
  copied(urls: readonly string[]): Map<string, string>
  /** The service's ids of this data folder's uploads (content-index.ts). */
  fileIdsOf(urls: readonly string[]): Map<string, string>
  getFile(id: string): Promise<StoredFile>
}

/** The names found, by address; an address nothing knows (or the service out of reach) is left out. */
export async function storedFileNames(
  urls: readonly string[],
  sources: FileNameSources,
): Promise<Record<string, string>> {
  const names: Record<string, string> = {}
  for (const [url, name] of sources.copied(urls)) names[url] = name
  const left = urls.filter((url) => !(url in names))
  const ids = [...sources.fileIdsOf(left)].slice(0, MAX_NAMES_ASKED)
  const answers = await mapSettledBounded(ids, ASKED_AT_ONCE, ([, id]) => sources.getFile(id))
  answers.forEach((answer, i) => {
    const url = ids[i]![0]
    // The service's answer is for the address asked only when it says so: another file's name is not taken.
    if (answer.status === 'fulfilled' && answer.value.url === url && answer.value.filename)
      names[url] = answer.value.filename
  })
  return names
}
