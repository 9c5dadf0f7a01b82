// Sends the page what changed in one list (common/list-changes.ts): the changes of every commit are merged by
// id (the last state of a record wins, a removal beats an earlier change) and go out at most once every
// `intervalMs`: the first at once, the ones that follow within the interval together at its end, so the last
// event always holds the final state. Each event is numbered; a page that misses one asks for the list whole.
import type { ListChanges } from '../../common/list-changes'

/** At most one event a list in this long (ms): a burst of commits reaches the page as one change. */
export const LIST_CHANGES_INTERVAL_MS = 50

export interface PublisherTimers {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ListPublisher<T extends { id: string }> {
  /** Records what a commit changed; sent now or at the end of the interval. */
  add(changed: readonly T[], removed: readonly string[]): void
  /** What the page holds is stale (another profile is active, changes were missed): it is told to reload. */
  reload(): void
  /** Sends what waits now, and answers the number of the last change sent: a list read now includes it. */
  flush(): number
  close(): void
}

const realTimers: PublisherTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export function createListPublisher<T extends { id: string }>(options: {
  send(change: ListChanges<T>): void
  intervalMs?: number
  timers?: PublisherTimers
}): ListPublisher<T> {
  const interval = options.intervalMs ?? LIST_CHANGES_INTERVAL_MS
  const timers = options.timers ?? realTimers
  let seq = 0
  let lastSentAt = -Infinity
  let timer: unknown
  let reload = false
  /** Waiting to be sent: a record by id, or null for one removed. */
  const pending = new Map<string, T | null>()

  function send(): void {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
    if (pending.size === 0 && !reload) return
    const change: ListChanges<T> = { seq: ++seq, changed: [], removed: [] }
    if (reload) change.reload = true
    else
      for (const [id, item] of pending) {
        if (item) change.changed.push(item)
        else change.removed.push(id)
      }
    pending.clear()
    reload = false
    lastSentAt = timers.now()
    options.send(change)
  }

  function schedule(): void {
    if (timer !== undefined) return
    const wait = lastSentAt + interval - timers.now()
    if (wait <= 0) send()
    else timer = timers.setTimeout(send, wait)
  }

  return {
    add(changed, removed) {
      if (changed.length === 0 && removed.length === 0) return
      for (const item of changed) pending.set(item.id, item)
      for (const id of removed) pending.set(id, null)
      schedule()
    },
    reload() {
      pending.clear()
      reload = true
      send()
    },
    flush() {
      send()
      return seq
    },
    close() {
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
      pending.clear()
    },
  }
}

/**
 * What changed in a list that has no change log of its own (the snippets, the campaigns): each record's
 * revision (a number, or a signature of what it holds) as last seen, against the table's now. Only the
 * revisions are kept, never the records (main keeps no copy of a list).
 */
export interface RevisionTracker {
  /** The ids added or changed since the last look, and those gone. The first look only records. */
  since(): { changed: string[]; removed: string[] }
}

export function trackRevisions(read: () => ReadonlyMap<string, number | string>): RevisionTracker {
  let known: ReadonlyMap<string, number | string> | undefined
  return {
    since() {
      const now = read()
      const before = known
      known = now
      if (!before) return { changed: [], removed: [] }
      const changed = [...now].filter(([id, revision]) => before.get(id) !== revision).map(([id]) => id)
      const removed = [...before.keys()].filter((id) => !now.has(id))
      return { changed, removed }
    },
  }
}
