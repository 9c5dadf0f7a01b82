// The Electron preload (sandboxed; bundled to CommonJS as out/preload/index.cjs). It puts exactly the
// contract's API on window.mediadeck and nothing else: no ipcRenderer, no Node. Dropped files are resolved
// to paths here with webUtils.getPathForFile (File.path is gone since Electron 32) and granted in main.
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { apiSurface } from '../common/api-surface'
import type { IpcResult } from '../common/contract'
import { buildMediadeckApi, type BridgeTransport } from './api'

const transport: BridgeTransport = {
  invoke: (name, request) => ipcRenderer.invoke(name, request) as Promise<IpcResult<unknown>>,
  subscribe(name, listener) {
    const handler = (_event: unknown, payload: unknown) => listener(payload)
    ipcRenderer.on(name, handler)
    return () => {
      ipcRenderer.removeListener(name, handler)
    }
  },
}

const api = buildMediadeckApi(
  transport,
  {
    async fromDrop(files) {
      const paths = [...files]
        .map((file) => webUtils.getPathForFile(file as File))
        .filter((path) => path !== '')
      if (paths.length === 0) return []
      const result = (await ipcRenderer.invoke('files:grant-dropped', { paths })) as IpcResult<unknown>
      if (!result.ok) throw { ...result.error }
      return result.value as Awaited<ReturnType<typeof api.files.fromDrop>>
    },
  },
  apiSurface(),
)

contextBridge.exposeInMainWorld('mediadeck', api)
