// The account watch's findings and the collision check of a post about to be scheduled
// (main/core/posts/account-watch.ts, main/core/posts/post-collisions.ts). The check reads the active
// profile's service fresh on every call: never the offline cache, which may predate a post made elsewhere.
import { checkCollisions } from '../core/posts/post-collisions'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

type WatchCall = 'watch:alerts' | 'schedules:collisions'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const WATCH_HANDLER_NEEDS = ['active', 'accountWatch'] as const
export type WatchHandlerDeps = Pick<HostDeps, (typeof WATCH_HANDLER_NEEDS)[number]>

export function createWatchHandlers(
  deps: WatchHandlerDeps,
  options: { now?: () => number } = {},
): HandlerGroup<WatchCall> {
  const now = options.now ?? (() => Date.now())
  return {
    'watch:alerts': async () => deps.accountWatch?.state() ?? { alerts: [], checkedAt: null },
    'schedules:collisions': (query) => checkCollisions(deps.active().client, query, now()),
  }
}
