import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ConnectionState } from '../../common/app-state'
import { mediadeck } from '../lib/mediadeck'

export const useConnectionStore = defineStore('connection', () => {
  const state = ref<ConnectionState | null>(null)
  const checking = ref(false)

  const status = computed(() => state.value?.status ?? 'checking')
  const online = computed(() => status.value === 'online')
  const offline = computed(() => status.value === 'offline')

  async function load() {
    state.value = await mediadeck().connection.status()
  }

  async function check() {
    checking.value = true
    try {
      state.value = await mediadeck().connection.check()
    } finally {
      checking.value = false
    }
  }

  function subscribe(): () => void {
    return mediadeck().connection.onChanged((next) => (state.value = next))
  }

  return { state, status, online, offline, checking, load, check, subscribe }
})
