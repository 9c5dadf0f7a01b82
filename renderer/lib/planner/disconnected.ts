// Which planned posts are on a disconnected account: the service takes a post for one and fails it at its
// time, whatever that time is, so every such post is flagged in the planner (chip, list, detail) as soon as
// the accounts' list says so, and not only those due in the next 24 hours (the account watch's banner).
import type { CalendarEntry, EntryStatus } from './calendar'

/** A post still to go out: a draft with a time, the outbox's, or the service's before its time. */
const PLANNED: ReadonlySet<EntryStatus> = new Set<EntryStatus>([
  'draft',
  'queued',
  'sending',
  'needs-attention',
  'scheduled',
  'pending',
])

/** Whether a post in this status still waits to go out (a published or failed one is past flagging). */
export function isPlanned(status: EntryStatus): boolean {
  return PLANNED.has(status)
}

/** The disconnected accounts a planned entry goes out on (a campaign's, each member's); none otherwise. */
export function disconnectedOf(entry: CalendarEntry, disconnected: ReadonlySet<string>): string[] {
  if (!isPlanned(entry.status) || disconnected.size === 0) return []
  const ids = entry.campaign?.accountIds ?? [entry.accountId]
  return ids.filter((id) => disconnected.has(id))
}
