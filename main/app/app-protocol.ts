// The renderer is served from app://mediadeck/ rather than file://: a custom standard scheme gives the page a
// real origin, lets every answer carry the CSP header (webRequest does not see file:// loads reliably), and
// makes "is this our page?" a plain origin comparison for the sender check and the navigation guard.
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { Protocol } from 'electron'
import mime from 'mime'

export const APP_SCHEME = 'app'
export const APP_HOST = 'mediadeck'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST
  } catch {
    return false
  }
}

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ])
}

/** The file under `root` an app:// address names, or null when it names anything outside it. */
export function resolveAppPath(root: string, raw: string): string | null {
  if (!isAppUrl(raw)) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(raw).pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  const base = resolve(root)
  const file = resolve(base, `.${pathname === '/' ? '/index.html' : pathname}`)
  return file === base || !file.startsWith(base + sep) ? null : file
}

export function serveAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  options: { root: string; csp: string },
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(options.root, request.url)
    if (!file) return new Response('not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'content-type': mime.getType(extname(file)) ?? 'application/octet-stream',
          'content-security-policy': options.csp,
          'x-content-type-options': 'nosniff',
        },
      })
    } catch {
      return new Response('not found', { status: 404 })
    }
  })
}
