// Wires a copy janitor (core/files/copy-janitor.ts) to the host: what needs a copy is every profile's upload
// queue and the local drafts, and it sweeps at the moments a copy may stop being needed. The host runs one for
// cover frames (<data>/covers) in both modes; the browser mode runs one more for its intake copies.
import { basename } from 'node:path'
import { FINAL_UPLOAD_STATES, type UploadProgressEvent } from '../../common/uploads'
import {
  createCopyJanitor,
  databaseCopyRegistry,
  type CopyJanitor,
  type CopyJanitorDeps,
} from '../core/files/copy-janitor'
import type { ActiveService, Logger } from '../core/ports'
import { readLocalDraftsNaming } from '../core/storage/local-drafts'
import type { AppDatabase } from '../core/db/database'
import { uploadUsesOutside } from '../core/uploads/upload-store'
import type { EventHub } from './event-hub'
import { uploadScope } from './profile-session'

export interface CopyJanitorHost {
  dataDir: string
  /** Every profile's upload queue and the drafts are in it (core/uploads/upload-store.ts). */
  database: AppDatabase
  events: Pick<EventHub, 'subscribe'>
  active(): ActiveService
  log: Logger
}

export interface WatchedCopies extends CopyJanitor {
  /** Stops following events and waits for a running sweep. */
  close(): Promise<void>
}

/** Starts a janitor over `dir` that sweeps at start and whenever an event says a copy may be free. */
export function watchCopies(
  host: CopyJanitorHost,
  dir: string,
  options: Pick<CopyJanitorDeps, 'forget' | 'maxUnclaimedBytes' | 'quotaError'> = {},
): WatchedCopies {
  const janitor = createCopyJanitor({
    dir,
    registry: databaseCopyRegistry(host.database),
    async uploads() {
      const active = host.active()
      // The other profiles' queues (and the CLI's) resume their items when they run again.
      return [...active.uploads.list(), ...uploadUsesOutside(host.database, uploadScope(active.profileId))]
    },
    async drafts() {
      // A draft that names a copy names its folder: the last part of `dir` is in its text, however the
      // rest of the path was written.
      return readLocalDraftsNaming(host.database, basename(dir))
    },
    forget: options.forget,
    maxUnclaimedBytes: options.maxUnclaimedBytes,
    quotaError: options.quotaError,
    warn: (message, error) => host.log.warn(message, error),
  })
  // The moments a copy may stop being needed: an upload reached its end or left the queue, a draft was saved,
  // deleted or sent, another profile became active. And at start, for what an earlier run left.
  const unwatch = host.events.subscribe((name, payload) => {
    if (name === 'uploads:progress') {
      const event = payload as UploadProgressEvent
      if (event.removed.length === 0 && !event.items.some((item) => FINAL_UPLOAD_STATES.includes(item.state)))
        return
    } else if (name !== 'drafts:changed' && name !== 'outbox:changed' && name !== 'profiles:changed') return
    janitor.request()
  })
  janitor.request()
  return {
    ...janitor,
    async close() {
      unwatch()
      await janitor.close()
    },
  }
}
