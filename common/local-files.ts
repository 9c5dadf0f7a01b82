// How the page reads a file the person gave this app (a picked video, a chosen cover): through a route of the
// page's own origin that main answers only for granted files (main/core/files/granted-file-reader.ts). In
// Electron that is app://mediadeck/local-file?path=…, in browser mode /<token>/local-file?path=…; both are
// the page's base address plus this relative one, so the page needs no other knowledge of its host.

export const LOCAL_FILE_ROUTE = 'local-file'

/** The page-relative address of the granted file at `path`. */
export function localFileAddress(path: string): string {
  return `${LOCAL_FILE_ROUTE}?path=${encodeURIComponent(path)}`
}

/**
 * A cover (a media item's `thumbnail`) that is still a file on this computer: anything that is not a web
 * address. The outbox uploads it when the post is sent and puts the address in its place.
 */
export function isLocalCover(thumbnail: string): boolean {
  return thumbnail !== '' && !/^https?:\/\//i.test(thumbnail)
}
