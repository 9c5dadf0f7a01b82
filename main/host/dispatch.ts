// The one path every call takes, whatever the transport (Electron IPC, the browser mode's WebSocket):
// validate the payload with the contract's schema (a bad payload never reaches a handler), run the handler,
// and turn any failure into plain AppErrorData the renderer can show.
import { requestSchemas, type CallName, type IpcResult } from '../../common/contract'
import { AppError, type AppErrorData } from '../../common/errors'
import type { Handlers } from '../handlers/types'
import type { Logger } from './logging'

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(requestSchemas, name)
}

export function validationError(name: string, request: unknown): AppErrorData | undefined {
  if (!isCallName(name))
    return { kind: 'validation', message: `unknown call "${String(name).slice(0, 100)}"` }
  const parsed = requestSchemas[name].safeParse(request)
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]
  const field = issue?.path.map(String).join('.') ?? ''
  return {
    kind: 'validation',
    message: `${name}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid request'}`,
    ...(field ? { field } : {}),
  }
}

export async function dispatchCall(
  handlers: Handlers,
  name: unknown,
  request: unknown,
  log?: Logger,
): Promise<IpcResult<unknown>> {
  if (!isCallName(name)) return { ok: false, error: validationError(String(name), request)! }
  const parsed = requestSchemas[name].safeParse(request)
  if (!parsed.success) return { ok: false, error: validationError(name, request)! }
  try {
    const handler = handlers[name] as (request: unknown) => Promise<unknown>
    const value = await handler(parsed.data)
    return { ok: true, value }
  } catch (error) {
    const appError = AppError.from(error)
    if (appError.kind === 'internal') log?.error(`${name} failed`, error)
    return { ok: false, error: appError.toJSON() }
  }
}
