// The one app window: hardened webPreferences, guards against leaving the app, remembered bounds.
import { app, BrowserWindow, screen, shell } from 'electron'
import type { AppStore } from '../core/settings/app-store'
import type { Logger } from '../core/ports'
import { APP_INDEX_URL, isAppUrl } from './app-protocol'
import { installNavigationGuards } from './navigation-guards'
import { secureWebPreferences } from './web-preferences'
import { initialBounds, trackWindowState } from './window-state'

export interface MainWindowOptions {
  preloadPath: string
  store: AppStore
  log: Logger
  icon?: string
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const saved = options.store.get('windowState')
  const bounds = initialBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  )
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Mediadeck',
    backgroundColor: '#1f2430',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preloadPath, { devTools: !app.isPackaged }),
  })
  installNavigationGuards(win.webContents, {
    isAppUrl,
    openExternal: (url) => shell.openExternal(url),
    log: options.log,
  })
  trackWindowState(win, (state) => {
    // Window bounds are a convenience: a full or read-only disk must not throw out of a window event.
    try {
      options.store.set('windowState', state)
    } catch (error) {
      console.warn('[window] could not save the window state:', (error as Error).message)
    }
  })
  win.once('ready-to-show', () => {
    if (saved?.maximized) win.maximize()
    win.show()
  })
  void win.loadURL(APP_INDEX_URL)
  return win
}
