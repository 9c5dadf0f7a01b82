// The order of the posts table: by when, type, title, engagement or any figure; a post without figures goes
// last whichever way a figure is sorted, so "no figures yet" never reads as the smallest value.
import type { PostRow } from '../../../common/insights'

export type SortKey = 'publishedAt' | 'type' | 'title' | 'engagement' | (string & {})

function valueOf(row: PostRow, key: SortKey): number | string | null {
  if (key === 'publishedAt') return row.publishedAt
  if (key === 'type') return row.type
  if (key === 'title') return row.title.toLocaleLowerCase()
  if (key === 'engagement') return row.engagement
  return row.figures?.[key] ?? null
}

export function sortRows(rows: readonly PostRow[], key: SortKey, descending: boolean): PostRow[] {
  const sign = descending ? -1 : 1
  return [...rows].sort((a, b) => {
    const x = valueOf(a, key)
    const y = valueOf(b, key)
    if (x === null || y === null) return x === y ? b.publishedAt - a.publishedAt : x === null ? 1 : -1
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
    return order === 0 ? b.publishedAt - a.publishedAt : sign * order
  })
}
