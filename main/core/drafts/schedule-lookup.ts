// Exactly-once for creates: when a create's answer never arrived (reset, timeout, 5xx, a restart mid-send) the
// post may or may not exist on the service. Before sending again we look it up in the schedule list by what
// identifies it — account, time and text — and adopt its id when it is there.
import type { Schedule } from '../../../common/service'
import { scheduleIdOf } from '../../../common/service-vocabulary'
import type { ServiceClient } from '../service-client'
import type { SendMarker } from './draft-store'

/** The service may store scheduleAt truncated to the second; the window also covers clock formatting. */
const WINDOW_MS = 60_000
const PAGE_LIMIT = 100
const MAX_PAGES = 20

export type LookupClient = Pick<ServiceClient, 'listSchedules'>

function sameText(a: string, b: string): boolean {
  return a.trim() === b.trim()
}

export function matchesMarker(schedule: Schedule, marker: SendMarker): boolean {
  return (
    schedule.accountId === marker.accountId &&
    Math.abs(Date.parse(schedule.scheduleAt) - Date.parse(marker.scheduleAt)) < 1000 &&
    sameText(schedule.title, marker.title) &&
    sameText(schedule.description, marker.description)
  )
}

/**
 * The schedule the marked create produced, or null when the service has none like it. `claimed` holds the
 * schedule ids other drafts already own, so two identical posts (same account, time and text, written on
 * purpose) each adopt their own. Throws the client's AppError when the list cannot be read.
 */
export async function findSentPost(
  client: LookupClient,
  marker: SendMarker,
  claimed: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<Schedule | null> {
  const at = Date.parse(marker.scheduleAt)
  const query = {
    limit: PAGE_LIMIT,
    accountIds: [marker.accountId],
    fromDate: new Date(at - WINDOW_MS).toISOString(),
    toDate: new Date(at + WINDOW_MS).toISOString(),
  }
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await client.listSchedules({ ...query, page }, { signal })
    const found = result.docs.find((s) => !claimed.has(scheduleIdOf(s)) && matchesMarker(s, marker))
    if (found) return found
    if (!result.hasNextPage) break
  }
  return null
}
