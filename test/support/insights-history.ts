// Published posts to insert into the sandbox (RunningSandbox.insertRecords) for the insights' tests: one at
// each of `hours` (on the sandbox's Jakarta clock) of every day from `fromDay` days back, for `days` days, so
// the sandbox's own best slot (sandbox/figures.ts BEST_SLOT) has posts enough behind it to be found.
import { PATTERN_UTC_OFFSET_HOURS } from '../../sandbox/figures'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface HistoryOptions {
  accountId: string
  now: number
  /** Makes the ids unique per test; ids are 24 characters, as the service's. */
  prefix: string
  hours?: readonly number[]
  fromDay?: number
  days?: number
  type?: (day: number) => string
}

export function publishedHistory(o: HistoryOptions) {
  const offset = PATTERN_UTC_OFFSET_HOURS * HOUR
  const today = Math.floor((o.now + offset) / DAY) * DAY - offset
  const out = []
  const from = o.fromDay ?? 8
  for (let d = from; d < from + (o.days ?? 70); d++) {
    for (const hour of o.hours ?? [12, 18, 19, 20]) {
      const iso = new Date(today - d * DAY + hour * HOUR).toISOString()
      out.push({
        _id: `${o.prefix}${String(d).padStart(3, '0')}h${hour}`.padEnd(24, '0'),
        title: '',
        description: `Kopi pagi ${d}/${hour}`,
        topic: '',
        type: o.type?.(d) ?? 'image',
        medias: [],
        meta: { title: '', description: '', url: '' },
        additionalInfo: {},
        replies: [],
        status: 'success',
        scheduleAt: iso,
        accountId: o.accountId,
        createdAt: iso,
        updatedAt: iso,
      })
    }
  }
  return out
}
