// The `snippets:*` calls over the snippet repository (main/core/snippets/snippet-store.ts). Every change is
// answered once committed and announced as `snippets:changed` with the whole list; a change another process
// commits to the same database (the CLI beside the app) is announced too, within the watch interval, once a
// page has asked for the list.
import { createSnippetStore, type SnippetStore } from '../core/snippets/snippet-store'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const SNIPPET_HANDLER_NEEDS = ['database', 'emit', 'onDispose'] as const
export type SnippetHandlerDeps = Pick<HostDeps, (typeof SNIPPET_HANDLER_NEEDS)[number]>

/** How often the database is asked whether another process committed (as the drafts do). */
export const SNIPPETS_WATCH_MS = 1_000

export type SnippetCalls = 'snippets:list' | 'snippets:create' | 'snippets:update' | 'snippets:delete'

export function createSnippetHandlers(
  deps: SnippetHandlerDeps,
  options: { now?: () => Date; watch?: Parameters<HostDeps['database']['watch']>[1] } = {},
): HandlerGroup<SnippetCalls> {
  let store: SnippetStore | undefined
  let stopWatching: (() => void) | undefined
  const publish = () => deps.emit('snippets:changed', { snippets: open().list() })

  function open(): SnippetStore {
    store ??= createSnippetStore(deps.database, { now: options.now })
    return store
  }
  /** Started by the first list: a host no page ever asked has nothing to tell. */
  function watch() {
    if (stopWatching) return
    stopWatching = deps.database.watch(publish, { intervalMs: SNIPPETS_WATCH_MS, ...options.watch })
    deps.onDispose?.(() => stopWatching?.())
  }
  function changed<T>(result: T): T {
    publish()
    return result
  }

  return {
    'snippets:list': async () => {
      watch()
      return open().list()
    },
    'snippets:create': async (input) => changed(open().create(input)),
    'snippets:update': async (input) => changed(open().update(input)),
    'snippets:delete': async ({ id }) => changed(open().remove(id)),
  }
}
