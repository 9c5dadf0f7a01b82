// Every call of the contract, composed from the domain modules. The same map serves Electron IPC and the
// browser mode's WebSocket; `satisfies Handlers` makes a missing or extra call a compile error.
import { AppError } from '../../common/errors'
import { createAppHandlers } from './app-handlers'
import { createConnectionHandlers } from './connection-handlers'
import { createDraftHandlers } from './drafts-handlers'
import { createFileHandlers } from './file-handlers'
import type { HostDeps } from './host-deps'
import { createProfileHandlers } from './profile-handlers'
import { createServiceHandlers } from './service-handlers'
import { createSettingsHandlers } from './settings-handlers'
import type { Handler, Handlers } from './types'
import { createUploadHandlers } from './upload-handlers'

export type { HostDeps, PlatformAdapters } from './host-deps'

export function createHandlers(deps: HostDeps): Handlers {
  // Imported rows pass the same door as drafts:save below.
  const drafts = createDraftHandlers(deps, { allowMedia: (path) => deps.grants.allows(path) })
  return {
    ...createAppHandlers(deps),
    ...createSettingsHandlers(deps),
    ...createProfileHandlers(deps),
    ...createConnectionHandlers(deps),
    ...createServiceHandlers(deps),
    ...createFileHandlers(deps),
    ...createUploadHandlers(deps),
    ...drafts,
    'drafts:save': guardDraftMedia(deps, drafts),
  } satisfies Handlers
}

/**
 * A draft's local media are uploaded later by the outbox, so they pass the same door as uploads:start: a path
 * must have been picked or dropped. Paths the saved draft already had were checked when they were added (grants
 * last one session; drafts outlive it).
 */
function guardDraftMedia(
  deps: HostDeps,
  drafts: ReturnType<typeof createDraftHandlers>,
): Handler<'drafts:save'> {
  return async (request) => {
    let known = new Set<string>()
    if (request.id !== undefined) {
      const existing = await drafts['drafts:get']({ id: request.id }).catch(() => undefined)
      known = new Set(existing?.localMedia.map((media) => media.path) ?? [])
    }
    let refused: (typeof request.localMedia)[number] | undefined
    for (const media of request.localMedia) {
      if (known.has(media.path) || (await deps.grants.allows(media.path))) continue
      refused = media
      break
    }
    if (refused) {
      throw new AppError({
        kind: 'validation',
        field: 'localMedia',
        message: `${refused.name} was not picked or dropped: add it with the file dialog or by dropping it`,
      })
    }
    return drafts['drafts:save'](request)
  }
}
