// The `campaigns:*` calls: the active profile's campaigns (main/core/campaigns/), edited as one and shrunk by
// an account. The posts stay where they are (local drafts, the service); these calls change them through the
// drafts service and the service client, and keep the record saying they belong together.
import type { Campaign } from '../../common/campaigns'
import { editCampaign, removeCampaignAccount, type CampaignDeps } from '../core/campaigns/campaign-edit'
import { createCampaignStore } from '../core/campaigns/campaign-store'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const CAMPAIGN_HANDLER_NEEDS = ['active', 'connection', 'drafts', 'database'] as const
export type CampaignHandlerDeps = Pick<HostDeps, (typeof CAMPAIGN_HANDLER_NEEDS)[number]>

type CampaignCall = 'campaigns:list' | 'campaigns:update' | 'campaigns:remove-account'

export function createCampaignHandlers(
  deps: CampaignHandlerDeps,
  options: { now?: () => Date } = {},
): HandlerGroup<CampaignCall> {
  const campaigns = createCampaignStore(deps.database, options)

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
   * drafts still without one are read (by id): the page asks after every change of the drafts, and reading
   * the profile's every draft made each save wait on main for as long as 10,000 drafts take to parse.
   */
  async function linked(): Promise<Campaign[]> {
    const { store } = await deps.drafts.open()
    const profileId = deps.active().profileId
    campaigns.linkSchedules(
      campaigns.draftsAwaitingSchedule(profileId).flatMap((id) => {
        const scheduleId = store.get(id)?.scheduleId
        return scheduleId ? [{ draftId: id, scheduleId }] : []
      }),
    )
    return campaigns.listForProfile(profileId)
  }

  return {
    'campaigns:list': () => linked(),
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
