// `replica:peek`: the last value known of a list, from the active profile's replica (main/core/replica), with
// no network, so a view renders at once and then refreshes through its live call.
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

export const REPLICA_HANDLER_NEEDS = ['replica'] as const
export type ReplicaHandlerDeps = Pick<HostDeps, (typeof REPLICA_HANDLER_NEEDS)[number]>

export function createReplicaHandlers(deps: ReplicaHandlerDeps): HandlerGroup<'replica:peek'> {
  return {
    'replica:peek': async (request) => deps.replica().peek(request),
  }
}
