// Builds the domain-shaped window.mediadeck from the contract's names (common/api-surface.ts, handed in) over
// any transport: Electron IPC in the preload, a WebSocket in the browser stand-in. Nothing is exposed that
// common/contract.ts does not declare, and nothing of the transport itself (no ipcRenderer, no socket) reaches
// the page. Only types of the contract are imported, and the wire packing of list events (which imports no
// schema either): the browser bridge stays free of the contract's schemas.
import type { ApiSurface } from '../common/api-surface'
import type { CallName, EventName, IpcResult, MediadeckApi } from '../common/contract'
import type { AppErrorData } from '../common/errors'
import type { CopyProgress, DroppedFile, PickedFile } from '../common/app-state'
import type { UploadItem } from '../common/uploads'
import { unpackEvent } from '../common/wire-packing'

export interface BridgeTransport {
  invoke(name: CallName, request: unknown): Promise<IpcResult<unknown>>
  /** Returns the function that ends the subscription. */
  subscribe(name: EventName, listener: (payload: unknown) => void): () => void
}

export interface PreloadLocal {
  fromDrop(files: readonly DroppedFile[]): Promise<PickedFile[]>
  startDropped(files: readonly DroppedFile[]): Promise<UploadItem[]>
  onCopying(listener: (progress: CopyProgress) => void): () => void
}

type AnyMethod = (...args: unknown[]) => unknown

/**
 * Failures reject with plain AppErrorData rather than an Error: Electron's contextBridge copies plain
 * objects faithfully but drops an Error's own fields (kind, status, field...).
 */
export function buildMediadeckApi(
  transport: BridgeTransport,
  local: PreloadLocal,
  surface: ApiSurface,
): MediadeckApi {
  const api: Record<string, Record<string, AnyMethod>> = {}
  const domain = (name: string): Record<string, AnyMethod> => (api[name] ??= {})

  for (const [name, d, method] of surface.calls) {
    domain(d)[method] = async (request?: unknown) => unwrap(await transport.invoke(name, request))
  }
  for (const [name, d, method] of surface.events) {
    domain(d)[method] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError(`${d}.${method} needs a listener function`)
      // A list's records come packed (common/wire-packing.ts): the page gets them as main emitted them.
      const unsubscribe = transport.subscribe(name, (payload) =>
        (listener as (p: unknown) => void)(unpackEvent(name, payload)),
      )
      let ended = false
      return () => {
        if (ended) return
        ended = true
        unsubscribe()
      }
    }
  }
  domain('files').fromDrop = (files: unknown) => local.fromDrop(files as readonly DroppedFile[])
  domain('uploads').startDropped = (files: unknown) => local.startDropped(files as readonly DroppedFile[])
  domain('files').onCopying = (listener: unknown) => {
    if (typeof listener !== 'function') throw new TypeError('files.onCopying needs a listener function')
    return local.onCopying(listener as (progress: CopyProgress) => void)
  }
  return api as unknown as MediadeckApi
}

function unwrap(result: IpcResult<unknown>): unknown {
  if (result.ok) return result.value
  throw toPlainError(result.error)
}

function toPlainError(error: AppErrorData): AppErrorData {
  return { ...error }
}
