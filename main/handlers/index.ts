// Every call of the contract, composed from the domain modules. The same map serves Electron IPC and the
// browser mode's WebSocket; `satisfies Handlers` makes a missing or extra call a compile error.
import { basename } from 'node:path'
import { AppError } from '../../common/errors'
import { isLocalCover } from '../../common/local-files'
import type { DraftStore } from '../core/drafts/draft-store'
import { createAppHandlers } from './app-handlers'
import { createConnectionHandlers } from './connection-handlers'
import { createDraftHandlers } from './drafts-handlers'
import { createFileHandlers } from './file-handlers'
import type { HostDeps } from './host-deps'
import { createProfileHandlers } from './profile-handlers'
import { createServiceHandlers } from './service-handlers'
import { createSettingsHandlers } from './settings-handlers'
import { createStorageDoctorHandlers } from './storage-doctor-handlers'
import type { Handler, Handlers } from './types'
import { createThumbnailHandlers } from './thumbnail-handlers'
import { createUploadHandlers } from './upload-handlers'

export type { HostDeps } from './host-deps'

export function createHandlers(
  deps: HostDeps,
  hooks: {
    /** Hands the drafts store out once the first drafts call opened it. */
    onDraftStore?: (store: DraftStore) => void
  } = {},
): Handlers {
  // Imported rows pass the same door as drafts:save below.
  let draftStore: DraftStore | undefined
  const drafts = createDraftHandlers(deps, {
    allowMedia: (path) => deps.grants.allows(path),
    onStoreOpened: (store) => {
      draftStore = store
      hooks.onDraftStore?.(store)
    },
  })
  return {
    ...createAppHandlers(deps, { outboxState: () => drafts['outbox:status'](undefined) }),
    ...createSettingsHandlers(deps),
    ...createProfileHandlers(deps),
    ...createConnectionHandlers(deps),
    ...createServiceHandlers(deps),
    // A draft saved a moment ago may still be only in memory: the doctor reads the file after a flush.
    ...createStorageDoctorHandlers(deps, { flushDrafts: async () => draftStore?.flush() }),
    ...createFileHandlers(deps),
    ...createUploadHandlers(deps),
    ...createThumbnailHandlers(deps),
    ...drafts,
    'drafts:save': guardDraftMedia(deps, drafts),
  } satisfies Handlers
}

/**
 * A draft's local media are uploaded later by the outbox, so they pass the same door as uploads:start: a path
 * must have been picked or dropped, whatever the stored draft already had (a stored path proves nothing: an
 * import or an earlier save may have put it there). Media already uploaded are sent by their URL and never
 * read; the same holds for covers still on disk. The engine checks the grant again when it opens the file (core/files/file-grants.ts): this check is
 * for a clear answer now, that one is the guarantee.
 */
function guardDraftMedia(
  deps: HostDeps,
  drafts: ReturnType<typeof createDraftHandlers>,
): Handler<'drafts:save'> {
  return async (request) => {
    for (const media of request.localMedia) {
      if (media.uploadedUrl !== undefined || (await deps.grants.allows(media.path))) continue
      throw new AppError({
        kind: 'validation',
        field: 'localMedia',
        code: 'file-not-granted',
        message: `${media.name} was not picked or dropped: add it with the file dialog or by dropping it`,
      })
    }
    // A cover still on disk (its path in `thumbnail`) is uploaded by the outbox too: the same door.
    const covers = [...request.post.medias, ...request.localMedia]
      .map((m) => m.thumbnail)
      .filter(isLocalCover)
    for (const path of new Set(covers)) {
      if (await deps.grants.allows(path)) continue
      throw new AppError({
        kind: 'validation',
        field: 'medias',
        code: 'file-not-granted',
        message: `The cover ${basename(path)} was not picked or made here: choose it again`,
      })
    }
    return drafts['drafts:save'](request)
  }
}
