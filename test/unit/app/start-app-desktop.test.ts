// The desktop behaviours of Electron main, against a mocked electron (the binary cannot run here): the tray
// keeps the app when the window closes (explained once), the tray menu, mediadeck:// links from the command
// line and from a second start, the renderer crash recovery, the quit question while uploads run, the Windows
// app user model id, local crash reports and the texts in the app's language.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'desktop-app-'))

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  class Emitter {
    listeners = new Map<string, Listener[]>()
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
      return this
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener)
    }
    emit(event: string, ...args: unknown[]) {
      for (const l of this.listeners.get(event) ?? []) l(...args)
    }
  }
  const appEvents = new Emitter()
  const calls: string[] = []
  const windows: FakeWindow[] = []
  const notifications: FakeNotification[] = []
  const trays: FakeTray[] = []
  const dialogs: Array<{ message: string; buttons: string[] }> = []
  const dialogAnswers: number[] = []
  const clipboardText: string[] = []
  // Electron 45's clipboard.writeText returns a promise; a test makes it reject.
  const clipboard = { fails: false }
  const handlers = new Map<string, Listener>()
  class FakeContents extends Emitter {
    mainFrame = { url: 'app://mediadeck/index.html', processId: 3, routingId: 1, parent: null }
    sent: Array<[string, unknown]> = []
    setWindowOpenHandler() {}
    isDestroyed() {
      return false
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload])
    }
  }
  class FakeWindow extends Emitter {
    static getAllWindows = () => windows.filter((w) => !w.destroyed)
    webContents = new FakeContents()
    visible = true
    destroyed = false
    constructor() {
      super()
      windows.push(this)
    }
    /** What a click on the close box does: listeners may prevent it. */
    close() {
      let prevented = false
      this.emit('close', { preventDefault: () => (prevented = true) })
      if (prevented) return
      this.destroyed = true
      this.emit('closed')
      if (FakeWindow.getAllWindows().length === 0) appEvents.emit('window-all-closed')
    }
    hide = () => (this.visible = false)
    show = () => (this.visible = true)
    focus = () => calls.push('focus')
    isMinimized = () => false
    restore = () => undefined
    reload = () => calls.push('reload')
    setProgressBar = () => undefined
  }
  class FakeNotification extends Emitter {
    static isSupported = () => true
    constructor(readonly options: { title: string; body: string }) {
      super()
      notifications.push(this)
    }
    show() {}
  }
  class FakeTray extends Emitter {
    tooltip = ''
    menu: Array<{ label?: string; enabled?: boolean; click?: () => void; type?: string }> = []
    constructor() {
      super()
      trays.push(this)
    }
    setToolTip(text: string) {
      this.tooltip = text
    }
    setTitle() {}
    setContextMenu(menu: typeof this.menu) {
      this.menu = menu
    }
    destroy() {}
  }
  const image = { isEmpty: () => true, resize: () => image, setTemplateImage: () => undefined }
  return {
    appEvents,
    calls,
    windows,
    notifications,
    trays,
    dialogs,
    dialogAnswers,
    clipboardText,
    clipboard,
    handlers,
    FakeWindow,
    electron: {
      app: {
        setPath: () => undefined,
        getPath: (name: string) =>
          name === 'crashDumps'
            ? join(process.env.MEDIADECK_DATA_DIR!, 'Crashpad')
            : process.env.MEDIADECK_DATA_DIR!,
        requestSingleInstanceLock: () => true,
        on: (event: string, listener: Listener) => appEvents.on(event, listener),
        whenReady: () => Promise.resolve(),
        getName: () => 'Mediadeck',
        getVersion: () => '0.1.0',
        getLocale: () => 'id-ID',
        quit: () => calls.push('quit'),
        relaunch: () => calls.push('relaunch'),
        releaseSingleInstanceLock: () => calls.push('unlock'),
        exit: (code: number) => calls.push(`exit:${code}`),
        setAppUserModelId: (id: string) => calls.push(`aumid:${id}`),
        setAsDefaultProtocolClient: (scheme: string) => calls.push(`protocol-client:${scheme}`),
        getLoginItemSettings: () => ({ wasOpenedAtLogin: false }),
        setLoginItemSettings: (s: unknown) => calls.push(`login:${JSON.stringify(s)}`),
        isPackaged: false,
      },
      BrowserWindow: FakeWindow,
      powerSaveBlocker: { start: () => 1, stop: () => undefined },
      crashReporter: {
        start: (o: { uploadToServer: boolean }) => calls.push(`crashReporter:${o.uploadToServer}`),
      },
      clipboard: {
        writeText: async (text: string) => {
          if (clipboard.fails) throw new Error('the clipboard is busy')
          clipboardText.push(text)
        },
      },
      dialog: {
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
        showMessageBox: async (...args: unknown[]) => {
          const options = args.at(-1) as { message: string; buttons: string[] }
          dialogs.push(options)
          return { response: dialogAnswers.shift() ?? 0 }
        },
      },
      ipcMain: {
        handle: (channel: string, listener: Listener) => handlers.set(channel, listener),
        removeHandler: () => undefined,
      },
      Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
      Notification: FakeNotification,
      Tray: FakeTray,
      nativeImage: { createFromPath: () => image },
      protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
      safeStorage: {
        isEncryptionAvailable: () => false,
        encryptString: () => Buffer.alloc(0),
        decryptString: () => '',
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: () => undefined,
          setPermissionCheckHandler: () => undefined,
        },
      },
      shell: { openExternal: async () => undefined, openPath: async () => '' },
      screen: { getAllDisplays: () => [] },
    },
  }
})

vi.mock('electron', () => fake.electron)
vi.mock('electron-store', async () => ({ default: (await import('conf')).default }))
vi.mock('electron-log/main', () => ({
  default: {
    transports: { file: {}, console: {} },
    hooks: [],
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  },
}))
// The window's own hardening is main-window.test.ts's; here a window is the fake above.
vi.mock('../../../main/app/main-window', () => ({ createMainWindow: () => new fake.FakeWindow() }))

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
const argv = process.argv

afterAll(async () => {
  Object.defineProperty(process, 'platform', platform)
  process.argv = argv
  fake.dialogAnswers.length = 0
  const quits = () => fake.calls.filter((call) => call === 'quit').length
  const before = quits()
  fake.appEvents.emit('before-quit', { preventDefault: () => undefined })
  // The host closes (sandbox, journal) before the app quits for real.
  await vi.waitFor(() => expect(quits()).toBe(before + 1), { timeout: 10_000 })
  rmSync(dataDir, { recursive: true, force: true })
  delete process.env.MEDIADECK_DATA_DIR
})

/** The app's clock for the crash recovery's minute: each test that crashes the window sets it. */
let clock = Date.parse('2026-12-01T10:00:00Z')

const sentRoutes = (win: InstanceType<typeof fake.FakeWindow>) =>
  win.webContents.sent.filter(([channel]) => channel === 'app:navigate').map(([, route]) => route)

describe('Electron main on the desktop', () => {
  it('starts: app user model id on Windows, local crash reports, the link it was started with', async () => {
    process.env.MEDIADECK_DATA_DIR = dataDir
    writeFileSync(join(dataDir, 'placeholder'), '')
    Object.defineProperty(process, 'platform', { value: 'win32' })
    process.argv = ['/opt/mediadeck', 'mediadeck://planner?date=2026-12-01']
    const { startElectronApp, APP_USER_MODEL_ID } = await import('../../../main/app/start-app')
    startElectronApp({ now: () => clock })
    Object.defineProperty(process, 'platform', platform)
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 })
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        `aumid:${APP_USER_MODEL_ID}`,
        'crashReporter:false',
        'protocol-client:mediadeck',
      ]),
    )
    const win = fake.windows[0]!
    win.webContents.emit('did-finish-load')
    expect(sentRoutes(win)).toEqual([{ view: 'planner', date: '2026-12-01' }])
  })

  it('shows the state in the tray, in the app language (the OS says Indonesian)', async () => {
    await vi.waitFor(() => expect(fake.trays).toHaveLength(1))
    const tray = fake.trays[0]!
    await vi.waitFor(() => expect(tray.tooltip).toMatch(/^Mediadeck\n(Daring|Luring|Memeriksa koneksi…)/))
    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual(
      expect.arrayContaining(['Buka Mediadeck', 'Kirim sekarang', 'Jeda unggahan', 'Keluar dari Mediadeck']),
    )
  })

  it('pauses and resumes the uploads from the tray', async () => {
    const tray = fake.trays[0]!
    tray.menu.find((item) => item.label === 'Jeda unggahan')!.click!()
    expect(tray.tooltip).toContain('Unggahan dijeda')
    expect(tray.menu.some((item) => item.label === 'Lanjutkan unggahan')).toBe(true)
    tray.menu.find((item) => item.label === 'Lanjutkan unggahan')!.click!()
    expect(tray.tooltip).not.toContain('Unggahan dijeda')
  })

  it('keeps running in the tray when the window closes, and says so the first time only', () => {
    const win = fake.windows[0]!
    const before = fake.notifications.length
    win.close()
    expect(win.destroyed).toBe(false)
    expect(win.visible).toBe(false)
    expect(fake.calls).not.toContain('quit')
    expect(fake.notifications.slice(before).map((n) => n.options.title)).toEqual(['Mediadeck masih berjalan'])
    win.show()
    win.close()
    expect(fake.notifications).toHaveLength(before + 1)
    // The tray's "open" brings it back.
    fake.trays[0]!.menu.find((item) => item.label === 'Buka Mediadeck')!.click!()
    expect(win.visible).toBe(true)
  })

  it('opens a link from a second start, and refuses one that is not valid', () => {
    const win = fake.windows[0]!
    win.webContents.sent.length = 0
    fake.appEvents.emit('second-instance', {}, [
      '/opt/mediadeck',
      'mediadeck://automations/64f1c2aa09b3e1d2c3f4a5b6',
    ])
    fake.appEvents.emit('second-instance', {}, ['/opt/mediadeck', 'mediadeck://automations/../../x'])
    expect(sentRoutes(win)).toEqual([{ view: 'automations', id: '64f1c2aa09b3e1d2c3f4a5b6' }])
  })

  it('focuses the window on what a notification is about when it is clicked', () => {
    const win = fake.windows[0]!
    win.hide()
    win.webContents.sent.length = 0
    // The "still running" notice leads to Settings, where running in the background is turned off.
    const note = fake.notifications.at(-1)!
    note.emit('click')
    expect(win.visible).toBe(true)
    expect(sentRoutes(win)).toEqual([{ view: 'settings' }])
  })

  it('asks before quitting while uploads are queued, saying they resume next time', async () => {
    const win = fake.windows[0]!
    const invoke = (channel: string, request: unknown) =>
      fake.handlers.get(channel)!(
        { sender: win.webContents, senderFrame: win.webContents.mainFrame },
        request,
      )
    const file = join(dataDir, 'clip.mp4')
    writeFileSync(file, Buffer.alloc(2048, 1))
    // Paused, the upload stays queued: a quit now would leave it for the next start.
    fake.trays[0]!.menu.find((item) => item.label === 'Jeda unggahan')!.click!()
    await expect(invoke('files:grant-dropped', { paths: [file] })).resolves.toMatchObject({ ok: true })
    await expect(invoke('uploads:start', { paths: [file] })).resolves.toMatchObject({ ok: true })
    const quits = () => fake.calls.filter((call) => call === 'quit').length
    const before = quits()
    fake.dialogAnswers.push(1) // keep running
    fake.appEvents.emit('before-quit', { preventDefault: () => undefined })
    await vi.waitFor(() => expect(fake.dialogs.at(-1)!.message).toBe('Unggahan masih berjalan'))
    expect(fake.dialogs.at(-1)).toMatchObject({
      detail: expect.stringContaining('dilanjutkan') as string,
      buttons: ['Keluar', 'Tetap berjalan'],
    })
    // Settled, and kept running: a second quit asks again. One that had gone through would not ask (it quits).
    const shown = fake.dialogs.length
    fake.dialogAnswers.push(1) // keep running, again
    await vi.waitFor(() => {
      fake.appEvents.emit('before-quit', { preventDefault: () => undefined })
      expect(fake.dialogs.length).toBe(shown + 1)
    })
    // That answer is handled in the same turn (no I/O on the way to "keep running").
    await new Promise((resolve) => setImmediate(resolve))
    expect(quits()).toBe(before)
    // Still running: the window closes to the tray as before.
    win.close()
    expect(win.destroyed).toBe(false)
    fake.trays[0]!.menu.find((item) => item.label === 'Lanjutkan unggahan')!.click!()
  })

  it('reloads a crashed window once, and offers a restart after a second crash within a minute', async () => {
    const win = fake.windows[0]!
    const from = fake.calls.length
    clock += 10 * 60_000 // long after any crash before
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    expect(fake.calls.slice(from)).toEqual(['reload'])
    fake.dialogAnswers.push(1, 0) // copy diagnostics, then restart
    clock += 59_000
    win.webContents.emit('render-process-gone', {}, { reason: 'oom' })
    await vi.waitFor(() => expect(fake.calls.slice(from)).toEqual(['reload', 'relaunch', 'quit']))
    expect(fake.dialogs.at(-1)!.buttons).toEqual(['Mulai ulang Mediadeck', 'Salin diagnostik'])
    expect(JSON.parse(fake.clipboardText[0]!)).toMatchObject({ app: { version: '0.1.0' } })
    // The restart asked to quit: that quit goes through the usual before-quit path.
  })

  it('still offers the restart, and restarts, when copying the diagnostics fails', async () => {
    const win = fake.windows[0]!
    const from = fake.calls.length
    const shown = fake.dialogs.length
    fake.clipboard.fails = true
    // Its own two crashes, a second apart on the app's clock, long after the previous test's.
    clock += 10 * 60_000
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    fake.dialogAnswers.push(1, 0) // copy diagnostics (fails), then restart
    clock += 1_000
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    await vi.waitFor(() => expect(fake.calls.slice(from)).toEqual(['reload', 'relaunch', 'quit']))
    expect(fake.dialogs.length - shown).toBe(2)
    fake.clipboard.fails = false
  })
})
