// The plan's add-ons and the composer's helpers, through the active profile's client (newer OpenAPI:
// /public/me/addon and /public/addon/...; the client falls back to the older paths, core/addon-paths.ts).
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

type AddonCall = 'plan:addons' | 'composer:link-metadata' | 'composer:music' | 'composer:whatsapp-channels'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const ADDON_HANDLER_NEEDS = ['active'] as const
export type AddonHandlerDeps = Pick<HostDeps, (typeof ADDON_HANDLER_NEEDS)[number]>

export function createAddonHandlers(deps: AddonHandlerDeps): HandlerGroup<AddonCall> {
  const client = () => deps.active().client
  return {
    'plan:addons': () => client().addons(),
    'composer:link-metadata': ({ url }) => client().linkMetadata(url),
    'composer:music': (query) => client().tiktokMusic(query),
    'composer:whatsapp-channels': ({ accountId }) => client().whatsappChannels(accountId),
  }
}
