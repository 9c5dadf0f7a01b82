// Over 400 lines on purpose: this is only wiring of Electron objects whose lifetimes are the app's; every
// decision it wires lives in a plain, tested module beside it (listed below).
// Electron main, composed: single instance, app:// protocol with CSP, permissions denied, the AppHost with
// Electron's adapters (safeStorage, native dialog, shell), IPC, menu, taskbar progress and notifications; the
// tray that keeps the app running with its window closed, the login item, mediadeck:// links, renderer crash
// recovery, local crash reports and auto-update. The decisions live in plain modules next to this one
// (background.ts, tray-model.ts, crash-recovery.ts, updater.ts, common/deep-links.ts); this file only wires
// them to Electron.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron'
import electronLog from 'electron-log/main'
import { DEEP_LINK_SCHEME, deepLinkInArgv, parseDeepLink } from '../../common/deep-links'
import { resolveMessageLocale, t, type Translate } from '../../common/messages/index'
import { isQuiet } from '../../common/quiet-hours'
import type { AppRoute } from '../../common/routes'
import { createSafeStorageCipher } from '../core/profiles/secret-cipher'
import { createAppHost, type AppHost } from '../host/app-host'
import { systemProxyNetwork } from './system-proxy'
import { contentSecurityPolicy, LOOPBACK_MEDIA_ORIGINS } from '../host/csp'
import { isAllowedExternalUrl } from '../core/external-links'
import { configureElectronLog, createRedactor } from '../host/logging'
import { forwardEvents, registerIpc } from '../ipc/register-ipc'
import { createSenderCheck } from '../ipc/sender-check'
import { isAppUrl, registerAppScheme, serveAppProtocol } from './app-protocol'
import { createQuitGuard, decideClose, startsHidden } from './background'
import { createAccountAlerts } from './account-alerts'
import { createNotifier } from './notifier'
import { installCommandLineToolFromMenu } from './cli-install'
import { startCliMode } from './cli-mode'
import { createCrashRecovery } from './crash-recovery'
import { electronUpdaterPort, loadElectronUpdater } from './electron-updater-port'
import { requireSqliteBinding, showDataNotices } from './database-check'
import { createElectronStoreBackend } from './electron-store-backend'
import { applyOpenAtLogin } from './login-item'
import { createMainWindow } from './main-window'
import { buildMenuTemplate } from './menu'
import { denyAllPermissions } from './navigation-guards'
import { createAppTray, type AppTray } from './tray'
import { postsWaitingCount, trackTrayStatus, uploadingCount, type TrayAction } from './tray-model'
import { createUpdateScheduler, updateFeedOverride } from './updater'
import { exitIfStartupFails, installProcessGuards } from './process-guards'
import { keepAwakeDuringUploads } from './power-save'
import { attachUploadFeedback } from './upload-feedback'

const here = fileURLToPath(new URL('.', import.meta.url))
const PRELOAD = join(here, '../preload/index.cjs')
const RENDERER = join(here, '../renderer')
/** Windows groups notifications by this id; it must match the installer's (electron-builder.yml appId). */
export const APP_USER_MODEL_ID = 'com.repliz.mediadeck'

function trayIconPath(): string {
  // Packaged: electron-builder.yml's extraResources; from a checkout: the icon set in build/.
  const packaged = join(process.resourcesPath ?? '', 'tray.png')
  return existsSync(packaged) ? packaged : join(here, '../../build/icons/32x32.png')
}

/** `now`: the clock the crash recovery counts its minute on (tests); the real one by default. */
export function startElectronApp(options: { now?: () => number } = {}): void {
  // `Mediadeck --cli …` is the command-line tool: no window, lock or tray; it exits with its code (cli-mode.ts).
  if (startCliMode(process.argv)) return
  registerAppScheme(protocol)
  // MEDIADECK_DATA_DIR moves everything (store, journal, sandbox, Chromium's own data): tests and portable use.
  // Set before taking the lock, which is per data dir: two data dirs may run side by side, one may not run twice.
  if (process.env.MEDIADECK_DATA_DIR) app.setPath('userData', process.env.MEDIADECK_DATA_DIR)
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)
  // Crash dumps stay on this machine (About lists them); nothing is sent anywhere.
  crashReporter.start({ uploadToServer: false })
  // From a checkout Electron runs as `electron path/to/app`: the OS must pass the app's path back too.
  if (process.defaultApp && process.argv[1])
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)

  const dataDir = app.getPath('userData')
  const redactor = createRedactor()
  const logFile = join(dataDir, 'logs', 'main.log')
  const log = configureElectronLog(electronLog, { file: logFile, redactor })
  installProcessGuards(log)

  let win: BrowserWindow | undefined
  let host: AppHost | undefined
  let tray: AppTray | undefined
  /** A route that arrived before the window could take it (first start, a link while it loads). */
  let pendingRoute: AppRoute | undefined
  let windowLoaded = false

  const tr: Translate = (key, params) => {
    const setting = host?.store.get('settings').language
    return t(resolveMessageLocale(setting, app.getLocale()), key, params)
  }

  /** A question over the window when there is one; true when the person chose the first button. */
  async function askFirstButton(options: Electron.MessageBoxOptions): Promise<boolean> {
    const { response } = win
      ? await dialog.showMessageBox(win, options)
      : await dialog.showMessageBox(options)
    return response === 0
  }

  function showWindow(): void {
    if (!host) return
    if (!win) openWindow()
    else {
      if (win.isMinimized()) win.restore()
      win.show()
      win.focus()
    }
  }

  function navigate(route: AppRoute | undefined): void {
    showWindow()
    if (!route) return
    if (win && windowLoaded && host) host.events.emit('app:navigate', route)
    else pendingRoute = route
  }

  /** Links are untrusted: anything the parser refuses is logged and dropped. */
  function openLink(link: string | undefined): void {
    if (link === undefined) return
    const route = parseDeepLink(link)
    if (!route) {
      log.warn('ignored a mediadeck:// link that is not one the app opens')
      return
    }
    if (host) navigate(route)
    else pendingRoute = route
  }

  app.on('second-instance', (_event, argv: string[]) => {
    const link = deepLinkInArgv(argv ?? [])
    if (link) openLink(link)
    else showWindow()
  })
  // macOS hands links to the running app (and at launch, possibly before ready).
  app.on('open-url', (event, url) => {
    event.preventDefault()
    openLink(url)
  })
  // Every webContents (including any a bug might create) gets the same refusal of new windows.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('window-all-closed', () => {
    // With the tray the app lives on (outbox, uploads); without it, closing the last window is quitting.
    if (!(tray && host?.store.get('settings').runInBackground)) app.quit()
  })

  const quitGuard = createQuitGuard({
    uploadsRunning: () => (host ? uploadingCount(host.active().uploads.totals()) > 0 : false),
    confirm: async () => {
      const options = {
        type: 'question' as const,
        message: tr('quit.message'),
        detail: tr('quit.detail'),
        buttons: [tr('quit.confirm'), tr('quit.cancel')],
        defaultId: 0,
        cancelId: 1,
      }
      return askFirstButton(options)
    },
  })
  let quitting = false
  let quitRequested = false
  const stopBackground: Array<() => void> = []
  app.on('before-quit', (event) => {
    if (quitting || !host) return
    event.preventDefault()
    if (quitRequested) return
    quitRequested = true
    const activeHost = host
    void quitGuard
      .allowQuit()
      .then(async (ok) => {
        if (!ok) return
        quitting = true
        for (const stop of stopBackground.splice(0)) stop()
        await activeHost.close()
      })
      .catch((error) => log.error('quitting failed', error))
      .finally(() => {
        quitRequested = false
        if (quitting) app.quit()
      })
  })

  const recovery = createCrashRecovery({ now: options.now })

  function openWindow(): void {
    if (!host) return
    const activeHost = host
    windowLoaded = false
    const created = createMainWindow({ preloadPath: PRELOAD, store: activeHost.store, log })
    win = created
    created.on('closed', () => {
      if (win === created) win = undefined
    })
    created.on('close', (event) => {
      const settings = activeHost.store.get('settings')
      const decision = decideClose({
        runInBackground: settings.runInBackground,
        quitting: quitting || quitRequested,
        hasTray: tray !== undefined,
        alreadyExplained: activeHost.store.get('backgroundExplained'),
      })
      if (!decision.hide) return
      event.preventDefault()
      created.hide()
      if (decision.explain) {
        activeHost.store.set('backgroundExplained', true)
        notify(tr('background.title'), tr('background.body'), { view: 'settings' })
      }
    })
    created.webContents.on('did-finish-load', () => {
      windowLoaded = true
      const route = pendingRoute
      pendingRoute = undefined
      if (route) activeHost.events.emit('app:navigate', route)
    })
    created.webContents.on('render-process-gone', (_event, details) => {
      const action = recovery.onGone(details.reason)
      log.error(`the window's renderer is gone (${details.reason}): ${action}`)
      windowLoaded = false
      if (action === 'reload') created.reload()
      else if (action === 'offer-restart') void offerRestart(activeHost)
    })
  }

  async function offerRestart(activeHost: AppHost): Promise<void> {
    for (;;) {
      const { response } = await dialog.showMessageBox({
        type: 'error',
        message: tr('crash.title'),
        detail: tr('crash.body'),
        buttons: [tr('crash.restart'), tr('crash.copy')],
        defaultId: 0,
        cancelId: 0,
      })
      if (response !== 1) break
      const report = await activeHost.call('app:diagnostics')
      // Electron 45's writeText is a promise: a failed copy is logged and the question asked again, so the
      // person can still restart.
      await clipboard.writeText(report.content).catch((error: unknown) => {
        log.warn('could not copy the diagnostics to the clipboard', error)
      })
    }
    app.relaunch()
    app.quit()
  }

  // Quiet hours (Settings) hold back every notification the app shows.
  const quiet = () => (host ? isQuiet(host.store.get('settings').quietHours, new Date()) : false)
  const { notify } = createNotifier({ navigate, quiet })

  // The link that started the app (Windows, Linux); macOS sends open-url instead.
  openLink(deepLinkInArgv(process.argv))

  const started = app.whenReady().then(async () => {
    if (!requireSqliteBinding({ dialog, tr, exit: (code) => app.exit(code), log })) return
    denyAllPermissions(session.defaultSession)
    serveAppProtocol(protocol, {
      root: RENDERER,
      csp: contentSecurityPolicy({ mediaOrigins: LOOPBACK_MEDIA_ORIGINS }),
      grants: () => host?.grants,
      pictures: () => host?.pictures,
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
      crashReportsDir: app.getPath('crashDumps'),
      network: systemProxyNetwork(),
      // What became of the posts the outbox sent is announced by the host (main/host/post-notifications.ts).
      notifications: { notify, tr: () => tr },
      // A disconnected account with posts due soon (main/host/account-watch.ts), said with a reconnect action.
      accountWatch: {
        alerts: createAccountAlerts({
          navigate,
          quiet,
          openExternal: (url) => shell.openExternal(url),
          warn: (message, error) => log.warn(message, error),
        }),
      },
      info: {
        name: app.getName(),
        version: app.getVersion(),
        logFile,
        versions: {
          node: process.versions.node,
          electron: process.versions.electron,
          chrome: process.versions.chrome,
          v8: process.versions.v8,
          napi: process.versions.napi,
          sqlite: process.versions.sqlite,
        },
      },
    })
    const activeHost = host
    // Damage the background integrity check finds is said as a start-up notice is, once it is known.
    // What opening the data folder found (a damaged file set aside, a migration) is said as the app starts;
    // damage the background integrity check finds, once it is known.
    void showDataNotices(activeHost.startupNotices, { dialog, tr })
      .then(() => activeHost.integrityNotice)
      .then(async (notice) => {
        if (notice) await showDataNotices([notice], { dialog, tr })
      })
      .catch((error) => log.error('could not show the data notices', error))
    // A row of a list that could not be read, set aside while the app runs (main/core/db/rows.ts).
    activeHost.onDataNotice((notice) => {
      showDataNotices([notice], { dialog, tr }).catch((error) =>
        log.error('could not show a data notice', error),
      )
    })

    registerIpc({
      ipcMain,
      handlers: activeHost.handlers,
      isTrustedSender: createSenderCheck({ appContents: () => win?.webContents, isAppUrl }),
      log,
      redactor,
    })
    forwardEvents(activeHost.events, () => win?.webContents)
    stopBackground.push(keepAwakeDuringUploads(activeHost))
    attachUploadFeedback(
      activeHost.events,
      { setProgress: (fraction) => win?.setProgressBar(fraction), notify },
      () => tr,
    )

    const addFiles = async (directories: boolean) => {
      const paths = await pickFiles({ directories })
      if (paths.length === 0) return
      const picked = await activeHost.grants.grant(paths)
      if (picked.length > 0) await activeHost.call('uploads:start', { paths: picked.map((p) => p.path) })
    }
    const setMenu = () =>
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          buildMenuTemplate(
            process.platform,
            app.getName(),
            {
              addFiles: (directories) =>
                void addFiles(directories).catch((error) => log.error('add files failed', error)),
              openLogs: () => void shell.openPath(logFile),
              openWebsite: () => {
                if (isAllowedExternalUrl('https://repliz.com')) void shell.openExternal('https://repliz.com')
              },
              installCommandLineTool: () =>
                void installCommandLineToolFromMenu({
                  platform: process.platform,
                  resourcesPath: process.resourcesPath,
                  tr,
                  log,
                  showMessage: (options) =>
                    win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options),
                }),
            },
            tr,
          ),
        ),
      )
    setMenu()

    const onTrayAction = (action: TrayAction) => {
      if (action === 'open') showWindow()
      else if (action === 'send-now')
        void activeHost.call('outbox:send-now').catch((error) => log.warn('send now failed', error))
      else if (action === 'pause' || action === 'resume') {
        activeHost.setUploadsPaused(action === 'pause')
        trayStatus.set({ paused: action === 'pause' })
      } else app.quit()
    }
    const trayStatus = trackTrayStatus(
      activeHost.events,
      {
        connection: activeHost.connection.current().status,
        uploading: uploadingCount(activeHost.active().uploads.totals()),
        paused: activeHost.uploadsPaused(),
        postsWaiting: 0,
        inboxUnread: 0,
        inboxUnreplied: 0,
      },
      (status) => tray?.update(status, tr),
      activeHost.active().profileId,
    )
    try {
      tray = createAppTray({
        iconPath: trayIconPath(),
        status: trayStatus.current(),
        tr,
        onAction: onTrayAction,
      })
    } catch (error) {
      // Some Linux desktops have no tray: then closing the window quits, as before.
      log.warn('no tray on this desktop: closing the window quits', error)
    }
    // The inbox's counts as the copy holds them; later changes come as `inbox:counts`.
    void activeHost
      .call('inbox:counts')
      .then((counts) => trayStatus.counted(counts))
      .catch((error) => log.warn('counting the inbox failed', error))
    // Opening the outbox also starts it: queued posts go out even when the app starts in the tray.
    void activeHost
      .call('outbox:status')
      .then((state) => trayStatus.set({ postsWaiting: postsWaitingCount(state) }))
      .catch((error) => log.warn('opening the outbox failed', error))

    const loginPlatform = {
      platform: process.platform,
      execPath: process.env.APPIMAGE ?? process.execPath,
      homeDir: app.getPath('home'),
      xdgConfigHome: process.env.XDG_CONFIG_HOME,
      setLoginItemSettings: (settings: Parameters<typeof app.setLoginItemSettings>[0]) =>
        app.setLoginItemSettings(settings),
    }
    const applyLogin = (openAtLogin: boolean) => {
      try {
        applyOpenAtLogin(openAtLogin, loginPlatform)
      } catch (error) {
        log.warn('changing "open at login" failed', error)
      }
    }
    let settings = activeHost.store.get('settings')
    // Brings the OS entry in line with the setting (an entry removed by hand, a moved AppImage).
    if (settings.openAtLogin) applyLogin(true)
    stopBackground.push(
      activeHost.events.subscribe((name, payload) => {
        if (name !== 'settings:changed') return
        const next = payload as typeof settings
        if (next.openAtLogin !== settings.openAtLogin) applyLogin(next.openAtLogin)
        if (next.language !== settings.language) {
          setMenu()
          tray?.update(trayStatus.current(), tr)
        }
        settings = next
      }),
    )

    const hidden =
      tray !== undefined &&
      startsHidden(process.argv, process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin)
    if (!hidden || pendingRoute) openWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
      else showWindow()
    })

    void startUpdates(activeHost)
  })
  // A start that failed must not leave a windowless process holding the single-instance lock.
  exitIfStartupFails(started, { log, logFile })

  async function startUpdates(activeHost: AppHost): Promise<void> {
    const override = updateFeedOverride(process.env.MEDIADECK_UPDATE_URL, app.isPackaged)
    if (override && 'ignored' in override) log.warn(override.ignored)
    const feedUrl = override && 'url' in override ? override.url : undefined
    const updater = app.isPackaged || feedUrl ? await loadElectronUpdater() : null
    if (!updater) {
      log.info('auto-update is off (an unpackaged app, or electron-updater is not installed)')
      return
    }
    const scheduler = createUpdateScheduler({
      port: electronUpdaterPort(updater, { feedUrl, logger: log }),
      ask: async (version) => {
        const options = {
          type: 'info' as const,
          message: tr('update.readyMessage'),
          detail: tr('update.readyDetail', { version }),
          buttons: [tr('update.install'), tr('update.later')],
          defaultId: 0,
          cancelId: 1,
        }
        return askFirstButton(options)
      },
      log: activeHost.log,
    })
    stopBackground.push(() => scheduler.stop())
    await scheduler.start()
  }
}
