// The renderer's Content-Security-Policy, sent as a header by both hosts (the app:// protocol in Electron,
// the HTTP server in browser mode). Scripts only from the app itself; no eval, no inline script, no plugins,
// no framing. Images and media come from the app itself (its thumbnails, data: and blob: previews) and from the
// storage origins the files live on, never from any https host: a picture elsewhere (an account's avatar on
// a platform's CDN, a media URL typed into a post) would tell that host when the app is open and what it
// shows. Main fetches such pictures on the page's behalf and serves them on the page's own origin
// (common/pictures.ts, main/host/pictures.ts); one main never fetched shows as initials (UiAvatar). The
// library's thumbnails and the composer's pictures come that way too; the storage origins stay for what main
// does not keep: videos (played and read for covers from the storage), the originals the page reads once to
// make a tile's thumbnail, SVGs, and a picture past main's size cap.
export interface CspOptions {
  /** Extra origins images/media may load from (the embedded sandbox's storage origin). */
  mediaOrigins?: string[]
  /** Extra origins scripts may connect to (the browser mode's WebSocket). */
  connectOrigins?: string[]
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const media = ["'self'", 'data:', 'blob:', ...STORAGE_ORIGINS, ...(options.mediaOrigins ?? [])].join(' ')
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    // Vue's scoped styles and transitions set style attributes; style never runs code.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self' data:",
    // Chromium re-requests an image that fails to decode as a connect-src load (seen with Chromium 156 on a
    // corrupt upload), so the storage origins images come from are allowed here too.
    [
      "connect-src 'self'",
      ...STORAGE_ORIGINS,
      ...(options.mediaOrigins ?? []),
      ...(options.connectOrigins ?? []),
    ].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
  ]
  return directives.join('; ')
}

/** The service's storage origin (public file URLs: https://storage.repliz.com/{key}). */
export const STORAGE_ORIGINS = ['https://*.repliz.com']

/** The sandbox serves its storage on http://localhost:PORT and http://127.0.0.1:PORT. */
export const LOOPBACK_MEDIA_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']
