// Stored files' names as the replica's copies of the library's pages know them, by public address: a post's
// media carries only the address, whose last part is the storage key ("2f590168-….svg"), and the service
// cannot be asked for a file by its address. Every page of the library the app read (any search, any page,
// up to the replica's bound on lists) is looked through, so a file far past the newest hundred keeps its name.

/** A copied page of the library as replica.ts reads it back (its value parsed from JSON, of any shape). */
export interface CopiedFilesPage {
  value: unknown
  fetched_at: string
}

/** The names of the wanted addresses the copies know, the newest copy's first; one not found is left out. */
export function copiedFileNames(
  pages: readonly CopiedFilesPage[],
  urls: readonly string[],
): Map<string, string> {
  const wanted = new Set(urls)
  const found = new Map<string, string>()
  const newestFirst = [...pages].sort((a, b) => b.fetched_at.localeCompare(a.fetched_at))
  for (const page of newestFirst) {
    const docs = (page.value as { docs?: unknown } | null)?.docs
    if (!Array.isArray(docs)) continue
    for (const file of docs as Array<{ url?: unknown; filename?: unknown } | null>) {
      // What is not a name of a wanted address is skipped: the copy holds what the service once answered.
      if (typeof file?.url !== 'string' || typeof file.filename !== 'string' || !file.filename) continue
      if (wanted.has(file.url) && !found.has(file.url)) found.set(file.url, file.filename)
    }
    if (found.size === wanted.size) break
  }
  return found
}
