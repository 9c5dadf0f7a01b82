import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { HOST_LINK_EVENT } from '../../common/app-state'
import type { ConnectionState, ConnectionStatus, HostLinkDetail } from '../../common/app-state'
import { mediadeck } from '../lib/mediadeck'

export const useConnectionStore = defineStore('connection', () => {
  const state = ref<ConnectionState | null>(null)
  const checking = ref(false)
  /**
   * Browser mode: the Mediadeck app serving this page has stopped. Nothing about the service is known then,
   * so the page says the app stopped rather than showing the service's last state ("Online").
   */
  const hostStopped = ref(false)

  const status = computed<ConnectionStatus | 'stopped'>(() =>
    hostStopped.value ? 'stopped' : (state.value?.status ?? 'checking'),
  )
  const online = computed(() => status.value === 'online')
  const offline = computed(() => status.value === 'offline')

  async function load() {
    state.value = await mediadeck().connection.status()
  }

  async function check() {
    // Nothing answers while the app serving the page is stopped; the banner already says so.
    if (hostStopped.value) return
    checking.value = true
    try {
      state.value = await mediadeck().connection.check()
    } finally {
      checking.value = false
    }
  }

  function subscribe(): () => void {
    const onHostLink = (event: Event) => {
      const { linked } = (event as CustomEvent<HostLinkDetail>).detail
      hostStopped.value = !linked
      // Back: what the service did meanwhile is unknown.
      if (linked) void load().catch(() => undefined)
    }
    window.addEventListener(HOST_LINK_EVENT, onHostLink)
    const stop = mediadeck().connection.onChanged((next) => (state.value = next))
    return () => {
      stop()
      window.removeEventListener(HOST_LINK_EVENT, onHostLink)
    }
  }

  return { state, status, online, offline, checking, hostStopped, load, check, subscribe }
})
