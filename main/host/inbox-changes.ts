// The active profile's conversations reach the page as `inbox:changed` changes (common/list-changes.ts): the
// rows a write to the copy changed, as `inbox:list` answers them, and the ids it removed, numbered, at most one
// event every 50 ms (main/core/list-publisher.ts), never the list. The copy is wrapped, as inbox-counts.ts wraps
// it, so whoever writes to it needs to know nothing of the page. Past INBOX_CHANGES_MAX rows (a first read, a
// refresh that changed thousands) the event is `reload` alone: the page reads its one page of rows again.
// Another process's writes (the CLI's `inbox` and `sync` beside the app) are found by the database's watch: each
// conversation's signature (inbox-store.ts) against the last look, kept for the active profile only, and kept
// true by this process's own writes so they are not told twice. The looking starts with the first list read.
import type { InboxEntry } from '../../common/inbox'
import { INBOX_CHANGES_MAX } from '../../common/inbox-changes'
import type { ListChanges } from '../../common/list-changes'
import type { AppDatabase, ChangeTimers } from '../core/db/database'
import type { InboxStore } from '../core/inbox/inbox-store'
import { createListPublisher, type PublisherTimers } from '../core/list-publisher'

/** How often the database is asked whether another process committed (as for the drafts and campaigns). */
export const INBOX_WATCH_MS = 1_000

export interface ChangedInbox {
  /** The copy, each of its writes to the active profile's conversations sent to the page as a change. */
  store: InboxStore
  /**
   * Sends what waits now, and answers the number of the last change sent: a list read now includes it. The
   * first starts the watch for other processes' writes.
   */
  flush(): number
  /** Whether another process changed the active profile's conversations since the last look: sent as changes. */
  look(): void
  close(): void
}

export function changedInbox(
  store: InboxStore,
  deps: {
    /** The profile the page shows: another's writes (a read that outlived a switch) are not its list. */
    profileId(): string
    send(change: ListChanges<InboxEntry>): void
    /** Watched for other processes' commits; none: only this process's writes are told. */
    database?: AppDatabase
    timers?: PublisherTimers
    /** The watch's timer (tests hold it still). */
    watchTimers?: ChangeTimers
    /** Told when another process changed the active profile's conversations (their counts are counted again). */
    changedElsewhere?(scope: string): void
  },
): ChangedInbox {
  const publisher = createListPublisher<InboxEntry>({
    send: deps.send,
    maxChanges: INBOX_CHANGES_MAX,
    ...(deps.timers ? { timers: deps.timers } : {}),
  })
  /** The active profile's conversations' signatures as last seen; none until the watch starts. */
  let known: { scope: string; version: string; signatures: Map<string, string> } | undefined
  let stopWatch: (() => void) | undefined

  function tell(scope: string, changed: readonly string[], removed: readonly string[]): void {
    if (scope !== deps.profileId()) return
    if (known?.scope === scope) {
      // This process's write, told below: the next look compares against it.
      for (const id of removed) known.signatures.delete(id)
      for (const [id, signature] of store.signatures(scope, changed)) known.signatures.set(id, signature)
    }
    publish(scope, changed, removed)
  }

  function publish(scope: string, changed: readonly string[], removed: readonly string[]): void {
    // Not even read: the page is told to read its list again.
    if (changed.length + removed.length > INBOX_CHANGES_MAX) return publisher.reload()
    // The rows as the list reads them: a chat's stored messages (up to 2,000) are neither read nor parsed.
    const read = new Map(store.entries(scope, changed).map((entry) => [entry.id, entry]))
    const rows = changed.flatMap((id) => read.get(id) ?? [])
    publisher.add(rows, [...removed, ...changed.filter((id) => !read.has(id))])
  }
  function look(): void {
    const scope = deps.profileId()
    const version = store.version(scope)
    // Another process's commit of something else (drafts, a lease): the conversations are as last seen.
    if (known?.scope === scope && known.version === version) return
    const now = store.signatures(scope)
    const before = known
    known = { scope, version, signatures: now }
    // The first look, or another profile's: it records (what the page holds is read after it, or reset).
    if (before?.scope !== scope) return
    const changed = [...now].filter(([id, signature]) => before.signatures.get(id) !== signature)
    const removed = [...before.signatures.keys()].filter((id) => !now.has(id))
    if (changed.length + removed.length === 0) return
    deps.changedElsewhere?.(scope)
    publish(
      scope,
      changed.map(([id]) => id),
      removed,
    )
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
    flush() {
      if (deps.database && !stopWatch) {
        look()
        stopWatch = deps.database.watch(look, {
          intervalMs: INBOX_WATCH_MS,
          ...(deps.watchTimers ? { timers: deps.watchTimers } : {}),
        })
      } else if (known && known.scope !== deps.profileId()) look()
      return publisher.flush()
    },
    look,
    close() {
      stopWatch?.()
      publisher.close()
    },
  }
}
