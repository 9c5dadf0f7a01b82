// Every call of the contract, composed from the domain modules. The same map serves Electron IPC and the
// browser mode's WebSocket; `satisfies Handlers` makes a missing or extra call a compile error.
import { createAppHandlers } from './app-handlers'
import { createConnectionHandlers } from './connection-handlers'
import { createDraftHandlers } from './drafts-handlers'
import { createFileHandlers } from './file-handlers'
import type { HostDeps } from './host-deps'
import { createProfileHandlers } from './profile-handlers'
import { createServiceHandlers } from './service-handlers'
import { createSettingsHandlers } from './settings-handlers'
import type { Handlers } from './types'
import { createUploadHandlers } from './upload-handlers'

export type { HostDeps, PlatformAdapters } from './host-deps'

export function createHandlers(deps: HostDeps): Handlers {
  return {
    ...createAppHandlers(deps),
    ...createSettingsHandlers(deps),
    ...createProfileHandlers(deps),
    ...createConnectionHandlers(deps),
    ...createServiceHandlers(deps),
    ...createFileHandlers(deps),
    ...createUploadHandlers(deps),
    ...createDraftHandlers(deps),
  } satisfies Handlers
}
