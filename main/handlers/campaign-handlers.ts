// The `campaigns:*` calls: the active profile's campaigns (main/core/campaigns/), edited as one and shrunk by
// an account. The posts stay where they are (local drafts, the service); these calls change them through the
// drafts service and the service client, and keep the record saying they belong together. The page holds the
// list as `campaigns:snapshot` read it and `campaigns:changed` changes it (../core/campaigns/campaign-changes.ts).
import type { DraftChanges } from '../core/drafts/draft-store-types'
import { createCampaignChanges } from '../core/campaigns/campaign-changes'
import { editCampaign, removeCampaignAccount, type CampaignDeps } from '../core/campaigns/campaign-edit'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import type { ChangeTimers } from '../core/db/database'
import type { PublisherTimers } from '../core/list-publisher'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const CAMPAIGN_HANDLER_NEEDS = [
  'active',
  'connection',
  'drafts',
  'database',
  'emit',
  'onDispose',
] as const
export type CampaignHandlerDeps = Pick<HostDeps, (typeof CAMPAIGN_HANDLER_NEEDS)[number]>

type CampaignCall = 'campaigns:list' | 'campaigns:snapshot' | 'campaigns:update' | 'campaigns:remove-account'

export function createCampaignHandlers(
  deps: CampaignHandlerDeps,
  options: {
    now?: () => Date
    /** The clock of the change events (at most one every 50 ms); tests step it. */
    timers?: PublisherTimers
    /** The database watch's timer (tests hold it still). */
    watchTimers?: ChangeTimers
  } = {},
): HandlerGroup<CampaignCall> {
  const campaigns = createCampaignStore(deps.database, options)
  const changes = createCampaignChanges({
    database: deps.database,
    campaigns,
    profileId: () => deps.active().profileId,
    send: (change) => deps.emit('campaigns:changed', change),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.watchTimers ? { watchTimers: options.watchTimers } : {}),
  })
  let stopLinking: (() => void) | undefined
  deps.onDispose?.(() => {
    stopLinking?.()
    changes.close()
  })

  async function core(): Promise<CampaignDeps> {
    const { store, service } = await deps.drafts.open()
    return {
      campaigns,
      drafts: service,
      draftOf: (id) => store.get(id),
      client: deps.connection.isOnline() ? deps.active().client : null,
    }
  }

  /**
   * The drafts the outbox has sent since: their campaign learns the service's id of each. Only the campaigns'
   * drafts still without one are read (by id): reading the profile's every draft would make a list wait on
   * main for as long as 10,000 drafts take to parse.
   */
  async function link(): Promise<void> {
    const { store } = await deps.drafts.open()
    campaigns.linkSchedules(
      campaigns.draftsAwaitingSchedule(deps.active().profileId).flatMap((id) => {
        const scheduleId = store.get(id)?.scheduleId
        return scheduleId ? [{ draftId: id, scheduleId }] : []
      }),
    )
  }

  /**
   * A draft sent (here or by the CLI: the drafts store announces both) gets its service id: its campaign is
   * linked at once, and the change goes to the page. Only a change holding a draft with a service id can
   * link one, so a text the composer autosaves costs nothing here.
   */
  function linkSent(drafts: DraftChanges): void {
    const sent = new Map(drafts.changed.flatMap((d) => (d.scheduleId ? [[d.id, d.scheduleId] as const] : [])))
    if (sent.size === 0) return
    const links = campaigns
      .draftsAwaitingSchedule(deps.active().profileId)
      .flatMap((draftId) => (sent.has(draftId) ? [{ draftId, scheduleId: sent.get(draftId)! }] : []))
    try {
      campaigns.linkSchedules(links)
    } catch (error) {
      // A busy or full database: the next snapshot links them (link() above).
      console.error('[campaigns] linking sent posts failed', error)
    }
  }

  return {
    'campaigns:list': async () => {
      await link()
      return campaigns.listForProfile(deps.active().profileId)
    },
    'campaigns:snapshot': async () => {
      const { store } = await deps.drafts.open()
      stopLinking ??= store.onChange(linkSent)
      await link()
      return changes.snapshot()
    },
    'campaigns:update': async (request) => {
      const result = await editCampaign(await core(), request)
      await deps.drafts.open().then(({ runner }) => {
        // Posts queued or added by the edit go now rather than at the next tick.
        if (deps.connection.isOnline())
          void runner.sendNow().catch((error) => console.error('[outbox]', error))
      })
      return result
    },
    'campaigns:remove-account': async ({ id, accountId }) =>
      removeCampaignAccount(await core(), id, accountId),
  }
}
