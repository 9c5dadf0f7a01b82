// The examples of the service's published OpenAPI copies (sandbox/reference/), read from the files at run time
// so a newer copy re-checks whatever uses them.
import { readFileSync } from 'node:fs'

export const OPENAPI_COPIES = ['service-openapi.json', 'service-openapi-newer.json'] as const
export type OpenApiCopy = (typeof OPENAPI_COPIES)[number]

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
interface Content {
  example?: Json
  examples?: Record<string, { value: Json }>
}
interface Operation {
  requestBody?: { content?: Record<string, Content> }
  responses?: Record<string, { content?: Record<string, Content> }>
}
export interface OpenApiFile {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

export function readOpenApi(copy: OpenApiCopy): OpenApiFile {
  return JSON.parse(
    readFileSync(new URL(`../../sandbox/reference/${copy}`, import.meta.url), 'utf8'),
  ) as OpenApiFile
}

/** The named request examples of one operation. */
export function requestExamples(doc: OpenApiFile, method: string, path: string): Record<string, Json> {
  const content = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']
  if (content?.examples)
    return Object.fromEntries(Object.entries(content.examples).map(([k, v]) => [k, v.value]))
  return content?.example === undefined ? {} : { example: content.example }
}

/** The example of one operation's answer with `status`. */
export function responseExample(doc: OpenApiFile, method: string, path: string, status = '200'): Json {
  const example = doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.example
  if (example === undefined) throw new Error(`no ${status} example for ${method} ${path}`)
  return example
}
