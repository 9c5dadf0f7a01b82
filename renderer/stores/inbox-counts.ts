import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { InboxCounts } from '../../common/inbox'
import { mediadeck } from '../lib/mediadeck'
import { useProfilesStore } from './profiles'

/**
 * The active profile's inbox counts for the sidebar: read once, then kept by `inbox:counts`, which main sends
 * only when a number changed (two numbers, never the list). Counts of another profile are not this one's.
 */
export const useInboxCountsStore = defineStore('inbox-counts', () => {
  const profiles = useProfilesStore()
  const counts = ref<InboxCounts | null>(null)
  let request = 0

  const mine = (c: InboxCounts) => profiles.activeId === null || c.profileId === profiles.activeId

  async function load(): Promise<void> {
    const id = ++request
    try {
      const got = await mediadeck().inbox.counts()
      if (id === request) counts.value = got
    } catch {
      // The sidebar shows no count rather than an error: the inbox view says what went wrong.
      if (id === request) counts.value = null
    }
  }

  function subscribe(): () => void {
    return mediadeck().inbox.onCounts((next) => {
      if (!mine(next)) return
      request++
      counts.value = next
    })
  }

  /** Another profile: its counts are read again. */
  function reset(): void {
    counts.value = null
    void load()
  }

  return { counts, load, subscribe, reset }
})
