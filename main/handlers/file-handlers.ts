// The grant set's doors: the native dialog and the preload's drop. Only what comes through them may be
// uploaded (see core/files/file-grants.ts).
import { AppError } from '../../common/errors'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'

export function createFileHandlers(deps: HostDeps): HandlerGroup<'files:pick' | 'files:grant-dropped'> {
  return {
    'files:pick': async ({ directories }) => {
      if (!deps.platform.pickFiles) {
        throw new AppError({ kind: 'internal', message: 'no file dialog is available here' })
      }
      const paths = await deps.platform.pickFiles({ directories: directories ?? false })
      return paths.length === 0 ? [] : deps.grants.grant(paths)
    },
    'files:grant-dropped': ({ paths }) => deps.grants.grant(paths),
  }
}
