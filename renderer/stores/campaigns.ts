import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { Campaign } from '../../common/campaigns'
import type { CallRequest, CallResponse } from '../../common/contract'
import { applyChanges } from '../../common/list-changes'
import { createListMirror, reloadOnRelink } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'

/**
 * The local campaign records (main/core/campaigns/): which of the calendar's posts were composed together. The
 * posts themselves stay in the drafts and planner stores; this only says how to group them. Mirrored from
 * main: read whole once (`campaigns:snapshot`), then main's `campaigns:changed` changes applied to it, which
 * also bring what a sent post or another process changed (renderer/lib/list-mirror.ts); never read again
 * after a change of the drafts.
 */
export const useCampaignsStore = defineStore('campaigns', () => {
  const campaigns = shallowRef<Campaign[]>([])
  const byId = computed(() => new Map(campaigns.value.map((c) => [c.id, c])))
  let subscribers = 0
  let unsubscribe: Array<() => void> = []

  const mirror = createListMirror<Campaign>({
    hold: (items) => (campaigns.value = items),
    apply: (changed, removed) =>
      (campaigns.value = applyChanges(campaigns.value, { seq: 0, changed, removed })),
    reload: () => void load().catch(() => undefined),
  })

  async function load() {
    await mirror.load(() => mediadeck().campaigns.snapshot())
  }

  /** Ref-counted: whoever shows campaigns listens while it does. */
  function subscribe(): () => void {
    if (subscribers++ === 0)
      unsubscribe = [mediadeck().campaigns.onChanged(mirror.take), reloadOnRelink(mirror)]
    return () => {
      if (--subscribers === 0) for (const stop of unsubscribe.splice(0)) stop()
    }
  }

  /** A call's answer: the campaign as it is now, or gone (fewer than two posts left). Its change follows. */
  function replace(id: string, campaign: Campaign | null) {
    campaigns.value = applyChanges(
      campaigns.value,
      campaign ? { seq: 0, changed: [campaign], removed: [] } : { seq: 0, changed: [], removed: [id] },
    )
  }

  async function update(request: CallRequest<'campaigns:update'>): Promise<CallResponse<'campaigns:update'>> {
    const result = await mediadeck().campaigns.update(request)
    replace(request.id, result.campaign)
    return result
  }

  /** Takes an account out and deletes its post: called when the Undo toast closes (use-held-delete.ts). */
  async function removeAccount(id: string, accountId: string): Promise<void> {
    replace(id, await mediadeck().campaigns.removeAccount({ id, accountId }))
  }

  /** Another profile is active: its campaigns come with the next load. */
  function reset() {
    campaigns.value = []
    mirror.forget()
  }

  return { campaigns, byId, load, subscribe, update, removeAccount, reset }
})
