// The Electron main composition, run against a mocked electron: the scheme is registered before ready, the
// lock is taken (a second start brings the window forward; one without the lock quits), permissions are
// denied, the window is hardened and the contract's calls answer over IPC from the app window only. (The real binary cannot run here; test/e2e/electron.spec.ts runs it elsewhere.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { CALL_NAMES, type IpcResult } from '../../../common/contract'

const dataDir = mkdtempSync(join(tmpdir(), 'start-app-'))

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  const appListeners = new Map<string, Listener[]>()
  const handlers = new Map<string, Listener>()
  const windows: FakeWindow[] = []
  const calls: string[] = []
  const lock = { held: true }
  const mainFrame = { url: 'app://mediadeck/index.html', processId: 3, routingId: 1, parent: null }
  class FakeContents {
    mainFrame = mainFrame
    sent: Array<[string, unknown]> = []
    on() {
      return this
    }
    once() {
      return this
    }
    setWindowOpenHandler() {}
    isDestroyed() {
      return false
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload])
    }
  }
  class FakeNotification {
    static isSupported(): boolean {
      return false
    }
    show(): void {}
  }
  class FakeWindow {
    static getAllWindows = () => windows
    webContents = new FakeContents()
    constructor(readonly options: Record<string, unknown>) {
      windows.push(this)
    }
    loadURL = async () => undefined
    on() {
      return this
    }
    once() {
      return this
    }
    setProgressBar = () => undefined
    isMinimized = () => true
    show = () => undefined
    restore = () => calls.push('restore')
    focus = () => calls.push('focus')
  }
  return {
    appListeners,
    handlers,
    windows,
    calls,
    lock,
    electron: {
      app: {
        setPath: (_name: string, _path: string) => calls.push('setPath'),
        getPath: () => process.env.MEDIADECK_DATA_DIR!,
        requestSingleInstanceLock: () => {
          calls.push('lock')
          return lock.held
        },
        on: (event: string, listener: Listener) =>
          appListeners.set(event, [...(appListeners.get(event) ?? []), listener]),
        whenReady: () => Promise.resolve(),
        getName: () => 'Mediadeck',
        getVersion: () => '0.1.0',
        quit: () => calls.push('quit'),
        releaseSingleInstanceLock: () => calls.push('unlock'),
        exit: (code: number) => calls.push(`exit:${code}`),
        setAsDefaultProtocolClient: () => true,
        getLocale: () => 'en-US',
        getLoginItemSettings: () => ({ wasOpenedAtLogin: false }),
        setLoginItemSettings: () => undefined,
        isPackaged: false,
      },
      crashReporter: { start: () => undefined },
      clipboard: { writeText: () => undefined },
      // No tray on this desktop: the app behaves as before (closing the window quits).
      Tray: class {
        constructor() {
          throw new Error('no tray')
        }
      },
      nativeImage: { createFromPath: () => ({ isEmpty: () => true, setTemplateImage: () => undefined }) },
      BrowserWindow: FakeWindow,
      dialog: {
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
        showErrorBox: (title: string, body: string) => calls.push(`error-box:${title}:${body}`),
        showMessageBox: async (options: { message: string; detail?: string }) => {
          calls.push(`message-box:${options.message}:${options.detail ?? ''}`)
          return { response: 0 }
        },
      },
      powerSaveBlocker: { start: () => 1, stop: () => undefined },
      ipcMain: {
        handle: (channel: string, listener: Listener) => handlers.set(channel, listener),
        removeHandler: (channel: string) => handlers.delete(channel),
      },
      Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => calls.push('menu') },
      Notification: FakeNotification,
      protocol: {
        registerSchemesAsPrivileged: () => calls.push('scheme'),
        handle: () => calls.push('protocol'),
      },
      safeStorage: {
        isEncryptionAvailable: () => false,
        encryptString: () => Buffer.alloc(0),
        decryptString: () => '',
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: () => calls.push('permissions'),
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

afterAll(async () => {
  const from = fake.calls.length
  for (const listener of fake.appListeners.get('before-quit') ?? [])
    listener({ preventDefault: () => undefined })
  await vi.waitFor(() => expect(fake.calls.slice(from)).toContain('quit'), { timeout: 10_000 })
  rmSync(dataDir, { recursive: true, force: true })
  delete process.env.MEDIADECK_DATA_DIR
})

describe('Electron main', () => {
  it('starts hardened and answers the contract over IPC from the app window only', async () => {
    process.env.MEDIADECK_DATA_DIR = dataDir
    // A database that is not one: set aside at open, and the person is told as the app starts, not at quit.
    writeFileSync(join(dataDir, 'mediadeck.db'), 'not a database, only some bytes '.repeat(200))
    const { startElectronApp } = await import('../../../main/app/start-app')
    startElectronApp()
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 })
    await vi.waitFor(() =>
      expect(fake.calls.find((c) => c.startsWith('message-box:'))).toMatch(/mediadeck\.db\.damaged-/),
    )

    expect(fake.calls.slice(0, 3)).toEqual(['scheme', 'setPath', 'lock'])
    expect(fake.calls).toEqual(expect.arrayContaining(['permissions', 'protocol', 'menu']))
    const win = fake.windows[0]!
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(
      /preload[/\\]index\.cjs$/,
    )
    expect([...fake.handlers.keys()].sort()).toEqual([...CALL_NAMES].sort())

    const invoke = (channel: string, request: unknown, sender: unknown = win.webContents) =>
      fake.handlers.get(channel)!({ sender, senderFrame: win.webContents.mainFrame }, request) as Promise<
        IpcResult<unknown>
      >
    await expect(invoke('storage:stats', undefined)).resolves.toMatchObject({ ok: true })
    await expect(invoke('app:info', undefined)).resolves.toMatchObject({
      ok: true,
      value: {
        mode: 'electron',
        version: '0.1.0',
        dataDir,
        // The runtime's own word on what the database and a native addon would load against.
        versions: expect.objectContaining({
          node: process.versions.node,
          napi: process.versions.napi,
          sqlite: process.versions.sqlite,
        }),
      },
    })
    await expect(invoke('storage:stats', undefined, {})).resolves.toMatchObject({ ok: false })
    await expect(invoke('profiles:list', undefined)).resolves.toMatchObject({
      ok: true,
      value: { activeId: 'sandbox', encryptionAvailable: false },
    })
    await invoke('settings:update', { theme: 'dark' })
    expect(win.webContents.sent).toContainEqual([
      'settings:changed',
      expect.objectContaining({ theme: 'dark' }),
    ])
  })

  it('brings its window forward when the app is started a second time', async () => {
    const from = fake.calls.length
    for (const listener of fake.appListeners.get('second-instance') ?? []) listener()
    expect(fake.calls.slice(from)).toEqual(['restore', 'focus'])
  })

  it('when start-up fails, says why in a dialog, releases the lock and exits', async () => {
    const { startElectronApp } = await import('../../../main/app/start-app')
    const from = fake.calls.length
    // A data folder that is a file: the host cannot be made.
    const file = join(dataDir, 'not-a-folder')
    writeFileSync(file, '')
    process.env.MEDIADECK_DATA_DIR = file
    try {
      startElectronApp()
      await vi.waitFor(() => expect(fake.calls.slice(from)).toContain('exit:1'), { timeout: 10_000 })
    } finally {
      process.env.MEDIADECK_DATA_DIR = dataDir
    }
    const after = fake.calls.slice(from)
    const box = after.find((c) => c.startsWith('error-box:'))
    expect(box).toMatch(
      /^error-box:Mediadeck could not start:.+\n\nThe details are in the log: .*main\.log$/s,
    )
    expect(after.indexOf(box!)).toBeLessThan(after.indexOf('unlock'))
    expect(after.indexOf('unlock')).toBeLessThan(after.indexOf('exit:1'))
    expect(fake.windows).toHaveLength(1)
  })

  it('quits at once, opening nothing, when another instance holds the lock', async () => {
    const { startElectronApp } = await import('../../../main/app/start-app')
    const from = fake.calls.length
    const listeners = [...fake.appListeners.values()].flat().length
    fake.lock.held = false
    try {
      startElectronApp()
    } finally {
      fake.lock.held = true
    }
    expect(fake.calls.slice(from)).toEqual(['scheme', 'setPath', 'lock', 'quit'])
    expect(fake.windows).toHaveLength(1)
    expect([...fake.appListeners.values()].flat()).toHaveLength(listeners)
  })
})
