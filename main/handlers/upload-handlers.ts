// The upload queue of the active profile. Paths are checked against the grant set before the engine sees
// them; folders expand to their files.
import { AppError } from '../../common/errors'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

type UploadCall =
  | 'uploads:start'
  | 'uploads:start-dropped'
  | 'uploads:list'
  | 'uploads:cancel'
  | 'uploads:retry'
  | 'uploads:remove'
  | 'uploads:retry-failed'
  | 'uploads:clear-finished'
  | 'uploads:one'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const UPLOAD_HANDLER_NEEDS = ['active', 'grants'] as const
export type UploadHandlerDeps = Pick<HostDeps, (typeof UPLOAD_HANDLER_NEEDS)[number]>

const noFiles = () =>
  new AppError({
    kind: 'validation',
    field: 'paths',
    ...errorReason('no-files'),
    message: 'no files to upload',
  })

export function createUploadHandlers(deps: UploadHandlerDeps): HandlerGroup<UploadCall> {
  const engine = () => deps.active().uploads
  const known = (id: string) => {
    if (!engine().get(id))
      throw new AppError({
        kind: 'not-found',
        ...errorReason('upload-not-found'),
        message: 'upload not found',
      })
  }
  return {
    'uploads:start': async ({ paths }) => {
      const files = await deps.grants.resolveForUpload(paths)
      if (files.length === 0) throw noFiles()
      // The app shows a file that does not fit, or cannot be read, as a failed row next to the ones that go.
      return engine().add(files, { whenFull: 'fail-excess', whenUnreadable: 'fail-each' })
    },
    // A drop on the window always uploads: what was dropped is granted and queued in one call, the grant's
    // own answer (folders expanded) being what is queued, so the paths are not checked a second time here.
    'uploads:start-dropped': async ({ paths }) => {
      const files = await deps.grants.grant(paths)
      if (files.length === 0) throw noFiles()
      return engine().add(
        files.map((file) => file.path),
        { whenFull: 'fail-excess', whenUnreadable: 'fail-each' },
      )
    },
    'uploads:list': async () => ({ items: engine().list(), totals: engine().totals() }),
    'uploads:cancel': async ({ id }) => {
      known(id)
      await engine().cancel(id)
    },
    'uploads:retry': async ({ id }) => {
      known(id)
      engine().retry(id)
    },
    'uploads:remove': async ({ id }) => {
      known(id)
      engine().remove(id)
    },
    'uploads:retry-failed': async () => engine().retryAllFailed(),
    'uploads:clear-finished': async () => engine().clearFinished(),
    // A picture the page made (a crop, core/files/cover-files.ts) goes up through the same queue as any file,
    // shown in it, and the caller gets its address once it is stored.
    'uploads:one': async ({ path, name }) => {
      const [file] = await deps.grants.resolveForUpload([path])
      if (!file)
        throw new AppError({
          kind: 'validation',
          field: 'path',
          ...errorReason('no-files'),
          message: 'no file to upload',
        })
      const item = await engine().uploadOne(file, name ? { name } : {})
      if (item.state === 'done' && item.url) return { url: item.url }
      throw new AppError(
        item.error ?? {
          kind: 'cancelled',
          ...errorReason('upload-stopped', { name: item.name }),
          message: `the upload of ${item.name} was ${item.state}`,
        },
      )
    },
  }
}
