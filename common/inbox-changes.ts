// The inbox's list on the page is one filtered page of main's copy (`inbox:list`: at most INBOX_LIST_MAX rows, the
// newest first, and how many match). main sends the conversations that changed and the ids removed
// (`inbox:changed`); this decides what they make of the page's list: a changed row that matches the filter is
// put in (in its place, or where its time puts it), one that no longer matches goes. Where the page cannot be
// sure of the answer `inbox:list` would give, it says `reload` and the page reads the list again.

import { INBOX_LIST_MAX, type InboxEntry, type InboxFilter } from './inbox'
import type { ListChanges } from './list-changes'

/**
 * The most rows one `inbox:changed` carries. More (a first read, a refresh that changed thousands of
 * conversations) is sent as `reload`: the page reads its page of at most INBOX_LIST_MAX rows once, which costs less than
 * the thousands of rows it would not show.
 */
export const INBOX_CHANGES_MAX = INBOX_LIST_MAX

/** The page's list as it holds it. */
export interface HeldInboxList {
  items: InboxEntry[]
  total: number
}

/**
 * Whether `entry` is in the list `filter` asks for, as main's copy decides it (main/core/inbox/inbox-store.ts);
 * undefined when the page cannot tell: a search is matched by main against a text it composes of the author,
 * the text and the commented post's caption (searchText, lowercased, as SQL's LIKE), which the page does not
 * repeat, so a row it judged otherwise would show where the list would not.
 */
export function matchesInboxFilter(entry: InboxEntry, filter: InboxFilter): boolean | undefined {
  if (filter.search?.trim()) return undefined
  if (filter.kind && entry.kind !== filter.kind) return false
  if (filter.status && entry.status !== filter.status) return false
  if (filter.accountIds && filter.accountIds.length > 0 && !filter.accountIds.includes(entry.accountId))
    return false
  if (filter.contentId && (entry.kind !== 'comment' || entry.comment?.content.id !== filter.contentId))
    return false
  return true
}

/** The copy's order: the newest activity first, then by id. */
const before = (a: InboxEntry, b: InboxEntry) => a.at > b.at || (a.at === b.at && a.id < b.id)

/**
 * The page's list with main's change applied, or `reload` when the page cannot tell what `inbox:list` would
 * answer: a search; or a row it does not hold while its list is not the whole of what matches (a conversation
 * past the page may have been counted in `total`, or may have moved into the page); or a list grown past a
 * page. A row it holds keeps its place (the page keeps the order it showed, renderer/stores/inbox.ts); a new
 * one goes where its time puts it. `same` tells a row sent again unchanged: the object held is kept.
 * `dropped` are the rows the page itself took out of this list since it was read (its total already counts them
 * out): one of them told again, still not matching or removed, changes nothing. Without it, a status set under a
 * status filter past a page of rows read the list twice (its own answer, then main's change of the same row).
 */
export function applyInboxChanges(
  held: HeldInboxList,
  change: Pick<ListChanges<InboxEntry>, 'changed' | 'removed'>,
  filter: InboxFilter,
  same: (a: InboxEntry, b: InboxEntry) => boolean,
  dropped: ReadonlySet<string> = new Set(),
): HeldInboxList | 'reload' {
  const whole = held.items.length === held.total
  const index = new Map(held.items.map((entry, i) => [entry.id, i]))
  const items: Array<InboxEntry | null> = [...held.items]
  let total = held.total
  let touched = false
  const drop = (id: string) => {
    const at = index.get(id)
    if (at === undefined || items[at] === null) return
    items[at] = null
    total -= 1
    touched = true
  }
  for (const id of change.removed) {
    if (index.has(id)) drop(id)
    else if (!whole && !dropped.has(id)) return 'reload'
  }
  const added: InboxEntry[] = []
  for (const entry of change.changed) {
    const matches = matchesInboxFilter(entry, filter)
    if (matches === undefined) return 'reload'
    const at = index.get(entry.id)
    if (at !== undefined && items[at] !== null) {
      if (!matches) drop(entry.id)
      else if (!same(items[at]!, entry)) {
        items[at] = entry
        touched = true
      }
    } else if (!matches && dropped.has(entry.id)) continue
    else if (!whole) return 'reload'
    else if (matches) added.push(entry)
  }
  if (!touched && added.length === 0) return held
  let next = items.filter((entry): entry is InboxEntry => entry !== null)
  for (const entry of added) {
    const at = next.findIndex((shown) => before(entry, shown))
    next = at === -1 ? [...next, entry] : [...next.slice(0, at), entry, ...next.slice(at)]
    total += 1
  }
  if (next.length > INBOX_LIST_MAX) return 'reload'
  return { items: next, total }
}
