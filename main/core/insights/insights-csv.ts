// A period's posts and their figures as CSV (docs/insights.md), the same file from the CLI (`insights posts
// --csv`) and from the view's export: one row per post, newest first, its network's members as columns. Every
// cell goes through the planner export's formula guard (main/core/drafts/transfer-cells.ts), so a caption
// starting with `=` opens in a spreadsheet as text, never as a formula that runs.
import Papa from 'papaparse'
import { escapeCell } from '../drafts/transfer-cells'
import { rowColumns, type PostRow } from './insights-report'

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString())

export function postsCsv(rows: readonly PostRow[]): string {
  const columns = rowColumns(rows)
  const fields = ['id', 'publishedAt', 'type', 'title', 'url', 'engagement', 'asOf', ...columns]
  const data = rows.map((r) =>
    [
      r.contentId,
      iso(r.publishedAt),
      r.type,
      r.title,
      r.url ?? '',
      r.engagement === null ? '' : String(r.engagement),
      iso(r.asOf),
      ...columns.map((c) => (r.figures?.[c] === undefined ? '' : String(r.figures[c]))),
    ].map(escapeCell),
  )
  return Papa.unparse({ fields, data }) + '\r\n'
}
