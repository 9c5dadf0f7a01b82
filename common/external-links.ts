// Which addresses may leave the app for the user's browser: https only, and only the hosts on the list below
// (with their subdomains): the service's site, GitHub, and the networks the service publishes to, where a
// published post lives (the insights' and the inbox's "open it on its network").
// Everything else a page tries to open is refused (the renderer has no business sending users elsewhere). Main
// checks every address it is asked to open (main/core/external-links.ts); the page reads the same rule to offer
// "Open" only where it will work (a network's media CDN, say, is not on the list).
export const EXTERNAL_HOST_ALLOW_LIST = [
  'repliz.com',
  'github.com',
  'facebook.com',
  'instagram.com',
  'threads.net',
  'threads.com',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'linkedin.com',
  'x.com',
  'twitter.com',
] as const

/**
 * The networks' link redirectors: addresses on an allowed host that send the browser on to any other address
 * (Facebook's and Instagram's l./lm. hosts and /l.php, /flx/warn, YouTube's /redirect, LinkedIn's /redir/).
 * An address from the service could otherwise lead through one of them anywhere.
 */
const REDIRECTOR_HOST = /^(?:l|lm)\./
const REDIRECTOR_PATH = /^\/(?:l\.php|flx\/|redirect|redir\/)/i

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  const host = url.hostname.toLowerCase()
  if (REDIRECTOR_HOST.test(host) || REDIRECTOR_PATH.test(url.pathname)) return false
  return EXTERNAL_HOST_ALLOW_LIST.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}
