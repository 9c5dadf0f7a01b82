// Contract test: the preload exposes exactly the declared API on window.mediadeck, and nothing of Electron.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { expectedApiPaths } from '../../../common/contract'

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: {
      invoke: vi.fn(async (_name: string, _request?: unknown): Promise<unknown> => ({
        ok: true,
        value: 'v',
      })),
      on: vi.fn((name: string, l: (...args: unknown[]) => void) => {
        if (!listeners.has(name)) listeners.set(name, new Set())
        listeners.get(name)!.add(l)
      }),
      removeListener: vi.fn((name: string, l: (...args: unknown[]) => void) =>
        listeners.get(name)?.delete(l),
      ),
    },
    webUtils: { getPathForFile: vi.fn((file: { name: string }) => `/home/me/${file.name}`) },
  }
})
vi.mock('electron', () => electron)

type AnyApi = Record<string, Record<string, (...args: unknown[]) => unknown>>
let api: AnyApi

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'function') return [prefix]
  if (typeof value !== 'object' || value === null) return [`${prefix}:${typeof value}`]
  return Object.keys(value).flatMap((key) =>
    paths((value as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key),
  )
}

describe('preload', () => {
  beforeAll(async () => {
    await import('../../../preload/index')
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce()
    const [key, value] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, AnyApi]
    expect(key).toBe('mediadeck')
    api = value
  })

  it('exposes exactly the contract API', () => {
    expect(paths(api).sort()).toEqual(expectedApiPaths())
  })

  it('exposes no internal call and no Electron object', () => {
    expect(paths(api)).not.toContain('files.grantDropped')
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipc|electron|require/i)
  })

  it('invokes the contract channel and unwraps the result', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { used: 1 } })
    await expect(api.storage!.stats!()).resolves.toEqual({ used: 1 })
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('storage:stats', undefined)
    await api.storage!.files!({ page: 2, limit: 10 })
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('storage:files', { page: 2, limit: 10 })
  })

  it('rejects with plain AppErrorData', async () => {
    const error = { kind: 'plan', status: 402, message: 'invalid plan' }
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error })
    const rejection = await (api.automations!.list!({ page: 1, limit: 10 }) as Promise<unknown>).catch(
      (e) => e,
    )
    expect(rejection).toEqual(error)
    expect(rejection).not.toBeInstanceOf(Error)
  })

  it('subscribes to events and returns the function that ends it', () => {
    const seen: unknown[] = []
    const off = api.uploads!.onProgress!((payload: unknown) => seen.push(payload)) as () => void
    const [listener] = electron.listeners.get('uploads:progress')!
    listener!({ sender: 'ignored' }, { items: [] })
    off()
    expect(electron.listeners.get('uploads:progress')!.size).toBe(0)
    expect(seen).toEqual([{ items: [] }])
  })

  it('resolves dropped files to paths with webUtils and grants them in main', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: true,
      value: [{ path: '/home/me/a.png', name: 'a.png', size: 3, mimetype: 'image/png' }],
    })
    const picked = await api.files!.fromDrop!([{ name: 'a.png', size: 3 }])
    expect(electron.webUtils.getPathForFile).toHaveBeenCalled()
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('files:grant-dropped', {
      paths: ['/home/me/a.png'],
    })
    expect(picked).toEqual([{ path: '/home/me/a.png', name: 'a.png', size: 3, mimetype: 'image/png' }])
  })

  it('grants and queues a drop on the window in one call to main, and makes none for a drop without paths', async () => {
    const queued = [{ id: 'up-1', path: '/home/me/a.png' }]
    electron.ipcRenderer.invoke.mockClear()
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: queued })
    const dropped = [
      { name: 'a.png', size: 3 },
      { name: 'b.png', size: 4 },
    ]
    await expect(api.uploads!.startDropped!(dropped)).resolves.toEqual(queued)
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      ['uploads:start-dropped', { paths: ['/home/me/a.png', '/home/me/b.png'] }],
    ])
    electron.webUtils.getPathForFile.mockReturnValueOnce('').mockReturnValueOnce('')
    await expect(api.uploads!.startDropped!(dropped)).resolves.toEqual([])
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1)
  })
})
