// How a list that lives in main reaches the page: once whole when the page asks (with the number of the last
// change it holds), then as changes: the records added or changed and the ids removed, numbered one by one.
// The page applies each to what it holds and asks for the whole list again only when it holds none, misses a
// number, or is told to (another profile became active, main missed changes itself). main/core/list-publisher.ts
// sends them; the stores in renderer/stores/ apply them.

/** One change of a list: everything it holds past the change numbered `seq - 1`. */
export interface ListChanges<T> {
  seq: number
  /** Records added or changed, whole, as stored now. */
  changed: T[]
  /** Ids of records no longer in the list. */
  removed: string[]
  /** What the page holds is no longer the list (another profile, changes missed): ask for it whole. */
  reload?: true
}

/** The whole list, and the number of the last change it includes: the next change is `seq + 1`. */
export interface ListSnapshot<T> {
  items: T[]
  seq: number
}

/**
 * What the page does with a change, given the number of the last one it applied (null: it holds no list yet).
 * A change numbered at or below it was already in the list it asked for, a reload too: main sends a profile
 * switch's reload before it answers the snapshot that follows it, and that snapshot's number includes it.
 */
export function changeStep(held: number | null, change: ListChanges<unknown>): 'apply' | 'ignore' | 'reload' {
  if (held === null) return 'reload'
  if (change.seq <= held) return 'ignore'
  if (change.reload) return 'reload'
  return change.seq === held + 1 ? 'apply' : 'reload'
}

/** The list with the change applied: changed records replace theirs in place, new ones go last. */
export function applyChanges<T extends { id: string }>(list: readonly T[], change: ListChanges<T>): T[] {
  if (change.changed.length === 0 && change.removed.length === 0) return list as T[]
  const gone = new Set(change.removed)
  const changed = new Map(change.changed.map((item) => [item.id, item]))
  const next: T[] = []
  for (const item of list) {
    if (gone.has(item.id)) continue
    const replaced = changed.get(item.id)
    if (replaced) changed.delete(item.id)
    next.push(replaced ?? item)
  }
  for (const item of changed.values()) if (!gone.has(item.id)) next.push(item)
  return next
}
