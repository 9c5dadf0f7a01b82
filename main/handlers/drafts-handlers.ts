// The `drafts:*` and `outbox:*` calls over the drafts core (main/core/drafts). The store and the outbox runner
// are the composition root's (main/host/drafts-outbox.ts): these calls open and use them, never start them.
// Every draft belongs to the profile it was written for: the calls see only the active profile's drafts.
import { AppError } from '../../common/errors'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import type { AppDatabase } from '../core/db/database'
import { csvTemplate, exportDrafts, type CampaignLookup } from '../core/drafts/import-export'
import { exportPosts, importDrafts, previewImport } from '../core/drafts/round-trip'
import type { RoundTripDeps } from '../core/drafts/round-trip'
import type { DraftsDomain, DraftsPort } from '../core/ports'
import { createDraftBulk } from '../core/drafts/draft-bulk'
import type { HandlerDeps, HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const DRAFT_HANDLER_NEEDS = ['active', 'connection', 'drafts', 'database', 'emit'] as const
export type DraftHandlerDeps = Pick<HandlerDeps, 'active' | 'connection'> & {
  /** Tells every open view of a change on the service (an import's new time); absent where none listens. */
  emit?: HandlerDeps['emit']
  drafts: DraftsPort
  /** Where the campaigns are (main/core/campaigns/): the export names each post's. None: left empty. */
  database?: AppDatabase
}

export type DraftCalls =
  | 'drafts:list'
  | 'drafts:snapshot'
  | 'drafts:get'
  | 'drafts:save'
  | 'drafts:delete'
  | 'drafts:schedule'
  | 'drafts:unschedule'
  | 'drafts:schedule-many'
  | 'drafts:unschedule-many'
  | 'drafts:delete-many'
  | 'drafts:move-many'
  | 'drafts:resolve'
  | 'drafts:import'
  | 'drafts:import-preview'
  | 'drafts:export'
  | 'outbox:status'
  | 'outbox:send-now'

export function createDraftHandlers(
  deps: DraftHandlerDeps,
  options: {
    now?: () => Date
    allowMedia?: (path: string) => Promise<boolean>
  } = {},
): HandlerGroup<DraftCalls> {
  const now = options.now ?? (() => new Date())
  const domain = () => deps.drafts.open()
  const campaigns = deps.database ? createCampaignStore(deps.database) : null
  const campaignOf: CampaignLookup | undefined = campaigns ? (ids) => campaigns.idOf(ids) : undefined

  /**
   * Runs a change and answers only once it is on disk: a write that fails (a full disk, a read-only folder)
   * fails the call with its reason, and the store has rolled back, so the list never shows what a restart
   * would not find. What other processes committed is announced first (one indexed query): a change refused
   * because the CLI sent the post a moment ago reaches the page with the post as it is now, not a second later.
   */
  async function durably<T>(change: (domain: DraftsDomain) => T): Promise<T> {
    const opened = await domain()
    await opened.store.refresh()
    return change(opened)
  }

  /**
   * The import and export talk to the service only while it is reachable; offline, a row naming a post on
   * the service is refused with the reason and the export holds the local drafts.
   */
  async function roundTrip(): Promise<RoundTripDeps> {
    const { store } = await domain()
    return {
      store,
      client: deps.connection.isOnline() ? deps.active().client : null,
      profileId: deps.active().profileId,
      now,
      allowMedia: options.allowMedia,
      campaignOf,
    }
  }

  /** Queued while online: sent at once rather than at the outbox's next tick. */
  function sendingSoon<T>(queued: T): T {
    if (deps.connection.isOnline()) {
      void domain()
        .then(({ runner }) => runner.sendNow())
        .catch((error) => console.error('[outbox]', error))
    }
    return queued
  }

  return {
    'drafts:list': async () => {
      const { store, service } = await domain()
      // Drafts the CLI added while the app was open.
      await store.refresh()
      return service.list()
    },
    'drafts:snapshot': async () => {
      const { store, service, publishedSeq } = await domain()
      await store.refresh()
      // The changes waiting go out first: the list read next includes them, and the number says so.
      const seq = publishedSeq()
      return { items: service.list(), seq }
    },
    'drafts:get': async ({ id }) => (await domain()).service.get(id),
    'drafts:save': async ({ queue, ...request }) => {
      if (!queue) return durably(({ service }) => service.save(request))
      return sendingSoon(await durably(({ service }) => service.saveAndQueue(request)))
    },
    'drafts:delete': ({ id }) => durably(({ service }) => service.remove(id)),
    // The channel keeps its contract name (common/contract.ts); what it does is queue the draft locally.
    'drafts:schedule': async ({ id }) => sendingSoon(await durably(({ service }) => service.queue(id))),
    'drafts:unschedule': ({ id }) => durably(({ service }) => service.unqueue(id)),
    'drafts:schedule-many': async ({ drafts }) => {
      const result = await durably(({ store, service }) => createDraftBulk(store, service).schedule(drafts))
      if (result.changed.length > 0) sendingSoon(null)
      return result
    },
    'drafts:unschedule-many': ({ drafts }) =>
      durably(({ store, service }) => createDraftBulk(store, service).unschedule(drafts)),
    'drafts:delete-many': ({ drafts }) =>
      durably(({ store, service }) => createDraftBulk(store, service).remove(drafts)),
    'drafts:move-many': ({ drafts }) =>
      durably(({ store, service }) => createDraftBulk(store, service).move(drafts)),
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
    'drafts:import-preview': async ({ format, content, timeZone, dateOrder }) =>
      previewImport(await roundTrip(), format, content, { timeZone, dateOrder }),
    'drafts:import': async ({ format, content, choices, timeZone, dateOrder }) => {
      const result = await importDrafts(await roundTrip(), format, content, choices, { timeZone, dateOrder })
      // Posts on the service changed in place (a new time): every open view reads its period again. The
      // drafts' own changes reach them as drafts:changed.
      if (result.updatedOnService.length > 0)
        deps.emit?.('schedules:changed', { posts: [], removed: [], reload: true })
      return result
    },
    'drafts:export': async ({ format, ids, from, to, timeZone, template }) => {
      if (template) return csvTemplate(now(), timeZone)
      const { service } = await domain()
      // Chosen drafts only, as before; otherwise the service's posts in the range with every local draft.
      if (ids)
        return exportDrafts(
          ids.map((id) => service.get(id)),
          format,
          now(),
          timeZone,
          campaignOf,
        )
      return exportPosts(await roundTrip(), format, { range: { from, to }, timeZone })
    },
    'outbox:status': async () => (await domain()).runner.state(),
    'outbox:send-now': async () => (await domain()).runner.sendNow(),
  }
}
