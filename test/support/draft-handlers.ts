// The drafts handlers over the composition root's drafts outbox (main/host/drafts-outbox.ts), wired as
// main/host/app-host.ts wires them: a switch (onActiveChanged) reaches the outbox, shutdown (onDispose) closes it.
import { createDraftHandlers } from '../../main/handlers/drafts-handlers'
import type { HandlerDeps } from '../../main/handlers/types'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../main/core/db/database'
import { createDraftsOutbox } from '../../main/host/drafts-outbox'
import type { PublisherTimers } from '../../main/core/list-publisher'

export function draftHandlersOver(
  deps: HandlerDeps,
  options: { now?: () => Date; database?: AppDatabase; timers?: PublisherTimers } = {},
) {
  // The data folder's database, opened as the host does unless the test shares one.
  mkdirSync(deps.dataDir, { recursive: true })
  const database = options.database ?? openDatabase({ file: join(deps.dataDir, DATABASE_FILE) })
  const drafts = createDraftsOutbox({ ...deps, ...options, database, profiles: () => [] })
  const stopWatching = deps.onActiveChanged(() => drafts.profileChanged())
  deps.onDispose?.(async () => {
    stopWatching()
    await drafts.close()
    if (!options.database) database.close()
  })
  return createDraftHandlers({ ...deps, drafts }, options)
}
