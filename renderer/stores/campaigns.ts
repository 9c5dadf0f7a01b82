import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { Campaign } from '../../common/campaigns'
import type { CallRequest, CallResponse } from '../../common/contract'
import { mediadeck } from '../lib/mediadeck'

/**
 * The local campaign records (main/core/campaigns/): which of the calendar's posts were composed together. The
 * posts themselves stay in the drafts and planner stores; this only says how to group them.
 */
export const useCampaignsStore = defineStore('campaigns', () => {
  const campaigns = shallowRef<Campaign[]>([])
  const byId = computed(() => new Map(campaigns.value.map((c) => [c.id, c])))

  async function load() {
    campaigns.value = await mediadeck().campaigns.list()
  }

  async function update(request: CallRequest<'campaigns:update'>): Promise<CallResponse<'campaigns:update'>> {
    const result = await mediadeck().campaigns.update(request)
    await load()
    return result
  }

  /** Takes an account out and deletes its post: called when the Undo toast closes (use-held-delete.ts). */
  async function removeAccount(id: string, accountId: string): Promise<void> {
    await mediadeck().campaigns.removeAccount({ id, accountId })
    await load()
  }

  function reset() {
    campaigns.value = []
  }

  return { campaigns, byId, load, update, removeAccount, reset }
})
