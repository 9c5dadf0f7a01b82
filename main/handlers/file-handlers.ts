// The grant set's doors: the native dialog, the preload's drop, and cover frames main writes itself. Only what comes through them may be
// uploaded (see core/files/file-grants.ts).
import { join } from 'node:path'
import { MAX_COVER_BYTES } from '../../common/contract'
import { AppError } from '../../common/errors'
import { COVERS_DIR, saveCoverFrame } from '../core/files/cover-files'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const FILE_HANDLER_NEEDS = ['dataDir', 'grants', 'platform', 'claimCover'] as const
export type FileHandlerDeps = Pick<HostDeps, (typeof FILE_HANDLER_NEEDS)[number]>

export function createFileHandlers(
  deps: FileHandlerDeps,
): HandlerGroup<'files:pick' | 'files:grant-dropped' | 'files:save-cover'> {
  return {
    'files:pick': async ({ directories }) => {
      if (!deps.platform.pickFiles) {
        throw new AppError({
          kind: 'internal',
          ...errorReason('no-file-dialog'),
          message: 'no file dialog is available here',
        })
      }
      const paths = await deps.platform.pickFiles({ directories: directories ?? false })
      return paths.length === 0 ? [] : deps.grants.grant(paths)
    },
    'files:grant-dropped': ({ paths }) => deps.grants.grant(paths),
    // The frame main itself wrote is a third door: its bytes were checked here, and its name made here.
    'files:save-cover': async ({ data }) => {
      const path = await saveCoverFrame(join(deps.dataDir, COVERS_DIR), Buffer.from(data, 'base64'), {
        maxBytes: MAX_COVER_BYTES,
        claim: deps.claimCover,
      })
      const [picked] = await deps.grants.grant([path])
      if (!picked) throw new AppError({ kind: 'file', message: 'The cover could not be kept.' })
      return picked
    },
  }
}
