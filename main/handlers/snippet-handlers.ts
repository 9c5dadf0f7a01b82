// The `snippets:*` calls over the snippet repository (main/core/snippets/snippet-store.ts). Every change is
// answered once committed and announced as `snippets:changed` with the snippets it changed and the ids it
// removed (main/core/list-publisher.ts, as the drafts are); a change another process commits to the same
// database (the CLI beside the app) is announced the same way, within the watch interval, once a page has asked
// for the list. What changed is told by each snippet's revision against the last look.
import type { Snippet } from '../../common/snippets'
import { createListPublisher, trackRevisions, type PublisherTimers } from '../core/list-publisher'
import { createSnippetStore, type SnippetStore } from '../core/snippets/snippet-store'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const SNIPPET_HANDLER_NEEDS = ['database', 'emit', 'onDispose'] as const
export type SnippetHandlerDeps = Pick<HostDeps, (typeof SNIPPET_HANDLER_NEEDS)[number]>

/** How often the database is asked whether another process committed (as the drafts do). */
export const SNIPPETS_WATCH_MS = 1_000

export type SnippetCalls =
  'snippets:list' | 'snippets:snapshot' | 'snippets:create' | 'snippets:update' | 'snippets:delete'

export function createSnippetHandlers(
  deps: SnippetHandlerDeps,
  options: {
    now?: () => Date
    watch?: Parameters<HostDeps['database']['watch']>[1]
    /** The clock of the change events (at most one every 50 ms); tests step it. */
    timers?: PublisherTimers
  } = {},
): HandlerGroup<SnippetCalls> {
  let store: SnippetStore | undefined
  let stopWatching: (() => void) | undefined
  const publisher = createListPublisher<Snippet>({
    send: (change) => deps.emit('snippets:changed', change),
    ...(options.timers ? { timers: options.timers } : {}),
  })
  const revisions = trackRevisions(() => open().revisions())
  /** What changed since the last look goes out: this process's commits and another's alike. */
  function publish() {
    const { changed, removed } = revisions.since()
    const found = changed.flatMap((id) => open().get(id) ?? [])
    const present = new Set(found.map((snippet) => snippet.id))
    // One deleted between the look and its read is gone too.
    publisher.add(found, [...removed, ...changed.filter((id) => !present.has(id))])
  }

  function open(): SnippetStore {
    store ??= createSnippetStore(deps.database, { now: options.now })
    return store
  }
  /** Started by the first list: a host no page ever asked has nothing to tell. */
  function watch() {
    if (stopWatching) return
    // The first look records the revisions the page's list is read with.
    revisions.since()
    stopWatching = deps.database.watch(publish, { intervalMs: SNIPPETS_WATCH_MS, ...options.watch })
    deps.onDispose?.(() => {
      stopWatching?.()
      publisher.close()
    })
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
    'snippets:snapshot': async () => {
      watch()
      // What changed before the read goes out first: the list read next includes it, and the number says so.
      publish()
      const seq = publisher.flush()
      return { items: open().list(), seq }
    },
    'snippets:create': async (input) => changed(open().create(input)),
    'snippets:update': async (input) => changed(open().update(input)),
    'snippets:delete': async ({ id }) => changed(open().remove(id)),
  }
}
