// The drafts handlers over the composition root's drafts outbox (main/host/drafts-outbox.ts), wired as
// main/host/app-host.ts wires them: a switch (onActiveChanged) reaches the outbox, shutdown (onDispose) closes it.
import { createDraftHandlers } from '../../main/handlers/drafts-handlers'
import type { HandlerDeps } from '../../main/handlers/types'
import { createDraftsOutbox } from '../../main/host/drafts-outbox'

export function draftHandlersOver(deps: HandlerDeps, options: { now?: () => Date } = {}) {
  const drafts = createDraftsOutbox({ ...deps, ...options })
  const stopWatching = deps.onActiveChanged(() => drafts.profileChanged())
  deps.onDispose?.(async () => {
    stopWatching()
    await drafts.close()
  })
  return createDraftHandlers({ ...deps, drafts }, options)
}
