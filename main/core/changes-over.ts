// What a person changed, laid over the record as the service holds it now: an automation's rules, a post. The
// page sends what it edited and what it started from; between the two reads another change may have landed (a
// second switch flipped while the first was saved, an edit on the service's website, another window, the CLI),
// and sending the page's copy whole would undo it without a word.
import { isDeepStrictEqual } from 'node:util'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `current` with every member that differs between `base` and `edited` set as in `edited` (a member `edited`
 * left out is left out), members compared down to their leaves; a list is one value. Nothing else of
 * `current` changes, so a member another change set since `base` was read is kept.
 */
export function changesOver(current: Json, base: Json, edited: Json): Json {
  const out: Json = { ...current }
  for (const key of new Set([...Object.keys(base), ...Object.keys(edited)])) {
    const was = base[key]
    const now = edited[key]
    if (isDeepStrictEqual(was, now)) continue
    if (!(key in edited)) delete out[key]
    else if (isObject(was) && isObject(now) && isObject(current[key])) {
      out[key] = changesOver(current[key], was, now)
    } else out[key] = now
  }
  return out
}
