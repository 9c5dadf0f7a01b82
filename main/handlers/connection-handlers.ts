import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

export function createConnectionHandlers(
  deps: HostDeps,
): HandlerGroup<'connection:status' | 'connection:check'> {
  return {
    'connection:status': async () => deps.connection.current(),
    'connection:check': async () => deps.connection.check(),
  }
}
