// The active profile's conversations reach the page as `inbox:changed` changes (common/list-changes.ts): the
// rows a write to the copy changed, as `inbox:list` answers them, and the ids it removed, numbered, at most one
// event every 50 ms (main/core/list-publisher.ts), never the list. The copy is wrapped, as inbox-counts.ts wraps
// it, so whoever writes to it needs to know nothing of the page. Past INBOX_CHANGES_MAX rows (a first read, a
// refresh that changed thousands) the event is `reload` alone: the page reads its one page of rows again.
import type { InboxEntry } from '../../common/inbox'
import { INBOX_CHANGES_MAX } from '../../common/inbox-changes'
import type { ListChanges } from '../../common/list-changes'
import type { InboxStore } from '../core/inbox/inbox-store'
import { createListPublisher, type PublisherTimers } from '../core/list-publisher'

export interface ChangedInbox {
  /** The copy, each of its writes to the active profile's conversations sent to the page as a change. */
  store: InboxStore
  /** Sends what waits now, and answers the number of the last change sent: a list read now includes it. */
  flush(): number
  close(): void
}

export function changedInbox(
  store: InboxStore,
  deps: {
    /** The profile the page shows: another's writes (a read that outlived a switch) are not its list. */
    profileId(): string
    send(change: ListChanges<InboxEntry>): void
    timers?: PublisherTimers
  },
): ChangedInbox {
  const publisher = createListPublisher<InboxEntry>({
    send: deps.send,
    maxChanges: INBOX_CHANGES_MAX,
    ...(deps.timers ? { timers: deps.timers } : {}),
  })
  function tell(scope: string, changed: readonly string[], removed: readonly string[]): void {
    if (scope !== deps.profileId()) return
    // Not even read: the page is told to read its list again.
    if (changed.length + removed.length > INBOX_CHANGES_MAX) return publisher.reload()
    const rows = changed.flatMap((id) => store.get(scope, id)?.entry ?? [])
    const present = new Set(rows.map((entry) => entry.id))
    publisher.add(rows, [...removed, ...changed.filter((id) => !present.has(id))])
  }
  return {
    store: {
      ...store,
      save(scope, entries, o) {
        const saved = store.save(scope, entries, o)
        tell(scope, saved.changed, saved.removed)
        return saved
      },
      put(scope, entry, now) {
        const changed = store.put(scope, entry, now)
        if (changed) tell(scope, [entry.id], [])
        return changed
      },
    },
    flush: () => publisher.flush(),
    close: () => publisher.close(),
  }
}
