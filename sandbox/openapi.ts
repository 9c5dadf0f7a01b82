// The sandbox's request validator, built from the service's own OpenAPI description (reference/, verbatim
// copies) and never from the client's schemas: the sandbox must accept what the service accepts, so it requires
// what the document requires and nothing more. Only the JSON Schema keywords that document uses are read:
// type, required, properties, items, enum, format date-time, $ref and allOf (and minimum/maximum, which only
// the corrections below add). Members it does not list pass.
//
// The newest copy (service-openapi-newer.json) is the one read, with the corrections of FIDELITY applied: where
// it contradicts its own examples, the older copy's examples or the service's developer docs, those win
// (docs/service-fidelity.md), so every request example of both copies is accepted.
import newest from './reference/service-openapi-newer.json' with { type: 'json' }

export interface JsonSchema {
  type?: string
  required?: string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  format?: string
  $ref?: string
  allOf?: JsonSchema[]
  example?: unknown
  minimum?: number
  maximum?: number
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>
  components: { schemas: Record<string, JsonSchema> }
}

/** One correction to a schema of the document: which, what changes, and why (docs/service-fidelity.md). */
interface Correction {
  schema: string
  why: string
  apply(schema: JsonSchema): void
}

function notRequired(schema: JsonSchema, members: readonly string[]): void {
  schema.required = (schema.required ?? []).filter((m) => !members.includes(m))
}

export const FIDELITY: readonly Correction[] = [
  {
    schema: 'BodyCreateSchedulePublicDTO',
    why: 'the developer docs ("create schedule") mark topic, meta, additionalInfo and replies optional',
    apply: (s) => notRequired(s, ['topic', 'meta', 'additionalInfo', 'replies']),
  },
  {
    schema: 'ScheduleAdditionalInfo',
    why:
      "no example sends channel; the older copy's examples (and its schema) have neither isAutoAddMusic nor " +
      'isShareToFeed, and one newer example puts isShareToFeed inside music.volume',
    apply: (s) => notRequired(s, ['channel', 'isAutoAddMusic', 'isShareToFeed']),
  },
  {
    schema: 'ScheduleAdditionalInfoMusic',
    why: 'the music example (additionaoInfoMusic) has no volume, nor has any example of the older copy',
    apply: (s) => notRequired(s, ['volume']),
  },
  {
    schema: 'ScheduleAdditionalInfoMusicVolume',
    why: "the service's own client sends each on a 0 to 100 scale (50 and 100 in every example)",
    apply: (s) => {
      for (const name of ['video', 'music']) Object.assign(s.properties![name]!, { minimum: 0, maximum: 100 })
    },
  },
  {
    schema: 'ScheduleAdditionalInfoChannel',
    why:
      'the schema names the second member "Boom" (with no example); GET /public/addon/whatsapp/channel lists ' +
      'channels with a "name", the value "Boom" of its first example. So `name` is read as text where sent, ' +
      'and neither is required: a body built from the schema itself carries "Boom", not "name"',
    apply: (s) => {
      const { Boom: _boom, ...rest } = s.properties!
      s.properties = { ...rest, name: { type: 'string' } }
      s.required = (s.required ?? []).filter((m) => m !== 'Boom')
    },
  },
  {
    schema: 'ObjectButton',
    why:
      'every example (POST /public/chat/{chatId}/message and /public/content/{contentId}/message, "button" and ' +
      '"buttonImage") sends `buttons` as a list of buttons, where the schema names a single Button',
    apply: (s) => {
      s.properties!.buttons = { type: 'array', items: { $ref: '#/components/schemas/Button' } }
    },
  },
]

function corrected(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc)
  for (const c of FIDELITY) {
    const schema = copy.components.schemas[c.schema]
    if (!schema) throw new Error(`OpenAPI: no schema ${c.schema} to correct (${c.why})`)
    c.apply(schema)
  }
  return copy
}

/** The newest published description with the corrections of FIDELITY: what the sandbox validates with. */
export const OPENAPI = corrected(newest as unknown as OpenApiDocument)

/** An RFC 3339 date-time, as OpenAPI's `format: date-time` means (a zone is required). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = doc.components.schemas[name]
  if (!target) throw new Error(`OpenAPI: unknown schema ${schema.$ref}`)
  return resolve(target, doc)
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** The first way `value` breaks `schema`, as "path: message", or null when it conforms. */
export function checkSchema(
  schema: JsonSchema,
  value: unknown,
  doc: OpenApiDocument = OPENAPI,
  path = '',
): string | null {
  const s = resolve(schema, doc)
  const at = path || 'body'
  for (const part of s.allOf ?? []) {
    const problem = checkSchema(part, value, doc, path)
    if (problem) return problem
  }
  if (s.type) {
    const actual = typeOf(value)
    const fits = actual === s.type || (s.type === 'number' && actual === 'integer')
    if (!fits) return `${at}: must be ${s.type === 'array' ? 'an array' : `a ${s.type}`}`
  }
  if (s.enum && !s.enum.includes(value)) return `${at}: must be one of ${s.enum.join(', ')}`
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) return `${at}: must be at least ${s.minimum}`
    if (s.maximum !== undefined && value > s.maximum) return `${at}: must be at most ${s.maximum}`
  }
  if (s.format === 'date-time' && typeof value === 'string') {
    if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
      return `${at}: must be an ISO 8601 date-time`
  }
  if (s.properties || s.required) {
    if (typeOf(value) !== 'object') return `${at}: must be an object`
    const object = value as Record<string, unknown>
    for (const name of s.required ?? []) {
      if (object[name] === undefined) return `${path ? `${path}.` : ''}${name}: is required`
    }
    for (const [name, member] of Object.entries(s.properties ?? {})) {
      if (object[name] === undefined) continue
      const problem = checkSchema(member, object[name], doc, path ? `${path}.${name}` : name)
      if (problem) return problem
    }
  }
  if (s.items && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = checkSchema(s.items, item, doc, `${path || 'body'}.${index}`)
      if (problem) return problem
    }
  }
  return null
}

/** The request-body schema of one operation of the document. */
export function requestSchema(method: string, path: string, doc: OpenApiDocument = OPENAPI): JsonSchema {
  const op = doc.paths[path]?.[method.toLowerCase()] as
    { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } | undefined
  const schema = op?.requestBody?.content?.['application/json']?.schema
  if (!schema) throw new Error(`OpenAPI: no JSON request body for ${method} ${path}`)
  return schema
}
