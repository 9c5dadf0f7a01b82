import { AppError } from '../../common/errors'
import { isAllowedExternalUrl } from '../host/external-links'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

export function createAppHandlers(deps: HostDeps): HandlerGroup<'app:info' | 'app:open-external'> {
  return {
    'app:info': async () => deps.appInfo(),
    'app:open-external': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError({
          kind: 'validation',
          field: 'url',
          message: 'this address is not on the allow-list',
        })
      }
      await deps.platform.openExternal?.(url)
    },
  }
}
