// `thumbnails:put` and `thumbnails:get`: the tiles' small pictures, kept in the data folder (core/thumbnails).
import { join } from 'node:path'
import { MAX_THUMBNAIL_BYTES } from '../../common/contract'
import { createThumbnailCache, DEFAULT_THUMBNAIL_CACHE_BYTES } from '../core/thumbnails/thumbnail-cache'
import type { HandlerDeps, HandlerGroup } from './types'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const THUMBNAIL_HANDLER_NEEDS = ['dataDir'] as const
export type ThumbnailHandlerDeps = Pick<HandlerDeps, (typeof THUMBNAIL_HANDLER_NEEDS)[number]>

export function createThumbnailHandlers(
  deps: ThumbnailHandlerDeps,
  options: { maxBytes?: number } = {},
): HandlerGroup<'thumbnails:put' | 'thumbnails:get'> {
  const cache = createThumbnailCache({
    dir: join(deps.dataDir, 'thumbnails'),
    maxBytes: options.maxBytes ?? DEFAULT_THUMBNAIL_CACHE_BYTES,
    maxItemBytes: MAX_THUMBNAIL_BYTES,
  })
  return {
    'thumbnails:put': ({ key, data }) => cache.put(key, Buffer.from(data, 'base64')),
    'thumbnails:get': ({ keys }) => cache.get(keys),
  }
}
