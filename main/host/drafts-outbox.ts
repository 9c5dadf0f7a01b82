// The drafts store and the outbox runner that sends its queue: a side-effect module of the composition root
// (main/host/app-host.ts), as upload-effects.ts is. The store opens on first use and the runner starts with
// it; a profile switch republishes the new profile's drafts and lets the runner send its queue; `close` stops
// the runner and flushes the store. The drafts handlers only call it (main/handlers/drafts-handlers.ts).
import { join } from 'node:path'
import type { Draft } from '../../common/drafts'
import { DRAFTS_FILE, openDraftStore, type DraftStore } from '../core/drafts/draft-store'
import { createDraftsService } from '../core/drafts/drafts-service'
import { createEngineUploader } from '../core/drafts/engine-uploader'
import { createOutbox } from '../core/drafts/outbox'
import { createOutboxRunner } from '../core/drafts/outbox-runner'
import type { ActiveService, ConnectionMonitor, DraftsDomain, DraftsPort, EventSink } from '../core/ports'

export interface DraftsOutbox extends DraftsPort {
  /** The active profile changed: its drafts go to the page and its queue may be sent. */
  profileChanged(): void
  /** Writes the store's pending changes (nothing to do before it is opened). */
  flush(): Promise<void>
  close(): Promise<void>
}

export function createDraftsOutbox(deps: {
  dataDir: string
  active(): ActiveService
  connection: Pick<ConnectionMonitor, 'current' | 'isOnline' | 'check' | 'onChange'>
  emit: EventSink
  now?: () => Date
}): DraftsOutbox {
  const now = deps.now ?? (() => new Date())
  const profileId = () => deps.active().profileId
  let opened: Promise<DraftsDomain> | undefined
  let store: DraftStore | undefined
  /** Set once the runner has started: from then on a switch republishes and sends. */
  let started: (DraftsDomain & { publish(): void }) | undefined

  const open = () => {
    opened ??= (async () => {
      const drafts = await openDraftStore(join(deps.dataDir, DRAFTS_FILE), { profileId: profileId() })
      store = drafts
      const service = createDraftsService({ store: drafts, now, profileId })
      const outbox = createOutbox({
        store: drafts,
        now,
        profileId,
        client: () => deps.active().client,
        upload: createEngineUploader(() => deps.active().uploads),
      })
      const runner = createOutboxRunner({
        outbox,
        store: drafts,
        now,
        connection: deps.connection,
        profileId,
        onState: (state) => deps.emit('outbox:changed', state),
        onError: (error) => console.error('[outbox]', error),
      })
      const publish = () =>
        deps.emit('drafts:changed', { drafts: sorted(drafts.listForProfile(profileId())) })
      drafts.onChange(publish)
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
      started.publish()
      started.runner.profileChanged().catch((error) => console.error('[outbox]', error))
    },
    flush: async () => store?.flush(),
    async close() {
      // A store still opening is waited for, so that no runner outlives the host.
      const domain = await opened?.catch(() => undefined)
      if (!domain) return
      await domain.runner.stop()
      await domain.store.flush()
    },
  }
}

const sorted = (drafts: Draft[]) => [...drafts].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
