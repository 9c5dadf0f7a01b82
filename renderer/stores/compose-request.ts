import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ScheduleMedia } from '../../common/service'

/**
 * A new post asked for from another view ("use in a new post" in the Library): the Planner takes it when it
 * opens and starts the composer with these media. A store rather than a route query: a list of addresses does
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
  return { pending, request, take }
})
