// Which addresses may leave the app for the user's browser: https only, and only the hosts on the list below
// (with their subdomains): the service's site, GitHub, and the networks the service publishes to, where a
// published post lives (the insights' and the inbox's "open it on its network").
// Everything else a page tries to open is refused (the renderer has no business sending users elsewhere).
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

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  const host = url.hostname.toLowerCase()
  return EXTERNAL_HOST_ALLOW_LIST.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}
