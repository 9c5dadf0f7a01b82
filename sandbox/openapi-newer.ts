// The newer published description of the service (reference/service-openapi-newer.json, a verbatim copy; see
// reference/README.md): the only one that describes automation changes, templates and reports, so the
// sandbox validates those bodies against it with the same checker as the rest (./openapi.ts).
import newer from './reference/service-openapi-newer.json' with { type: 'json' }
import { checkSchema, requestSchema, type JsonSchema, type OpenApiDocument } from './openapi'
import { HttpError } from './http-util'

export const OPENAPI_NEWER = newer as unknown as OpenApiDocument

/** The request-body schema of one operation of the newer document. */
export function newerRequestSchema(method: string, path: string): JsonSchema {
  return requestSchema(method, path, OPENAPI_NEWER)
}

/** A body against a schema of the newer document: the first problem is a 400 naming the member. */
export function checkNewerBody(schema: JsonSchema, body: unknown): void {
  const problem = checkSchema(schema, body, OPENAPI_NEWER)
  if (problem) throw new HttpError(400, problem)
}
