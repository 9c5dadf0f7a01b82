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
}

/**
 * `current` with every member that differs between `base` and `edited` set as in `edited`, members compared
 * down to their leaves; a list is one value. Nothing else of `current` changes, so a member another change set
 * since `base` was read is kept. Members are only ever data: one named `__proto__` stays a member.
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
    set(key, isObject(was) && isObject(now) && isObject(held) ? changesOver(held, was, now, options) : now)
  }
  if (options.dropLeftOut) {
    for (const key of Object.keys(base)) if (!Object.hasOwn(edited, key)) delete out[key]
  }
  return out
}
