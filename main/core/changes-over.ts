// What a person changed, laid over the record as the service holds it now: an automation's rules, a post. The
// page sends what it edited and what it started from; between the two reads another change may have landed (a
// second switch flipped while the first was saved, an edit on the service's website, another window, the CLI),
// and sending the page's copy whole would undo it without a word.
import { isDeepStrictEqual } from 'node:util'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const own = (record: Json, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined)

export interface ChangesOverOptions {
  /**
   * A member `base` has and `edited` leaves out was removed by the person, and goes (a post's WhatsApp channel
   * cleared). Off, it is kept as the service holds it: a rule set sent with one rule does not reset the others.
   */
  dropLeftOut: boolean
  /**
   * A list is merged as a set of changes (`mergeList`): what the person added is added, what they took out
   * goes, and what another change added or took out meanwhile stays so. Off, a list is one value, the
   * person's whole: a post's lists (its media in order, its account) are not sets, and two edits of one are
   * not both meant.
   */
  mergeLists: boolean
}

/**
 * `current` with every member that differs between `base` and `edited` set as in `edited`, members compared
 * down to their leaves; a list is one value unless `mergeLists`. Nothing else of `current` changes, so a
 * member another change set since `base` was read is kept. Members are only ever data: one named `__proto__` stays a member.
 */
export function changesOver(current: Json, base: Json, edited: Json, options: ChangesOverOptions): Json {
  const out: Json = { ...current }
  const set = (key: string, value: unknown) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  for (const key of Object.keys(edited)) {
    const was = own(base, key)
    const now = edited[key]
    if (isDeepStrictEqual(was, now)) continue
    const held = own(current, key)
    if (isObject(was) && isObject(now) && isObject(held)) set(key, changesOver(held, was, now, options))
    else if (options.mergeLists && Array.isArray(was) && Array.isArray(now) && Array.isArray(held))
      set(key, mergeList(held, was, now))
    else set(key, now)
  }
  if (options.dropLeftOut) {
    for (const key of Object.keys(base)) if (!Object.hasOwn(edited, key)) delete out[key]
  }
  return out
}

/** A list's item as a key: the same item (members in any order) is the same key. */
function keyOf(item: unknown): string {
  return JSON.stringify(item, (_key, value: unknown) =>
    isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]] as const),
        )
      : value,
  )
}

/** How many of each item `list` holds, by key. */
function tally(list: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of list) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1)
  return counts
}

/** Takes one of `key` from `counts` when it holds one: whether it did. */
function takeOne(counts: Map<string, number>, key: string): boolean {
  const left = counts.get(key) ?? 0
  if (left === 0) return false
  counts.set(key, left - 1)
  return true
}

/**
 * The person's list (`edited`, in their order: an item edited in place stays in its place) with another
 * change's made since `base` laid over it: an item it took out goes, an item it added is added at the end
 * unless the person added the same. Two windows each adding a keyword keep both: a list sent whole dropped
 * the keyword the other window had added meanwhile.
 */
export function mergeList(current: readonly unknown[], base: readonly unknown[], edited: readonly unknown[]) {
  const inBase = tally(base)
  const inCurrent = tally(current)
  const inEdited = tally(edited)
  // What the other change took out: in base more times than now.
  const takenOut = new Map<string, number>()
  for (const [key, n] of inBase)
    if (n > (inCurrent.get(key) ?? 0)) takenOut.set(key, n - (inCurrent.get(key) ?? 0))
  // What it added: now more times than in base, less what the person added of the same.
  const added = new Map<string, number>()
  for (const [key, n] of inCurrent) {
    const mine = Math.max(0, (inEdited.get(key) ?? 0) - (inBase.get(key) ?? 0))
    const theirs = n - (inBase.get(key) ?? 0) - mine
    if (theirs > 0) added.set(key, theirs)
  }
  const out = edited.filter((item) => !takeOne(takenOut, keyOf(item)))
  for (const item of current) if (takeOne(added, keyOf(item))) out.push(item)
  return out
}
