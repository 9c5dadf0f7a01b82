// The outbox's uploader over an upload engine, one for the app (drafts handlers) and the CLI (`sync`): a media
// item goes up under its stable key, the final state decides, and a stop (the run's AbortSignal) cancels the
// transfer instead of leaving it running. The engine's own signal only stops the wait (upload-engine-types.ts).
import { AppError } from '../../../common/errors'
import type { UploadEngine } from '../uploads/upload-engine'
import type { UploadMedia } from './outbox-uploads'

export function createEngineUploader(
  engine: () => Pick<UploadEngine, 'uploadOne' | 'keyed' | 'cancel'>,
): UploadMedia {
  return async (media, { key, signal }) => {
    const uploads = engine()
    const stop = () => {
      const item = uploads.keyed(key)
      if (item) void uploads.cancel(item.id)
    }
    signal?.addEventListener('abort', stop, { once: true })
    try {
      const item = await uploads.uploadOne(media.path, { key, signal })
      if (item.state === 'done' && item.url) return item.url
      throw new AppError(
        item.error ?? { kind: 'cancelled', message: `The upload of ${media.name} was ${item.state}.` },
      )
    } finally {
      signal?.removeEventListener('abort', stop)
      // A stop that came while the item was being added found nothing to cancel yet.
      if (signal?.aborted) stop()
    }
  }
}
