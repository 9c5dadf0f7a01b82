// The hardened window: its webPreferences, and the guards that keep it on the app's own page.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => {
  const created: Array<{ options: Record<string, unknown>; win: FakeWindow }> = []
  type Listener = (...args: unknown[]) => void
  class FakeContents {
    listeners = new Map<string, Listener[]>()
    openHandler?: (details: { url: string }) => { action: string }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
      return this
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler
    }
    emit(event: string, ...args: unknown[]) {
      for (const l of this.listeners.get(event) ?? []) l(...args)
    }
  }
  class FakeWindow {
    webContents = new FakeContents()
    loadURL = vi.fn(async () => undefined)
    on = vi.fn()
    once = vi.fn()
    show = vi.fn()
    maximize = vi.fn()
    constructor(options: Record<string, unknown>) {
      created.push({ options, win: this })
    }
  }
  return {
    created,
    app: { isPackaged: false },
    BrowserWindow: FakeWindow,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn(async () => undefined) },
  }
})
vi.mock('electron', () => electron)

const { createMainWindow } = await import('../../../main/app/main-window')
const { silentLogger } = await import('../../../main/host/logging')

function fakeStore() {
  const data: Record<string, unknown> = { windowState: null }
  return { path: '/dev/null', get: (k: string) => data[k], set: (k: string, v: unknown) => (data[k] = v) }
}

function open() {
  createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    store: fakeStore() as never,
    log: silentLogger,
  })
  return electron.created.at(-1)!
}

function navigate(contents: { emit(event: string, ...args: unknown[]): void }, url: string) {
  const event = { url, preventDefault: vi.fn() }
  contents.emit('will-navigate', event)
  return event
}

describe('main window', () => {
  beforeEach(() => {
    electron.created.length = 0
    electron.shell.openExternal.mockClear()
  })

  it('isolates and sandboxes the renderer, with no Node and no webview', () => {
    const { options } = open()
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    })
  })

  it('offers devtools only in an unpackaged app', () => {
    expect(open().options.webPreferences).toMatchObject({ devTools: true })
    electron.app.isPackaged = true
    try {
      expect(open().options.webPreferences).toMatchObject({ devTools: false })
    } finally {
      electron.app.isPackaged = false
    }
  })

  it('loads the app from app://mediadeck', () => {
    const { win } = open()
    expect(win.loadURL).toHaveBeenCalledWith('app://mediadeck/index.html')
  })

  it('lets the app navigate within itself and refuses everything else', () => {
    const { win } = open()
    expect(
      navigate(win.webContents, 'app://mediadeck/index.html#/planner').preventDefault,
    ).not.toHaveBeenCalled()
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'http://127.0.0.1:8080/',
      'app://other/x',
    ]) {
      expect(navigate(win.webContents, url).preventDefault).toHaveBeenCalled()
    }
    expect(electron.shell.openExternal).not.toHaveBeenCalled()
  })

  it('opens an allow-listed https link in the browser instead of navigating', () => {
    const { win } = open()
    expect(navigate(win.webContents, 'https://repliz.com/pricing').preventDefault).toHaveBeenCalled()
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://repliz.com/pricing')
  })

  it('denies every new window, opening only allow-listed https links externally', () => {
    const { win } = open()
    const handler = win.webContents.openHandler!
    expect(handler({ url: 'https://docs.repliz.com/api' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'http://repliz.com/' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'https://repliz.com.evil.example/' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://docs.repliz.com/api']])
  })

  it('refuses to attach a webview and guards redirects too', () => {
    const { win } = open()
    const attach = { preventDefault: vi.fn() }
    win.webContents.emit('will-attach-webview', attach)
    expect(attach.preventDefault).toHaveBeenCalled()
    const redirect = { url: 'https://evil.example/', preventDefault: vi.fn() }
    win.webContents.emit('will-redirect', redirect)
    expect(redirect.preventDefault).toHaveBeenCalled()
  })
})
