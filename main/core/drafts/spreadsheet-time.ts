// Times as a spreadsheet writes them in a CSV: "05/12/2026 09:00" or "2026-12-05 09:00", with no zone. They are
// read in the planner's zone (the wall-clock time the person typed), day-first unless the file only makes sense
// month-first. An ISO time with its offset names one moment by itself and is taken as it is.
import { isValid, parse } from 'date-fns'
import { TZDate } from '@date-fns/tz'
import type { DateOrder } from '../../../common/drafts'
import { isoTimestampSchema } from '../../../common/service'

/** Year first: one reading only, whatever the order of day and month elsewhere. */
const YEAR_FIRST = [
  'yyyy-M-d H:mm',
  'yyyy-M-d H:mm:ss',
  "yyyy-M-d'T'H:mm",
  "yyyy-M-d'T'H:mm:ss",
  'yyyy/M/d H:mm',
]

/** Day and month in either order, with `/`, `.` or `-` between them (Excel's, LibreOffice's, Google's). */
function slashFormats(order: DateOrder, year: 'yyyy' | 'yy'): string[] {
  const day = order === 'dmy' ? 'd/M' : 'M/d'
  const out: string[] = []
  for (const sep of ['/', '.', '-']) {
    const date = day.replace('/', sep)
    for (const time of ['H:mm', 'H:mm:ss', 'h:mm a', 'h:mm:ss a']) out.push(`${date}${sep}${year} ${time}`)
  }
  return out
}
const SLASH = {
  dmy: { yyyy: slashFormats('dmy', 'yyyy'), yy: slashFormats('dmy', 'yy') },
  mdy: { yyyy: slashFormats('mdy', 'yyyy'), yy: slashFormats('mdy', 'yy') },
}

/** date-fns reads "26" as the year 26 with `yyyy`: a two-digit year takes `yy` (2026) alone. */
function dayMonthFormats(text: string, order: DateOrder): string[] {
  return /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}\s/.test(text) ? SLASH[order].yy : SLASH[order].yyyy
}

function parseWith(text: string, formats: string[], zone: string): Date | null {
  const reference = new TZDate(2000, 0, 1, zone)
  for (const format of formats) {
    const at = parse(text, format, reference)
    if (isValid(at)) return at
  }
  return null
}

/** Whether a cell holds day and month in an order the file must choose (it is not year-first or ISO). */
function dayMonthCell(text: string): boolean {
  return /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s/.test(text)
}

/** Which orders read `text` (zone-free: validity does not depend on it). */
function readableOrders(text: string): { dmy: boolean; mdy: boolean } {
  return {
    dmy: parseWith(text, dayMonthFormats(text, 'dmy'), 'UTC') !== null,
    mdy: parseWith(text, dayMonthFormats(text, 'mdy'), 'UTC') !== null,
  }
}

/**
 * The order a file's day-month cells are read in: day-first, unless a cell only reads month-first ("12/25/2026")
 * and none only day-first. `ambiguous` says whether some cell reads both ways as different days, which is when
 * the person may want to switch it.
 */
export function chooseDateOrder(cells: string[]): { order: DateOrder; ambiguous: boolean; used: boolean } {
  let onlyDmy = false
  let onlyMdy = false
  let ambiguous = false
  let used = false
  for (const cell of cells) {
    const text = cell.trim()
    if (!dayMonthCell(text)) continue
    used = true
    const orders = readableOrders(text)
    if (orders.dmy && !orders.mdy) onlyDmy = true
    if (orders.mdy && !orders.dmy) onlyMdy = true
    const [a, b] = text.split(/[/.-]/)
    if (orders.dmy && orders.mdy && Number(a) !== Number(b)) ambiguous = true
  }
  return { order: onlyMdy && !onlyDmy ? 'mdy' : 'dmy', ambiguous, used }
}

/**
 * A cell's time as an ISO instant: ISO with an offset as given; a spreadsheet's time read in `zone` and `order`.
 * Null when it is neither (the caller names the row and column).
 */
export function readCellTime(cell: string, zone: string, order: DateOrder): string | null {
  const text = cell.trim().replace(/\s+/g, ' ')
  if (text === '') return ''
  if (isoTimestampSchema.safeParse(text).success) return text
  const at = /^\d{4}[/-]/.test(text)
    ? parseWith(text, YEAR_FIRST, zone)
    : parseWith(text, dayMonthFormats(text, order), zone)
  return at ? new Date(at.getTime()).toISOString() : null
}

/** Whether `zone` is one this runtime knows (a bad one from a caller falls back to UTC, said in the preview). */
export function knownZone(zone: string | undefined): zone is string {
  if (!zone) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
