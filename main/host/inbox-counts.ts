// The inbox's counts (unread, waiting for an answer) for the sidebar and the tray, kept up without either
// asking: every write to the copy that changed a row (a read, a chat opened and so read, a status set) counts the
// profile's conversations again, and `inbox:counts` goes out only when a number changed: two numbers travel, never
// the list. The copy is wrapped, so whoever writes to it needs to know nothing of the counts. A profile switch
// asks for a count with `recount`: the numbers on screen were another profile's, and a profile's inbox forgotten
// (its account edited or the profile deleted) was changed around the wrapper.
import type { InboxCounts } from '../../common/inbox'
import type { InboxStore } from '../core/inbox/inbox-store'
import type { EventHub } from './event-hub'

export interface CountedInbox {
  /** The copy, each of its writes followed by a count. */
  store: InboxStore
  /** The counts of `scope` as the copy holds them now. */
  counts(scope: string): InboxCounts
  /** Counts `scope` again and sends the counts if they changed, or whatever they are when `always`. */
  recount(scope: string, always?: boolean): void
}

export function countedInbox(store: InboxStore, emit: (counts: InboxCounts) => void): CountedInbox {
  const last = new Map<string, string>()
  function counts(scope: string): InboxCounts {
    return { profileId: scope, ...store.counts(scope) }
  }
  function recount(scope: string, always = false): void {
    const now = counts(scope)
    const key = `${now.unread}/${now.unreplied}`
    if (!always && last.get(scope) === key) return
    last.set(scope, key)
    emit(now)
  }
  return {
    store: {
      ...store,
      save(scope, entries, o) {
        const saved = store.save(scope, entries, o)
        // A read that changed no row (its status included) moved no count.
        if (saved.changed.length + saved.removed.length > 0) recount(scope)
        return saved
      },
      put(scope, entry, now) {
        const changed = store.put(scope, entry, now)
        if (changed) recount(scope)
        return changed
      },
    },
    counts(scope) {
      const now = counts(scope)
      last.set(scope, `${now.unread}/${now.unreplied}`)
      return now
    },
    recount,
  }
}

/**
 * Sends the counts afresh on each profile switch: those on screen were the last profile's. An edit to another
 * account or a delete forgets a profile's inbox around the counted copy; for the active profile both go through
 * a switch (refreshActive, or the Sandbox activated first), and another profile's are counted when it is
 * switched to. Answers the unsubscribe.
 */
export function recountOnSwitch(events: Pick<EventHub, 'subscribe'>, recount: () => void): () => void {
  return events.subscribe((name) => {
    if (name === 'profiles:switched') recount()
  })
}
