// Reads every page of a mongoose-paginate list. A decision about "nothing refers to this file" is only as good
// as the list it was made from, so this never stops short quietly: past the page bound it throws, and when the
// list changes while it is read (totalDocs differs between pages: an item added or removed shifts the rest
// across a page boundary, so one could be skipped) it starts over.
import { AppError } from '../../../common/errors'
import type { Page } from '../../../common/service'

/** Public clients cap `limit` at 100 (reference/README.md). */
export const PAGE_SIZE = 100

export interface ReadAllOptions<T = unknown> {
  /** What the list is, for the error message: "stored files", "scheduled posts". */
  what: string
  /** More pages than this is refused rather than read for minutes; 1000 pages are 100 000 items. */
  maxPages?: number
  /** Starts over this many times when the list changes meanwhile, then gives up. */
  maxRestarts?: number
  signal?: AbortSignal
  /**
   * Pages asked for at once once the first page said how many there are (default 1, one after another):
   * 10,000 stored files are 100 pages, whose round trips add up when read in a row.
   */
  concurrency?: number
  /**
   * Hears each page as it arrives, in any order, before the whole list is read: for a first look while the rest
   * is on its way. A list that changed while read is read again from its start, so a page may be heard twice.
   */
  onPage?: (docs: readonly T[], page: number, totalDocs: number) => void
}

export async function readAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  o: ReadAllOptions<T>,
): Promise<T[]> {
  const maxPages = o.maxPages ?? 1000
  const maxRestarts = o.maxRestarts ?? 3
  const tooMany = () =>
    new AppError({
      kind: 'internal',
      message: `${o.what}: more than ${maxPages} pages; refusing to decide from part of the list`,
    })
  for (let attempt = 0; attempt <= maxRestarts && (o.concurrency ?? 1) > 1; attempt++) {
    o.signal?.throwIfAborted()
    const first = await fetchPage(1, PAGE_SIZE)
    const total = first.totalDocs
    o.onPage?.(first.docs, 1, total)
    const items: T[] = [...first.docs]
    const pages = first.hasNextPage && first.docs.length > 0 ? Math.max(first.totalPages, 2) : 1
    if (pages > maxPages) throw tooMany()
    let changed = false
    for (let from = 2; from <= pages && !changed; from += o.concurrency!) {
      o.signal?.throwIfAborted()
      const numbers = Array.from({ length: Math.min(o.concurrency!, pages - from + 1) }, (_, i) => from + i)
      // In page order, so that the list keeps the service's order.
      const heard = (page: number) => (result: Page<T>) => {
        o.onPage?.(result.docs, page, result.totalDocs)
        return result
      }
      const results = await Promise.all(numbers.map((page) => fetchPage(page, PAGE_SIZE).then(heard(page))))
      for (const result of results) {
        if (result.totalDocs !== total) changed = true
        items.push(...result.docs)
      }
    }
    if (!changed && items.length >= total) return items
    if (attempt === maxRestarts) break
  }
  for (let attempt = 0; attempt <= maxRestarts && (o.concurrency ?? 1) <= 1; attempt++) {
    const items: T[] = []
    let total: number | undefined
    let changed = false
    for (let page = 1; ; page++) {
      o.signal?.throwIfAborted()
      if (page > maxPages) {
        throw new AppError({
          kind: 'internal',
          message: `${o.what}: more than ${maxPages} pages; refusing to decide from part of the list`,
        })
      }
      const result = await fetchPage(page, PAGE_SIZE)
      o.onPage?.(result.docs, page, result.totalDocs)
      total ??= result.totalDocs
      if (result.totalDocs !== total) {
        changed = true
        break
      }
      items.push(...result.docs)
      if (!result.hasNextPage || result.docs.length === 0) break
    }
    if (!changed && items.length >= (total ?? 0)) return items
  }
  throw new AppError({
    kind: 'server',
    message: `${o.what} kept changing while being read; try again in a moment`,
  })
}
