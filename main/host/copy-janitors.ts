// Wires a copy janitor (core/files/copy-janitor.ts) to the host: what needs a copy is every profile's upload
// queue and the local drafts, and it sweeps at the moments a copy may stop being needed. The host runs one for
// cover frames (<data>/covers) in both modes; the browser mode runs one more for its intake copies.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FINAL_UPLOAD_STATES, type UploadProgressEvent } from '../../common/uploads'
import type { AppDatabase } from '../core/db/database'
import {
  createCopyJanitor,
  type CopyJanitor,
  type CopyJanitorDeps,
  type CopyUploadUse,
} from '../core/files/copy-janitor'
import type { ActiveService, Logger } from '../core/ports'
import { readLocalDrafts } from '../core/storage/local-drafts'
import { replay } from '../core/uploads/journal'
import type { EventHub } from './event-hub'
import { uploadJournalPath } from './profile-session'

export interface CopyJanitorHost {
  dataDir: string
  events: Pick<EventHub, 'subscribe'>
  active(): ActiveService
  /** Writes pending draft changes, so the drafts read next are what the app holds. */
  flushDrafts(): Promise<void>
  /** The data folder's database, where the drafts are. */
  database: AppDatabase
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
    async uploads() {
      const active = host.active()
      return [...active.uploads.list(), ...(await otherJournals(host.dataDir, active.profileId))]
    },
    async drafts() {
      await host.flushDrafts()
      return readLocalDrafts(host.database)
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

/**
 * The upload items of every profile but the active one, from their journals: each resumes its queue when its
 * profile is active again. A journal that cannot be read throws, and the sweep keeps every copy.
 */
async function otherJournals(dataDir: string, activeProfileId: string): Promise<CopyUploadUse[]> {
  const folder = join(dataDir, 'uploads')
  const activeFile = uploadJournalPath(dataDir, activeProfileId)
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const items: CopyUploadUse[] = []
  for (const name of names) {
    const file = join(folder, name)
    if (!name.endsWith('.jsonl') || file === activeFile) continue
    const text = await readFile(file, 'utf8')
    items.push(...replay(text.split('\n')).items.values())
  }
  return items
}
