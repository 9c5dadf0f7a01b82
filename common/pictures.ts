// How the page shows a picture that lives on another host (an account's avatar on a platform's CDN): never
// from that host (the page's CSP names the app's own origins only, main/host/csp.ts), but through a route of
// the page's own origin that main answers from the pictures it fetched and keeps (main/core/pictures/). In
// Electron that is app://mediadeck/picture?…, in browser mode /<token>/picture?…; as with local files
// (./local-files.ts) both are the page's base address plus this relative one.

export const PICTURE_ROUTE = 'picture'

/**
 * The page-relative address of the picture at `url`, kept by main under `key` (what the picture is of:
 * `account:<id>`, so the same avatar at a new CDN address is still the one kept). An empty `url` stays empty
 * (the avatar shows initials), and an address the page may load itself (data:, blob:) is left as it is.
 */
export function pictureAddress(url: string | undefined, key?: string): string {
  if (!url || !/^https?:\/\//i.test(url)) return url ?? ''
  const params = new URLSearchParams({ src: url })
  if (key) params.set('key', key)
  return `${PICTURE_ROUTE}?${params.toString()}`
}

/** The key of an account's avatar: its id outlives the address the service gives for the picture. */
export const accountPictureKey = (accountId: string): string => `account:${accountId}`

/** The key of the picture of a person on a platform (the owner of a comment an automation answered). */
export const ownerPictureKey = (ownerId: string): string => `owner:${ownerId}`

/**
 * The page-relative address of the small picture main keeps of the stored file at `fileUrl` (the library's
 * tiles, main/core/thumbnails): answered from main's disk, 404 when none is kept, never from the storage host.
 */
export function thumbnailAddress(fileUrl: string): string {
  return `${PICTURE_ROUTE}?${new URLSearchParams({ thumb: fileUrl }).toString()}`
}

/**
 * Where the page shows a stored picture (a post's image, a video's cover), best first: main's copy of the
 * original (fetched once and kept, so it shows offline once seen), then the library's small picture of it
 * (kept when the file was seen in the library, for an original main could not fetch: offline and never
 * shown, or larger than it keeps). An address that is no web address (a local file's route, data:, blob:) is
 * the page's own already and is shown as it is.
 */
export function storedPictureAddresses(url: string): string[] {
  if (!url) return []
  if (!/^https?:\/\//i.test(url)) return [url]
  return keptByMain(url) ? [pictureAddress(url), thumbnailAddress(url)] : [thumbnailAddress(url)]
}

/**
 * Whether main's picture route can keep the picture at this web address: not an SVG, which can carry script
 * and is refused (main/core/pictures/picture-fetch.ts), so asking would only fail. Known by the name, as
 * stored files keep theirs (the tiles' thumbnails of an SVG are raster and kept all the same).
 */
export function keptByMain(url: string): boolean {
  try {
    return !/\.svgz?$/i.test(new URL(url).pathname)
  } catch {
    return false
  }
}
