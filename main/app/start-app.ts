// Electron main, composed: single instance, app:// protocol with CSP, permissions denied, the AppHost with
// Electron's adapters (safeStorage, native dialog, shell), IPC, menu, taskbar progress and notifications.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron'
import electronLog from 'electron-log/main'
import { createSafeStorageCipher } from '../core/profiles/secret-cipher'
import { createAppHost, type AppHost } from '../host/app-host'
import { systemProxyNetwork } from './system-proxy'
import { contentSecurityPolicy, LOOPBACK_MEDIA_ORIGINS } from '../host/csp'
import { isAllowedExternalUrl } from '../host/external-links'
import { configureElectronLog, createRedactor } from '../host/logging'
import { forwardEvents, registerIpc } from '../ipc/register-ipc'
import { createSenderCheck } from '../ipc/sender-check'
import { isAppUrl, registerAppScheme, serveAppProtocol } from './app-protocol'
import { createElectronStoreBackend } from './electron-store-backend'
import { createMainWindow } from './main-window'
import { buildMenuTemplate } from './menu'
import { denyAllPermissions } from './navigation-guards'
import { attachUploadFeedback } from './upload-feedback'

const here = fileURLToPath(new URL('.', import.meta.url))
const PRELOAD = join(here, '../preload/index.cjs')
const RENDERER = join(here, '../renderer')

export function startElectronApp(): void {
  registerAppScheme(protocol)
  // MEDIADECK_DATA_DIR moves everything (store, journal, sandbox, Chromium's own data): tests and portable use.
  // Set before taking the lock, which is per data dir: two data dirs may run side by side, one may not run twice.
  if (process.env.MEDIADECK_DATA_DIR) app.setPath('userData', process.env.MEDIADECK_DATA_DIR)
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  const dataDir = app.getPath('userData')
  const redactor = createRedactor()
  const logFile = join(dataDir, 'logs', 'main.log')
  const log = configureElectronLog(electronLog, { file: logFile, redactor })

  let win: BrowserWindow | undefined
  let host: AppHost | undefined

  app.on('second-instance', () => {
    if (!win) return
    if (win.isMinimized()) win.restore()
    win.focus()
  })
  // Every webContents (including any a bug might create) gets the same refusal of new windows.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('window-all-closed', () => app.quit())
  let quitting = false
  app.on('before-quit', (event) => {
    if (quitting || !host) return
    event.preventDefault()
    quitting = true
    void host.close().finally(() => app.quit())
  })

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession)
    serveAppProtocol(protocol, {
      root: RENDERER,
      csp: contentSecurityPolicy({ mediaOrigins: LOOPBACK_MEDIA_ORIGINS }),
    })
    const cipher = createSafeStorageCipher(safeStorage)
    if (!cipher.available)
      log.warn('secret encryption is unavailable: profile secrets are kept for this session only')

    const pickFiles = async ({ directories }: { directories: boolean }): Promise<string[]> => {
      const properties: Array<'openFile' | 'openDirectory' | 'multiSelections'> = [
        directories ? 'openDirectory' : 'openFile',
        'multiSelections',
      ]
      const result = win
        ? await dialog.showOpenDialog(win, { properties })
        : await dialog.showOpenDialog({ properties })
      return result.canceled ? [] : result.filePaths
    }

    host = await createAppHost({
      dataDir,
      mode: 'electron',
      storeBackend: createElectronStoreBackend(dataDir),
      cipher,
      log,
      redactor,
      platform: { pickFiles, openExternal: (url) => shell.openExternal(url) },
      network: systemProxyNetwork(),
      info: {
        name: app.getName(),
        version: app.getVersion(),
        logFile,
        versions: {
          node: process.versions.node,
          electron: process.versions.electron,
          chrome: process.versions.chrome,
          v8: process.versions.v8,
        },
      },
    })
    const activeHost = host

    registerIpc({
      ipcMain,
      handlers: activeHost.handlers,
      isTrustedSender: createSenderCheck({ appContents: () => win?.webContents, isAppUrl }),
      log,
    })
    forwardEvents(activeHost.events, () => win?.webContents)
    attachUploadFeedback(activeHost.events, {
      setProgress: (fraction) => win?.setProgressBar(fraction),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show()
      },
    })

    const addFiles = async (directories: boolean) => {
      const paths = await pickFiles({ directories })
      if (paths.length === 0) return
      const picked = await activeHost.grants.grant(paths)
      if (picked.length > 0) await activeHost.call('uploads:start', { paths: picked.map((p) => p.path) })
    }
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate(process.platform, app.getName(), {
          addFiles: (directories) =>
            void addFiles(directories).catch((error) => log.error('add files failed', error)),
          openLogs: () => void shell.openPath(logFile),
          openWebsite: () => {
            if (isAllowedExternalUrl('https://repliz.com')) void shell.openExternal('https://repliz.com')
          },
        }),
      ),
    )

    const open = () => {
      win = createMainWindow({ preloadPath: PRELOAD, store: activeHost.store, log })
      win.on('closed', () => (win = undefined))
    }
    open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open()
    })
  })
}
