// The `drafts:*` and `outbox:*` calls over the drafts core (main/core/drafts). The store is opened once, on
// first use; the outbox runner starts with it. Every draft belongs to the profile it was written for: the calls
// see only the active profile's drafts, the outbox sends only those, and a profile switch republishes both.
import { join } from 'node:path'
import type { Draft } from '../../common/drafts'
import { AppError } from '../../common/errors'
import type { DraftStore } from '../core/drafts/draft-store'
import { DRAFTS_FILE, openDraftStore } from '../core/drafts/draft-store'
import { createDraftsService } from '../core/drafts/drafts-service'
import type { DraftsService } from '../core/drafts/drafts-service'
import { exportDrafts, importDrafts } from '../core/drafts/import-export'
import { createEngineUploader } from '../core/drafts/engine-uploader'
import { createOutbox } from '../core/drafts/outbox'
import { createOutboxRunner } from '../core/drafts/outbox-runner'
import type { OutboxRunner } from '../core/drafts/outbox-runner'
import type { HandlerDeps, HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const DRAFT_HANDLER_NEEDS = [
  'active',
  'connection',
  'dataDir',
  'emit',
  'onActiveChanged',
  'onDispose',
] as const
export type DraftHandlerDeps = Pick<HandlerDeps, (typeof DRAFT_HANDLER_NEEDS)[number]>

export type DraftCalls =
  | 'drafts:list'
  | 'drafts:get'
  | 'drafts:save'
  | 'drafts:delete'
  | 'drafts:schedule'
  | 'drafts:unschedule'
  | 'drafts:resolve'
  | 'drafts:import'
  | 'drafts:export'
  | 'outbox:status'
  | 'outbox:send-now'

interface DraftsDomain {
  store: DraftStore
  service: DraftsService
  runner: OutboxRunner
}

export function createDraftHandlers(
  deps: DraftHandlerDeps,
  options: {
    now?: () => Date
    allowMedia?: (path: string) => Promise<boolean>
    /** Hands the store out once it is open (the storage doctor flushes it before reading the file). */
    onStoreOpened?: (store: DraftStore) => void
  } = {},
): HandlerGroup<DraftCalls> {
  const now = options.now ?? (() => new Date())
  let opened: Promise<DraftsDomain> | undefined

  function domain(): Promise<DraftsDomain> {
    opened ??= (async () => {
      const profileId = () => deps.active().profileId
      const store = await openDraftStore(join(deps.dataDir, DRAFTS_FILE), { profileId: profileId() })
      options.onStoreOpened?.(store)
      const service = createDraftsService({ store, now, profileId })
      const outbox = createOutbox({
        store,
        now,
        profileId,
        client: () => deps.active().client,
        upload: createEngineUploader(() => deps.active().uploads),
      })
      const runner = createOutboxRunner({
        outbox,
        store,
        now,
        connection: deps.connection,
        profileId,
        onState: (state) => deps.emit('outbox:changed', state),
        onError: (error) => console.error('[outbox]', error),
      })
      const publish = () => deps.emit('drafts:changed', { drafts: sorted(store.listForProfile(profileId())) })
      store.onChange(publish)
      runner.start()
      const stopWatching = deps.onActiveChanged(() => {
        publish()
        runner.profileChanged().catch((error) => console.error('[outbox]', error))
      })
      deps.onDispose?.(async () => {
        stopWatching()
        await runner.stop()
        await store.flush()
      })
      return { store, service, runner }
    })()
    return opened
  }

  const sorted = (drafts: Draft[]) => [...drafts].sort((a, b) => a.createdAt.localeCompare(b.createdAt))

  /**
   * Runs a change and answers only once it is on disk: a write that fails (a full disk, a read-only folder)
   * fails the call with its reason, and the store has rolled back, so the list never shows what a restart
   * would not find.
   */
  async function durably<T>(change: (domain: DraftsDomain) => T): Promise<T> {
    const opened = await domain()
    const result = change(opened)
    await opened.store.flush()
    return result
  }

  return {
    'drafts:list': async () => {
      const { store, service } = await domain()
      // Drafts the CLI added while the app was open.
      await store.refresh()
      return service.list()
    },
    'drafts:get': async ({ id }) => (await domain()).service.get(id),
    'drafts:save': (request) => durably(({ service }) => service.save(request)),
    'drafts:delete': ({ id }) => durably(({ service }) => service.remove(id)),
    // The channel keeps its contract name (common/contract.ts); what it does is queue the draft locally.
    'drafts:schedule': async ({ id }) => {
      const { runner } = await domain()
      const draft = await durably(({ service }) => service.queue(id))
      // Queued while online: send at once rather than at the next tick.
      if (deps.connection.isOnline()) void runner.sendNow().catch((error) => console.error('[outbox]', error))
      return draft
    },
    'drafts:unschedule': ({ id }) => durably(({ service }) => service.unqueue(id)),
    'drafts:resolve': async ({ id, action, scheduleAt }) => {
      const { runner } = await domain()
      const draft = await durably(({ service }) => {
        if (action !== 'reschedule') return service.resolve(id, { action })
        if (!scheduleAt) {
          throw new AppError({
            kind: 'validation',
            field: 'scheduleAt',
            ...errorReason('new-time-required'),
            message: 'Choose the new time.',
          })
        }
        return service.resolve(id, { action, scheduleAt })
      })
      if (draft.status === 'queued' && deps.connection.isOnline()) {
        void runner.sendNow().catch((error) => console.error('[outbox]', error))
      }
      return draft
    },
    'drafts:import': async ({ format, content }) => {
      const { store } = await domain()
      return importDrafts(store, format, content, {
        now,
        profileId: deps.active().profileId,
        allowMedia: options.allowMedia,
      })
    },
    'drafts:export': async ({ format, ids }) => {
      const { service } = await domain()
      const drafts = ids ? ids.map((id) => service.get(id)) : service.list()
      return exportDrafts(drafts, format, now())
    },
    'outbox:status': async () => (await domain()).runner.state(),
    'outbox:send-now': async () => (await domain()).runner.sendNow(),
  }
}
