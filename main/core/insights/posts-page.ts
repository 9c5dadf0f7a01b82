// The posts table's rows as the page asks for them: the period's posts in the order the person chose, and
// only as many as the table shows. A year is 2,000 rows (some 600 KB): sent whole on every period switch, they
// were most of the switch's time, though the table draws 50 of them; sorted here, the page gets what it draws.
import type { PostRow } from '../../../common/insights'
import type { PostsPage, PostsSort } from '../../../common/insights-calls'

// A post without figures goes last whichever way a figure is sorted, so "no figures yet" never reads as the
// smallest value; ties go newest first.
function valueOf(row: PostRow, key: string): number | string | null {
  if (key === 'publishedAt') return row.publishedAt
  if (key === 'type') return row.type
  if (key === 'title') return row.title.toLocaleLowerCase()
  if (key === 'engagement') return row.engagement
  return row.figures && Object.hasOwn(row.figures, key) ? (row.figures[key] ?? null) : null
}

export function sortRows(rows: readonly PostRow[], key: string, descending: boolean): PostRow[] {
  const sign = descending ? -1 : 1
  return [...rows].sort((a, b) => {
    const x = valueOf(a, key)
    const y = valueOf(b, key)
    if (x === null || y === null) return x === y ? b.publishedAt - a.publishedAt : x === null ? 1 : -1
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
    return order === 0 ? b.publishedAt - a.publishedAt : sign * order
  })
}

/** The first `limit` rows in the sort's order, with how many the period holds. */
export function postsPage(rows: readonly PostRow[], sort: PostsSort, limit: number): PostsPage {
  return { rows: sortRows(rows, sort.key, sort.descending).slice(0, limit), total: rows.length, sort }
}
