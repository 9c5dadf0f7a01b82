// The drafts store and the outbox runner that sends its queue: a side-effect module of the composition root
// (main/host/app-host.ts), as upload-effects.ts is. The store opens on first use (importing the old
// drafts.json once) and the runner starts with it. Each commit's changes to the active profile's drafts go to
// the page as `drafts:changed` changes (main/core/list-publisher.ts), never the whole list; a profile switch
// tells the page to read its list again and lets the runner send its queue; what another process (the CLI)
// commits to the database reaches the page the same way within the watch interval (1 s). The drafts handlers
// only call it (main/handlers/drafts-handlers.ts).
import type { Draft } from '../../common/drafts'
import { createListPublisher, type PublisherTimers } from '../core/list-publisher'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import type { AppDatabase, ChangeTimers } from '../core/db/database'
import { createLeases } from '../core/db/leases'
import { openDraftStore } from '../core/drafts/draft-store'
import { createDraftsService } from '../core/drafts/drafts-service'
import { createEngineUploader } from '../core/drafts/engine-uploader'
import { createOutbox } from '../core/drafts/outbox'
import { createOutboxRunner } from '../core/drafts/outbox-runner'
import { registerProfileIdentities, type ProfileCredentials } from '../core/drafts/profile-identity'
import type { ActiveService, ConnectionMonitor, DraftsDomain, DraftsPort, EventSink } from '../core/ports'

export interface DraftsOutbox extends DraftsPort {
  /** The active profile changed: its drafts go to the page and its queue may be sent. */
  profileChanged(): void
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
  /** The clock of the page's change events (at most one every 50 ms); tests step it. */
  timers?: PublisherTimers
  /** The watch's timer (tests hold it still); the real interval by default. */
  watchTimers?: ChangeTimers
  log?: (message: string, error: unknown) => void
}): DraftsOutbox {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? ((message, error) => console.error(`[outbox] ${message}`, error))
  const profileId = () => deps.active().profileId
  let opened: Promise<DraftsDomain> | undefined
  let stopWatching: (() => void) | undefined
  /** Set once the runner has started: from then on a switch republishes and sends. */
  let started: (DraftsDomain & { reload(): void }) | undefined
  const publisher = createListPublisher<Draft>({
    send: (change) => deps.emit('drafts:changed', change),
    ...(deps.timers ? { timers: deps.timers } : {}),
  })

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
      drafts.onChange((changes) => {
        if (changes.reset) return publisher.reload()
        // A draft now of another profile (moved away) is gone from this profile's list.
        const active = profileId()
        const mine: Draft[] = []
        const gone = [...changes.removed]
        for (const draft of changes.changed) {
          if (draft.profileId === active) mine.push(draft)
          else gone.push(draft.id)
        }
        publisher.add(mine, gone)
      })
      // The CLI's `drafts add` and a cron `sync` commit from other processes: refresh() reads what they
      // changed from the change log and announces it as any change.
      stopWatching = deps.database.watch(
        () => void drafts.refresh().catch((error) => log('reading the drafts failed', error)),
        { intervalMs: DRAFTS_WATCH_MS, ...(deps.watchTimers ? { timers: deps.watchTimers } : {}) },
      )
      runner.start()
      started = {
        store: drafts,
        service,
        runner,
        publishedSeq: () => publisher.flush(),
        reload: () => publisher.reload(),
      }
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
      // What was committed up to now is announced (to the old profile's list, which the page drops), then the
      // page is told to read the new profile's list whole. refresh()'s work is done when the call returns.
      started.store.refresh().catch((error) => log('reading the drafts failed', error))
      started.reload()
      started.runner.profileChanged().catch((error) => log('a run failed', error))
    },
    async close() {
      stopWatching?.()
      publisher.close()
      // A store still opening is waited for, so that no runner outlives the host.
      const domain = await opened?.catch(() => undefined)
      stopWatching?.()
      if (!domain) return
      await domain.runner.stop()
    },
  }
}
