// Every call of the contract, composed from the domain modules. The same map serves Electron IPC and the
// browser mode's WebSocket; `satisfies Handlers` makes a missing or extra call a compile error. Each group is
// given only the part of the host it declares (its *_NEEDS list), as Motrix injects its handler maps, so what a
// group can reach is written at its top.
import { basename } from 'node:path'
import { AppError } from '../../common/errors'
import { isLocalCover } from '../../common/local-files'
import { ADDON_HANDLER_NEEDS, createAddonHandlers } from './addon-handlers'
import { APP_HANDLER_NEEDS, createAppHandlers } from './app-handlers'
import { AUTOMATION_HANDLER_NEEDS, createAutomationHandlers } from './automation-handlers'
import { CAMPAIGN_HANDLER_NEEDS, createCampaignHandlers } from './campaign-handlers'
import { createRetryBudget } from '../core/retry-budget'
import { CONNECTION_HANDLER_NEEDS, createConnectionHandlers } from './connection-handlers'
import { DRAFT_HANDLER_NEEDS, createDraftHandlers } from './drafts-handlers'
import { FILE_HANDLER_NEEDS, createFileHandlers } from './file-handlers'
import type { HostDeps } from './host-deps'
import { INBOX_HANDLER_NEEDS, createInboxHandlers } from './inbox-handlers'
import { INSIGHTS_HANDLER_NEEDS, createInsightsHandlers } from './insights-handlers'
import { PROFILE_HANDLER_NEEDS, createProfileHandlers } from './profile-handlers'
import { REPLICA_HANDLER_NEEDS, createReplicaHandlers } from './replica-handlers'
import { SERVICE_HANDLER_NEEDS, createServiceHandlers } from './service-handlers'
import { SETTINGS_HANDLER_NEEDS, createSettingsHandlers } from './settings-handlers'
import { SNIPPET_HANDLER_NEEDS, createSnippetHandlers } from './snippet-handlers'
import { STORAGE_DOCTOR_HANDLER_NEEDS, createStorageDoctorHandlers } from './storage-doctor-handlers'
import type { Handler, Handlers } from './types'
import { THUMBNAIL_HANDLER_NEEDS, createThumbnailHandlers } from './thumbnail-handlers'
import { UPLOAD_HANDLER_NEEDS, createUploadHandlers } from './upload-handlers'
import { WATCH_HANDLER_NEEDS, createWatchHandlers } from './watch-handlers'
import { errorReason } from '../../common/messages/index'

export type { HostDeps } from './host-deps'

/** The members `keys` names, and nothing else. */
function only<K extends keyof HostDeps>(deps: HostDeps, keys: readonly K[]): Pick<HostDeps, K> {
  return Object.fromEntries(keys.map((key) => [key, deps[key]])) as Pick<HostDeps, K>
}

export function createHandlers(deps: HostDeps): Handlers {
  // Imported rows pass the same door as drafts:save below.
  const drafts = createDraftHandlers(only(deps, DRAFT_HANDLER_NEEDS), {
    allowMedia: (path) => deps.grants.allows(path),
  })
  // One per-account retry budget (main/core/retry-budget.ts) for posts and automation reports alike: a
  // platform counts an account's retries, whatever was retried.
  const retryBudget = createRetryBudget({ now: () => new Date() })
  return {
    ...createAppHandlers(only(deps, APP_HANDLER_NEEDS), {
      outboxState: () => drafts['outbox:status'](undefined),
    }),
    ...createSettingsHandlers(only(deps, SETTINGS_HANDLER_NEEDS)),
    ...createProfileHandlers(only(deps, PROFILE_HANDLER_NEEDS)),
    ...createConnectionHandlers(only(deps, CONNECTION_HANDLER_NEEDS)),
    ...createServiceHandlers(only(deps, SERVICE_HANDLER_NEEDS), { retryBudget }),
    ...createReplicaHandlers(only(deps, REPLICA_HANDLER_NEEDS)),
    ...createAddonHandlers(only(deps, ADDON_HANDLER_NEEDS)),
    ...createAutomationHandlers(only(deps, AUTOMATION_HANDLER_NEEDS), { retryBudget }),
    ...createStorageDoctorHandlers(only(deps, STORAGE_DOCTOR_HANDLER_NEEDS)),
    ...createFileHandlers(only(deps, FILE_HANDLER_NEEDS)),
    ...createUploadHandlers(only(deps, UPLOAD_HANDLER_NEEDS)),
    ...createThumbnailHandlers(only(deps, THUMBNAIL_HANDLER_NEEDS)),
    ...createWatchHandlers(only(deps, WATCH_HANDLER_NEEDS)),
    ...createSnippetHandlers(only(deps, SNIPPET_HANDLER_NEEDS)),
    ...createInboxHandlers(only(deps, INBOX_HANDLER_NEEDS)),
    ...createInsightsHandlers(only(deps, INSIGHTS_HANDLER_NEEDS)),
    ...drafts,
    ...createCampaignHandlers(only(deps, CAMPAIGN_HANDLER_NEEDS)),
    'drafts:save': guardDraftMedia(only(deps, ['grants']), drafts),
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
  deps: Pick<HostDeps, 'grants'>,
  drafts: ReturnType<typeof createDraftHandlers>,
): Handler<'drafts:save'> {
  return async (request) => {
    for (const media of request.localMedia) {
      if (media.uploadedUrl !== undefined || (await deps.grants.allows(media.path))) continue
      throw new AppError({
        kind: 'validation',
        field: 'localMedia',
        ...errorReason('file-not-granted', { name: media.name }),
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
