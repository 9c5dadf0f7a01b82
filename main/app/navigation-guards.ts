// The window never leaves the app: navigations away from app:// are cancelled, new windows are refused, and
// <webview> cannot attach. An https link on the allow-list opens in the user's browser instead.
import { isAllowedExternalUrl } from '../core/external-links'
import type { Logger } from '../core/ports'

/** The parts of WebContents the guards use. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url: string }) => void,
  ): unknown
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void
}

export interface GuardOptions {
  isAppUrl(url: string): boolean
  openExternal(url: string): Promise<void>
  log: Logger
}

export function openIfAllowed(url: string, options: GuardOptions): void {
  if (isAllowedExternalUrl(url)) {
    options.openExternal(url).catch((error) => options.log.warn('could not open an external link', error))
  } else {
    options.log.warn('refused to open', url.slice(0, 200))
  }
}

export function installNavigationGuards(contents: GuardedContents, options: GuardOptions): void {
  const guard = (event: { preventDefault(): void; url: string }) => {
    if (options.isAppUrl(event.url)) return
    event.preventDefault()
    openIfAllowed(event.url, options)
  }
  contents.on('will-navigate', guard)
  contents.on('will-redirect', guard)
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, options)
    return { action: 'deny' }
  })
}

/** The parts of Session the permission handlers use. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null,
  ): void
  setPermissionCheckHandler(handler: ((contents: unknown, permission: string) => boolean) | null): void
}

/** The app needs no camera, microphone, notifications-from-page, geolocation...: every request is denied. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}
