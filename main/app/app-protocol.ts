// The renderer is served from app://mediadeck/ rather than file://: a custom standard scheme gives the page a
// real origin, lets every answer carry the CSP header (webRequest does not see file:// loads reliably), and
// makes "is this our page?" a plain origin comparison for the sender check and the navigation guard.
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import type { Protocol } from 'electron'
import mime from 'mime'
import { LOCAL_FILE_ROUTE } from '../../common/local-files'
import { PICTURE_ROUTE } from '../../common/pictures'
import type { FileGrants } from '../core/files/file-grants'
import { readGrantedFile } from '../core/files/granted-file-reader'
import type { PictureServer } from '../host/pictures'

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

/**
 * app://mediadeck/local-file?path=…: a file the person gave the app, for the page's <video> and <img>
 * (core/files/granted-file-reader.ts decides); null for every other address.
 */
export async function answerLocalFile(
  grants: Pick<FileGrants, 'checkOpened'> | undefined,
  request: Pick<Request, 'url' | 'method' | 'headers'>,
): Promise<Response | null> {
  if (!isAppUrl(request.url)) return null
  const url = new URL(request.url)
  if (url.pathname !== `/${LOCAL_FILE_ROUTE}`) return null
  // Before the host is up no file has been given yet.
  if (!grants) return new Response('not ready', { status: 503 })
  const answer = await readGrantedFile(grants, {
    method: request.method,
    path: url.searchParams.get('path'),
    range: request.headers.get('range') ?? undefined,
  })
  const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream) : (answer.message ?? null)
  return new Response(body, { status: answer.status, headers: answer.headers })
}

/**
 * app://mediadeck/picture?src=…&key=…: a picture of another host (an account's avatar), answered by main from
 * what it fetched and keeps (host/pictures.ts), so the page never loads that host; null for other addresses.
 */
export async function answerPicture(
  pictures: Pick<PictureServer, 'answer'> | undefined,
  request: Pick<Request, 'url' | 'method'>,
): Promise<Response | null> {
  if (!isAppUrl(request.url)) return null
  const url = new URL(request.url)
  if (url.pathname !== `/${PICTURE_ROUTE}`) return null
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response('method not allowed', { status: 405 })
  if (!pictures) return new Response('not ready', { status: 503 })
  const answer = await pictures.answer(url.searchParams)
  const body =
    request.method === 'HEAD'
      ? null
      : typeof answer.body === 'string'
        ? answer.body
        : new Uint8Array(answer.body)
  return new Response(body, { status: answer.status, headers: answer.headers })
}

export function serveAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  options: {
    root: string
    csp: string
    grants?: () => Pick<FileGrants, 'checkOpened'> | undefined
    pictures?: () => Pick<PictureServer, 'answer'> | undefined
  },
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const local = await answerLocalFile(options.grants?.(), request)
    if (local) return local
    const picture = await answerPicture(options.pictures?.(), request)
    if (picture) return picture
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
