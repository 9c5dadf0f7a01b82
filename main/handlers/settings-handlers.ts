import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const SETTINGS_HANDLER_NEEDS = ['active', 'emit', 'store'] as const
export type SettingsHandlerDeps = Pick<HostDeps, (typeof SETTINGS_HANDLER_NEEDS)[number]>

export function createSettingsHandlers(
  deps: SettingsHandlerDeps,
): HandlerGroup<'settings:get' | 'settings:update'> {
  return {
    'settings:get': async () => deps.store.get('settings'),
    'settings:update': async (patch) => {
      const before = deps.store.get('settings')
      const next = { ...before }
      if (patch.uploadConcurrency !== undefined) next.uploadConcurrency = patch.uploadConcurrency
      if (patch.uploadRateLimit !== undefined) next.uploadRateLimit = patch.uploadRateLimit
      if (patch.language !== undefined) next.language = patch.language
      if (patch.theme !== undefined) next.theme = patch.theme
      if (patch.runInBackground !== undefined) next.runInBackground = patch.runInBackground
      if (patch.openAtLogin !== undefined) next.openAtLogin = patch.openAtLogin
      // Read when a queue opens (the next start or profile switch): history is trimmed then.
      if (patch.uploadHistoryDays !== undefined) next.uploadHistoryDays = patch.uploadHistoryDays
      if (patch.quietHours !== undefined) next.quietHours = { ...patch.quietHours }
      if (patch.plannerView !== undefined) next.plannerView = patch.plannerView
      deps.store.set('settings', next)
      if (next.uploadConcurrency !== before.uploadConcurrency) {
        deps.active().uploads.setConcurrency(next.uploadConcurrency)
      }
      // Applies to the transfers already running, not only to the next ones.
      if (next.uploadRateLimit !== before.uploadRateLimit) {
        deps.active().uploads.setRateLimit(next.uploadRateLimit)
      }
      deps.emit('settings:changed', next)
      return next
    },
  }
}
