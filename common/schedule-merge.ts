// A post read from the service, edited, and written back must keep every member the editor does not show.
// The service replaces what PUT /public/schedule/{id} sends, `additionalInfo` whole (newer OpenAPI,
// BodyUpdateSchedulePublicDTO): a dropped `additionalInfo.channel` moves a WhatsApp post off its channel, a
// dropped `music.volume` resets a TikTok post's sound. So the body written back is the original record with
// the edit laid over it, member by member, never the edit alone. Runtime imports: none.

type JsonObject = Record<string, unknown>

/**
 * Members of a schedule the service answers with but does not take back (OpenAPI GET /public/schedule/{id}
 * against BodyUpdateSchedulePublicDTO): the record's identity, its state and the joined account summary.
 * Everything else, known or not, is the post's own and goes back.
 */
export const SCHEDULE_ANSWER_ONLY_MEMBERS = [
  '_id',
  'id',
  '__v',
  'status',
  'errorMessage',
  'userId',
  'createdAt',
  'updatedAt',
  'account',
] as const

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Media are matched by address: an edited medium keeps what the original one with the same `url` carried. */
function mergeMedias(original: unknown, edit: unknown[]): unknown[] {
  const before = Array.isArray(original) ? original.filter(isObject) : []
  return edit.map((item) => {
    if (!isObject(item)) return item
    const match = before.find((m) => typeof m.url === 'string' && m.url === item.url)
    return match ? mergeMembers(match, item) : item
  })
}

/**
 * `edit` over `original`, recursively through plain objects. A member the edit has wins (an array as a whole,
 * except media lists, matched by url); a member only the original has is kept; a member the edit sets to
 * `undefined` is removed (how an editor clears a WhatsApp channel).
 */
function mergeMembers(original: JsonObject, edit: JsonObject): JsonObject {
  const out: JsonObject = { ...original }
  for (const [key, value] of Object.entries(edit)) {
    if (value === undefined) {
      delete out[key]
    } else if (isObject(value) && isObject(original[key])) {
      out[key] = mergeMembers(original[key], value)
    } else if (key === 'medias' && Array.isArray(value)) {
      out[key] = mergeMedias(original[key], value)
    } else {
      out[key] = value
    }
  }
  return out
}

/**
 * The body that writes an edited post back: `original` (the schedule as the service answered it, unknown
 * members included) with `edit` (what the editor produced) laid over it, without the members only the service
 * sets (SCHEDULE_ANSWER_ONLY_MEMBERS), from either side. Neither argument is changed. Replies keep their
 * `status`: the service takes it back harmlessly. The result is typed as the edit: every member it names is
 * there, with whatever else the original held beside them.
 */
export function mergeScheduleEdit<E extends object>(original: object, edit: E): E {
  const merged = mergeMembers(original as JsonObject, edit as unknown as JsonObject)
  for (const key of SCHEDULE_ANSWER_ONLY_MEMBERS) delete merged[key]
  // A JSON copy: nothing shared with either argument, and it works on Vue's reactive proxies, which
  // structuredClone refuses. Posts are JSON anyway.
  return JSON.parse(JSON.stringify(merged)) as E
}
