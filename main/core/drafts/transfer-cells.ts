// Cell codecs shared by the CSV export and import (docs/drafts-csv.md): the guard against spreadsheet formulas
// and the time written in the planner's zone. Kept beside import-export.ts so both halves use one definition.

/**
 * First characters a spreadsheet reads as the start of a formula or a control (OWASP, CSV injection), with the
 * fullwidth forms a spreadsheet set to an East Asian input takes as the same, and `|` (DDE in older Excel). A
 * quote is among them only so that the escape can be undone exactly: a caption that really starts with `'` is
 * written with a second one, and an import strips one quote before any of these, never more.
 */
const GUARDED = new Set(['=', '+', '-', '@', '|', '\t', '\r', "'", '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])

/**
 * Spaces a spreadsheet skips before it looks for a formula (`" =1+1"` still runs in some): the guard looks at
 * the first character after them. Tab and carriage return are guarded in themselves.
 */
const LEADING_SPACE = /^[ \u00A0\u3000\n]*/

function needsGuard(cell: string): boolean {
  if (cell.length > 0 && GUARDED.has(cell[0]!)) return true
  const first = cell.replace(LEADING_SPACE, '')[0]
  return first !== undefined && GUARDED.has(first)
}

/** A cell a spreadsheet shows as text: a single quote before a dangerous first character. */
export function escapeCell(cell: string): string {
  return needsGuard(cell) ? `'${cell}` : cell
}

/** Undoes escapeCell: `'=1+1` reads `=1+1`, `''quoted` reads `'quoted`; any other cell is left as it is. */
export function unescapeCell(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && needsGuard(cell.slice(1)) ? cell.slice(1) : cell
}

/**
 * An instant written in `zone` with its offset, `2026-03-29T09:30:00+07:00`: what a person in the planner's
 * zone reads in a spreadsheet, and still one exact moment on any computer. An unreadable value or zone is
 * returned as it came.
 */
export function isoInZone(instant: string, zone: string | undefined): string {
  const at = new Date(instant)
  if (!zone || instant === '' || Number.isNaN(at.getTime())) return instant
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(at)
  } catch {
    return instant
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  const local = `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`
  // The offset is what separates the wall-clock reading from the instant (in whole seconds).
  const offsetMinutes = Math.round(
    (Date.parse(`${local}Z`) - Math.floor(at.getTime() / 1000) * 1000) / 60_000,
  )
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
  // Milliseconds only where the instant has them: the file must name the same moment it was exported from.
  const ms = at.getUTCMilliseconds()
  return `${local}${ms ? `.${String(ms).padStart(3, '0')}` : ''}${offset}`
}
