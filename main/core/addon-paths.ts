// The service moved its add-on helpers under /public/addon/ (newer OpenAPI: /public/addon/link/metadata,
// /public/addon/tiktok/music; formerly /public/link/metadata, /public/tiktok/music). A service from before the
// move answers 404 at the new path: then the old one is asked, and, once it answered, asked first from then on
// for this client, so an older service costs one extra request, not one per call.
import { AppError } from '../../common/errors'

export interface AddonPath {
  current: string
  former: string
}

export const ADDON_PATHS = {
  linkMetadata: { current: '/public/addon/link/metadata', former: '/public/link/metadata' },
  tiktokMusic: { current: '/public/addon/tiktok/music', former: '/public/tiktok/music' },
} as const satisfies Record<string, AddonPath>

/** A path has no resource id, so its 404 means the route is missing, never a record. */
function routeMissing(error: unknown): boolean {
  return error instanceof AppError && error.kind === 'not-found'
}

/** Calls `request` at the path that works: the current one, else the former; remembers which answered. */
export function createAddonPaths(): <T>(
  path: AddonPath,
  request: (path: string) => Promise<T>,
) => Promise<T> {
  const answered = new Map<string, string>()
  return async (path, request) => {
    const first = answered.get(path.current) ?? path.current
    try {
      const result = await request(first)
      answered.set(path.current, first)
      return result
    } catch (error) {
      if (!routeMissing(error)) throw error
      const other = first === path.current ? path.former : path.current
      try {
        const result = await request(other)
        answered.set(path.current, other)
        return result
      } catch (second) {
        // Neither is there: the first refusal says what was asked for.
        if (routeMissing(second)) throw error
        throw second
      }
    }
  }
}
