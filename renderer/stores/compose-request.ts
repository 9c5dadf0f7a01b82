import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Draft } from '../../common/drafts'
import type { ScheduleMedia } from '../../common/service'

/**
 * A new post asked for from another view ("use in a new post" in the Library, "post again" in Insights): the
 * Planner takes it when it opens and starts the composer with these media, or on that new draft. A store rather than a route query: a list of addresses does
 * not belong in the address, and a reload must not open the composer again.
 */
export const useComposeRequestStore = defineStore('compose-request', () => {
  const pending = ref<ScheduleMedia[] | null>(null)
  function request(medias: ScheduleMedia[]) {
    pending.value = medias
  }
  function take(): ScheduleMedia[] | null {
    const medias = pending.value
    pending.value = null
    return medias
  }
  const pendingDraft = ref<Draft | null>(null)
  function requestDraft(draft: Draft) {
    pendingDraft.value = draft
  }
  function takeDraft(): Draft | null {
    const draft = pendingDraft.value
    pendingDraft.value = null
    return draft
  }
  return { pending, request, take, pendingDraft, requestDraft, takeDraft }
})
