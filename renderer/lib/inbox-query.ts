// The inbox list's query and order on the page (renderer/stores/inbox.ts): the filter main's copy is asked with,
// and the order the list keeps while its conversations change.
import type { InboxEntry, InboxFilter, InboxKind, InboxState } from '../../common/inbox'

export interface InboxQuery {
  kind: InboxKind | ''
  status: InboxState | ''
  accountIds: string[]
  search: string
  /** The comments on one published post only (opened from the insights); '' for every conversation. */
  contentId: string
}

export const DEFAULT_INBOX_QUERY: InboxQuery = {
  kind: '',
  status: '',
  accountIds: [],
  search: '',
  contentId: '',
}

export function filterOf(q: InboxQuery): InboxFilter {
  return {
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.accountIds.length > 0 ? { accountIds: [...q.accountIds] } : {}),
    ...(q.search.trim() ? { search: q.search.trim() } : {}),
    ...(q.contentId ? { contentId: q.contentId } : {}),
  }
}

/**
 * The list in the order it was first shown: a conversation that changes (answered, resolved, a new message)
 * keeps its place, so J goes on to the next one instead of meeting it again; what is new comes first, as the
 * newest. A change of filter or search, or another profile, starts from the copy's order again.
 */
export function keepOrder(before: readonly InboxEntry[], after: InboxEntry[]): InboxEntry[] {
  const known = new Set(before.map((e) => e.id))
  const byId = new Map(after.map((e) => [e.id, e]))
  const kept = before.flatMap((e) => byId.get(e.id) ?? [])
  return [...after.filter((e) => !known.has(e.id)), ...kept]
}

/** A conversation as main sent it again, unchanged: the row that shows it is not drawn again. */
export const sameEntry = (a: InboxEntry, b: InboxEntry) => JSON.stringify(a) === JSON.stringify(b)
