import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ConnectionTestResult, ProfilesState, ProfileWork } from '../../common/app-state'
import type { CallRequest } from '../../common/contract'
import { mediadeck } from '../lib/mediadeck'

export const useProfilesStore = defineStore('profiles', () => {
  const state = ref<ProfilesState | null>(null)

  const profiles = computed(() => state.value?.profiles ?? [])
  const activeId = computed(() => state.value?.activeId ?? null)
  const active = computed(() => profiles.value.find((profile) => profile.id === activeId.value) ?? null)
  const encryptionAvailable = computed(() => state.value?.encryptionAvailable ?? true)
  const secretKeeping = computed(() => state.value?.secretKeeping ?? 'encrypted')
  /**
   * Counts main's `profiles:switched`, after the per-profile stores were reset (useAppSession): a view that
   * shows more than the shell loads watches it to fetch the new profile's data.
   */
  const switches = ref(0)

  async function load() {
    state.value = await mediadeck().profiles.list()
  }

  async function save(request: CallRequest<'profiles:save'>) {
    const saved = await mediadeck().profiles.save(request)
    await load()
    return saved
  }

  async function remove(id: string) {
    state.value = await mediadeck().profiles.delete({ id })
  }

  /** What a profile holds here that the service does not have yet: said before it is deleted. */
  function heldWork(id: string): Promise<ProfileWork> {
    return mediadeck().profiles.heldWork({ id })
  }

  async function activate(id: string) {
    state.value = await mediadeck().profiles.activate({ id })
  }

  function test(request: CallRequest<'profiles:test'>): Promise<ConnectionTestResult> {
    return mediadeck().profiles.test(request)
  }

  function subscribe(): () => void {
    return mediadeck().profiles.onChanged((next) => (state.value = next))
  }

  /** Main says another profile is active; the shell resets the per-profile stores (useAppSession). */
  const onSwitched = (reset: () => void) => mediadeck().profiles.onSwitched(reset)

  return {
    state,
    switches,
    profiles,
    activeId,
    active,
    encryptionAvailable,
    secretKeeping,
    load,
    save,
    remove,
    heldWork,
    activate,
    test,
    subscribe,
    onSwitched,
  }
})
