// The one path every call takes, whatever the transport (Electron IPC, the browser mode's WebSocket):
// check the payload's shape (depth, member count) without recursing, validate it with the contract's schema
// (a bad payload never reaches a handler), run the handler, and turn any failure into plain AppErrorData the
// renderer can show. Nothing a call does may reject this promise: a transport awaits it with no one to catch.
import { requestSchemas, type CallName, type IpcResult } from '../../common/contract'
import { AppError, type AppErrorData } from '../../common/errors'
import { checkPayloadShape } from '../../common/payload-bounds'
import type { Handlers } from '../handlers/types'
import type { Logger, Redactor } from './logging'
import { errorReason } from '../../common/messages/index'

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(requestSchemas, name)
}

export function validationError(name: string, request: unknown): AppErrorData | undefined {
  if (!isCallName(name))
    return { kind: 'validation', message: `unknown call "${String(name).slice(0, 100)}"` }
  // Before the schema: zod walks recursively, and a deep enough value overflows its stack.
  const shape = checkPayloadShape(request)
  if (shape) return { kind: 'validation', message: `${name}: ${shape}` }
  const parsed = requestSchemas[name].safeParse(request)
  if (parsed.success) return undefined
  // Every problem is named, an unknown member by its own path: a rule set with a string for a switch and a
  // stray member is one answer, not two round trips.
  const named = parsed.error.issues.map((issue) => {
    const at = issue.path.map(String).join('.')
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => (at ? `${at}.${key}` : key)) : [at]
    return { paths, text: `${paths.filter(Boolean).join(', ') || name}: ${issue.message}` }
  })
  const fields = [...new Set(named.flatMap((n) => n.paths).filter(Boolean))]
  const field = fields[0] ?? ''
  return {
    kind: 'validation',
    ...errorReason('request-invalid', { field: fields.join(', ') || name }),
    message: `${name}: ${named.map((n) => n.text).join('; ') || 'invalid request'}`,
    ...(field ? { field } : {}),
  }
}

export async function dispatchCall(
  handlers: Handlers,
  name: unknown,
  request: unknown,
  log?: Logger,
  redactor?: Pick<Redactor, 'redactText'>,
): Promise<IpcResult<unknown>> {
  const result = await runCall(handlers, name, request, log)
  // The last door before a page: whichever part made the error, its text carries no secret.
  if (!result.ok && redactor) {
    return { ok: false, error: { ...result.error, message: redactor.redactText(result.error.message) } }
  }
  return result
}

async function runCall(
  handlers: Handlers,
  name: unknown,
  request: unknown,
  log?: Logger,
): Promise<IpcResult<unknown>> {
  try {
    if (!isCallName(name)) return { ok: false, error: validationError(String(name), request)! }
    const shape = checkPayloadShape(request)
    if (shape) return { ok: false, error: { kind: 'validation', message: `${name}: ${shape}` } }
    const parsed = requestSchemas[name].safeParse(request)
    if (!parsed.success) return { ok: false, error: validationError(name, request)! }
    const handler = handlers[name] as (request: unknown) => Promise<unknown>
    const value = await handler(parsed.data)
    return { ok: true, value }
  } catch (error) {
    const appError = AppError.from(error)
    if (appError.kind === 'internal') log?.error(`${isCallName(name) ? name : 'a call'} failed`, error)
    return { ok: false, error: appError.toJSON() }
  }
}
