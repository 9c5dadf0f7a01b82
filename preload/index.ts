// The Electron preload (sandboxed; bundled to CommonJS as out/preload/index.cjs). It puts exactly the
// contract's API on window.mediadeck and nothing else: no ipcRenderer, no Node. Dropped files are resolved
// to paths here with webUtils.getPathForFile (File.path is gone since Electron 32) and granted in main.
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { apiSurface } from '../common/api-surface'
import type { DroppedFile, PickedFile } from '../common/app-state'
import type { IpcResult } from '../common/contract'
import type { UploadItem } from '../common/uploads'
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

const pathsOf = (files: readonly DroppedFile[]) =>
  [...files].map((file) => webUtils.getPathForFile(file as File)).filter((path) => path !== '')

/** One internal call with the drop's paths; nothing is asked of main when the drop had none. */
async function dropped<T>(
  name: 'files:grant-dropped' | 'uploads:start-dropped',
  files: readonly DroppedFile[],
) {
  const paths = pathsOf(files)
  if (paths.length === 0) return [] as T[]
  const result = (await ipcRenderer.invoke(name, { paths })) as IpcResult<unknown>
  if (!result.ok) throw { ...result.error }
  return result.value as T[]
}

const api = buildMediadeckApi(
  transport,
  {
    fromDrop: (files) => dropped<PickedFile>('files:grant-dropped', files),
    // A drop on the window is granted and queued in one round trip (upload-handlers.ts).
    startDropped: (files) => dropped<UploadItem>('uploads:start-dropped', files),
    // The app reads a dropped file where it is: nothing is copied, so there is no copy to follow.
    onCopying: () => () => undefined,
  },
  apiSurface(),
)

contextBridge.exposeInMainWorld('mediadeck', api)
