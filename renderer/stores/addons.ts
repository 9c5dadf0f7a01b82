import { defineStore } from 'pinia'
import { ref } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { Addons, LinkMetadata, MusicTrack, ScheduleChannel } from '../../common/service'
import { mediadeck } from '../lib/mediadeck'

/** A list fetched once per key, with its state, for the composer's pickers. */
export interface Fetched<T> {
  loading: boolean
  value?: T
  error?: AppErrorData
}

function errorOf(error: unknown): AppErrorData {
  return AppError.from(error).toJSON()
}

/**
 * The service's add-ons (newer OpenAPI): what the plan holds (shown beside the storage figures), and the
 * composer's helpers: a WhatsApp account's channels, TikTok's music chart, a page's link card.
 */
export const useAddonsStore = defineStore('addons', () => {
  const plan = ref<Addons | null>(null)
  const planError = ref<AppErrorData | null>(null)
  const channels = ref<Record<string, Fetched<ScheduleChannel[]>>>({})

  async function loadPlan() {
    try {
      plan.value = await mediadeck().plan.addons()
      planError.value = null
    } catch (error) {
      planError.value = errorOf(error)
    }
  }

  /** The channels and groups of a WhatsApp account; asked once, again only after a failure. */
  async function loadChannels(accountId: string) {
    const known = channels.value[accountId]
    if (known?.loading || known?.value) return
    channels.value = { ...channels.value, [accountId]: { loading: true } }
    try {
      const value = await mediadeck().composer.whatsappChannels({ accountId })
      channels.value = { ...channels.value, [accountId]: { loading: false, value } }
    } catch (error) {
      channels.value = { ...channels.value, [accountId]: { loading: false, error: errorOf(error) } }
    }
  }

  async function music(query: {
    genre: string
    countryCode: string
    dateRange: string
  }): Promise<MusicTrack[]> {
    return mediadeck().composer.music(
      query as Parameters<ReturnType<typeof mediadeck>['composer']['music']>[0],
    )
  }

  async function linkMetadata(url: string): Promise<LinkMetadata> {
    return mediadeck().composer.linkMetadata({ url })
  }

  return { plan, planError, channels, loadPlan, loadChannels, music, linkMetadata }
})
