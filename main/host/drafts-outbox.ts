// The drafts store and the outbox runner that sends its queue: a side-effect module of the composition root
// (main/host/app-host.ts), as upload-effects.ts is. The store opens on first use (importing the old
// drafts.json once) and the runner starts with it; a profile switch republishes the new profile's drafts and
// lets the runner send its queue; what another process (the CLI) commits to the database is shown within the
// watch interval (1 s) without a restart. The drafts handlers only call it (main/handlers/drafts-handlers.ts).
import type { Draft } from '../../common/drafts'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import type { AppDatabase, ChangeTimers } from '../core/db/database'
import { createLeases } from '../core/db/leases'
import { openDraftStore, type DraftStore } from '../core/drafts/draft-store'
import { createDraftsService } from '../core/drafts/drafts-service'
import { createEngineUploader } from '../core/drafts/engine-uploader'
import { createOutbox } from '../core/drafts/outbox'
import { createOutboxRunner } from '../core/drafts/outbox-runner'
import { registerProfileIdentities, type ProfileCredentials } from '../core/drafts/profile-identity'
import type { ActiveService, ConnectionMonitor, DraftsDomain, DraftsPort, EventSink } from '../core/ports'

export interface DraftsOutbox extends DraftsPort {
  /** The active profile changed: its drafts go to the page and its queue may be sent. */
  profileChanged(): void
  /** Nothing waits to be written (every change commits when made); kept for callers that ask. */
  flush(): Promise<void>
  close(): Promise<void>
}

/** How often the database is asked whether another process committed (PRAGMA data_version). */
export const DRAFTS_WATCH_MS = 1_000

export function createDraftsOutbox(deps: {
  dataDir: string
  database: AppDatabase
  /** The app's profiles, so drafts the CLI writes with the same credentials are theirs. */
  profiles: () => readonly ProfileCredentials[]
  active(): ActiveService
  connection: Pick<ConnectionMonitor, 'current' | 'isOnline' | 'check' | 'onChange'>
  emit: EventSink
  now?: () => Date
  /** The watch's timer (tests hold it still); the real interval by default. */
  watchTimers?: ChangeTimers
  log?: (message: string, error: unknown) => void
}): DraftsOutbox {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? ((message, error) => console.error(`[outbox] ${message}`, error))
  const profileId = () => deps.active().profileId
  let opened: Promise<DraftsDomain> | undefined
  let store: DraftStore | undefined
  let stopWatching: (() => void) | undefined
  /** Set once the runner has started: from then on a switch republishes and sends. */
  let started: (DraftsDomain & { publish(): void }) | undefined

  const registerProfiles = () => {
    try {
      registerProfileIdentities(deps.database, deps.profiles())
    } catch (error) {
      log('recording the profiles of the drafts failed', error)
    }
  }

  const open = () => {
    opened ??= (async () => {
      registerProfiles()
      const drafts = await openDraftStore(deps.database, { profileId: profileId(), dataDir: deps.dataDir })
      store = drafts
      const service = createDraftsService({
        store: drafts,
        now,
        profileId,
        campaigns: createCampaignStore(deps.database, { now }),
      })
      const outbox = createOutbox({
        store: drafts,
        now,
        profileId,
        client: () => deps.active().client,
        upload: createEngineUploader(() => deps.active().uploads),
        leases: createLeases(deps.database),
      })
      const runner = createOutboxRunner({
        outbox,
        store: drafts,
        now,
        connection: deps.connection,
        profileId,
        onState: (state) => deps.emit('outbox:changed', state),
        onError: (error) => log('a run failed', error),
      })
      const publish = () =>
        deps.emit('drafts:changed', { drafts: sorted(drafts.listForProfile(profileId())) })
      drafts.onChange(publish)
      // The CLI's `drafts add` and a cron `sync` commit from other processes: refresh() takes their changes in
      // and its change event republishes the list.
      stopWatching = deps.database.watch(
        () => void drafts.refresh().catch((error) => log('reading the drafts failed', error)),
        { intervalMs: DRAFTS_WATCH_MS, ...(deps.watchTimers ? { timers: deps.watchTimers } : {}) },
      )
      runner.start()
      started = { store: drafts, service, runner, publish }
      return started
    })()
    return opened
  }

  return {
    open,
    profileChanged() {
      // Nothing to republish or send before the store was first opened.
      if (!started) return
      registerProfiles()
      // Drafts moved to this profile just now are read in before the list goes out (refresh's work is
      // synchronous: it is done when the call returns).
      started.store.refresh(true).catch((error) => log('reading the drafts failed', error))
      started.publish()
      started.runner.profileChanged().catch((error) => log('a run failed', error))
    },
    flush: async () => store?.flush(),
    async close() {
      stopWatching?.()
      // A store still opening is waited for, so that no runner outlives the host.
      const domain = await opened?.catch(() => undefined)
      stopWatching?.()
      if (!domain) return
      await domain.runner.stop()
    },
  }
}

const sorted = (drafts: Draft[]) => [...drafts].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
