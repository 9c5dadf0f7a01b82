import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const CONNECTION_HANDLER_NEEDS = ['connection'] as const
export type ConnectionHandlerDeps = Pick<HostDeps, (typeof CONNECTION_HANDLER_NEEDS)[number]>

export function createConnectionHandlers(
  deps: ConnectionHandlerDeps,
): HandlerGroup<'connection:status' | 'connection:check'> {
  return {
    'connection:status': async () => deps.connection.current(),
    'connection:check': async () => deps.connection.check(),
  }
}
