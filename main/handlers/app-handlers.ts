import { AppError } from '../../common/errors'
import type { OutboxState } from '../../common/drafts'
import { buildDiagnostics, listCrashReports } from '../core/diagnostics'
import { isAllowedExternalUrl } from '../core/external-links'
import type { HostDeps } from './host-deps'
import { profilesState } from './profile-handlers'
import type { HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const APP_HANDLER_NEEDS = [
  'profiles',
  'sandbox',
  'active',
  'appInfo',
  'connection',
  'crashReportsDir',
  'platform',
  'redactor',
  'store',
] as const
export type AppHandlerDeps = Pick<HostDeps, (typeof APP_HANDLER_NEEDS)[number]>

export function createAppHandlers(
  deps: AppHandlerDeps,
  more: { outboxState(): Promise<OutboxState> },
): HandlerGroup<'app:info' | 'app:open-external' | 'app:diagnostics' | 'app:crash-reports'> {
  return {
    'app:info': async () => deps.appInfo(),
    'app:diagnostics': async () => {
      const uploads = deps.active().uploads
      // A drafts file that cannot be read must not cost the rest of the report.
      const outbox = await more.outboxState().catch(() => undefined)
      return buildDiagnostics(
        {
          info: deps.appInfo(),
          settings: deps.store.get('settings'),
          profiles: profilesState(deps),
          connection: deps.connection.current(),
          uploads: { items: uploads.list(), totals: uploads.totals(), paused: uploads.isPaused() },
          outbox,
          crashReports: listCrashReports(deps.crashReportsDir),
          now: new Date(),
        },
        deps.redactor,
      )
    },
    'app:crash-reports': async () => listCrashReports(deps.crashReportsDir),
    'app:open-external': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError({
          kind: 'validation',
          field: 'url',
          ...errorReason('address-not-allowed'),
          message: 'this address is not on the allow-list',
        })
      }
      await deps.platform.openExternal?.(url)
    },
  }
}
