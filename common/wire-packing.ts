// How a list's records cross to the page without what every record of their kind holds: a field equal to its
// kind's default (an empty post's network options, music, link preview…) is left out and named, and is put
// back on the other side exactly: a field absent before is absent after, and nothing else changes. A draft
// with a caption is two parts boilerplate to one part text otherwise, so an import of 1,000 rows pushed the
// page more than twice the file's bytes. main's two transports pack (main/ipc/register-ipc.ts,
// main/browser-mode/server.ts) and the preload's one API builder unpacks (preload/api.ts): no code on either
// side ever sees a packed record. Imports nothing but the contract's types and the empty post, so the browser
// bridge stays free of schemas.
import type { EventName } from './contract'
import type { ListChanges } from './list-changes'
import { emptyScheduleRequest } from './service-vocabulary'

/** The key that names the fields left out at one level of a packed record. */
export const DEFAULTED_KEY = '~'

type Plain = Record<string, unknown>

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]))
  }
  if (!isPlain(a) || !isPlain(b)) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]))
  )
}

/** `value` less the fields equal to `defaults`' (deeply), those named under DEFAULTED_KEY. */
export function pack(value: unknown, defaults: unknown): unknown {
  // A level that holds the key itself is sent as it is (no record of the contract has one).
  if (!isPlain(value) || !isPlain(defaults) || Object.hasOwn(value, DEFAULTED_KEY)) return value
  const packed: Plain = {}
  const left: string[] = []
  for (const [key, field] of Object.entries(value)) {
    if (!Object.hasOwn(defaults, key)) packed[key] = field
    else if (same(field, defaults[key])) left.push(key)
    else packed[key] = pack(field, defaults[key])
  }
  if (left.length > 0) packed[DEFAULTED_KEY] = left
  return packed
}

/** What `pack` left out, put back: the record as it was given to pack. */
export function unpack(value: unknown, defaults: unknown): unknown {
  if (!isPlain(value) || !isPlain(defaults)) return value
  const left = value[DEFAULTED_KEY]
  const named =
    Array.isArray(left) &&
    left.every((key) => typeof key === 'string' && Object.hasOwn(defaults, key) && !Object.hasOwn(value, key))
  const unpacked: Plain = {}
  for (const [key, field] of Object.entries(value)) {
    if (named && key === DEFAULTED_KEY) continue
    unpacked[key] = Object.hasOwn(defaults, key) ? unpack(field, defaults[key]) : field
  }
  if (named) for (const key of left as string[]) unpacked[key] = structuredClone(defaults[key])
  return unpacked
}

/** What a draft holds when nothing was chosen but its text, time and account. */
function draftDefaults(): Plain {
  return { post: emptyScheduleRequest(), localMedia: [] }
}

/** The list events whose records travel packed, each with its records' defaults. */
const PACKED_LISTS: Partial<Record<EventName, Plain>> = {
  'drafts:changed': draftDefaults(),
}

/** The event's payload as it goes on the wire: its list's records packed. */
export function packEvent(name: EventName, payload: unknown): unknown {
  const defaults = PACKED_LISTS[name]
  if (!defaults || !isPlain(payload) || !Array.isArray(payload.changed)) return payload
  const change = payload as unknown as ListChanges<unknown>
  return { ...change, changed: change.changed.map((record) => pack(record, defaults)) }
}

/** The event's payload as main emitted it, from what came over the wire. */
export function unpackEvent(name: EventName, payload: unknown): unknown {
  const defaults = PACKED_LISTS[name]
  if (!defaults || !isPlain(payload) || !Array.isArray(payload.changed)) return payload
  const change = payload as unknown as ListChanges<unknown>
  return { ...change, changed: change.changed.map((record) => unpack(record, defaults)) }
}
