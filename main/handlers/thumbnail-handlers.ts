// `thumbnails:put` and `thumbnails:get`: the tiles' small pictures, kept in the data folder (core/thumbnails).
// `get` answers with addresses of the page's own origin (common/pictures.ts), not the bytes: the page loads each
// from the picture route (main/host/pictures.ts), which reads the same cache.
import { thumbnailAddress } from '../../common/pictures'
import type { ThumbnailCache } from '../core/thumbnails/thumbnail-cache'
import type { HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const THUMBNAIL_HANDLER_NEEDS = ['thumbnails'] as const
export interface ThumbnailHandlerDeps {
  thumbnails: Pick<ThumbnailCache, 'put' | 'kept'>
}

export function createThumbnailHandlers(
  deps: ThumbnailHandlerDeps,
): HandlerGroup<'thumbnails:put' | 'thumbnails:get'> {
  return {
    'thumbnails:put': ({ key, data }) => deps.thumbnails.put(key, Buffer.from(data, 'base64')),
    'thumbnails:get': async ({ keys }) =>
      Object.fromEntries((await deps.thumbnails.kept(keys)).map((key) => [key, thumbnailAddress(key)])),
  }
}
