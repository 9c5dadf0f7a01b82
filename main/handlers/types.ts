// The app's call handlers, free of Electron: the same map serves Electron IPC (main/ipc) and the browser
// mode's WebSocket (main/browser-mode). Requests arrive already validated against common/contract.ts.
import type { z } from 'zod'
import type { CallName, CallResponse, EventName, EventPayloads, requestSchemas } from '../../common/contract'
import type { ConnectionState } from '../../common/app-state'
import type { ServiceClient } from '../core/service-client'
import type { UploadEngine } from '../core/uploads/upload-engine'

export type ValidRequest<C extends CallName> = z.output<(typeof requestSchemas)[C]>

export type Handler<C extends CallName> = (request: ValidRequest<C>) => Promise<CallResponse<C>>
export type Handlers = { [C in CallName]: Handler<C> }
export type HandlerGroup<C extends CallName> = { [K in C]: Handler<K> }

export type EventSink = <E extends EventName>(name: E, payload: EventPayloads[E]) => void

/** What the active profile gives every domain: its client and its upload queue. Both change on a switch. */
export interface ActiveService {
  profileId: string
  mode: 'sandbox' | 'service'
  client: ServiceClient
  uploads: UploadEngine
}

export interface ConnectionMonitor {
  current(): ConnectionState
  isOnline(): boolean
  /** Checks now (a cheap authenticated GET) and returns the new state. */
  check(): Promise<ConnectionState>
  onChange(listener: (state: ConnectionState) => void): () => void
}

/** What domain handler modules receive; built once by main (Electron) or by the browser-mode host. */
export interface HandlerDeps {
  dataDir: string
  active(): ActiveService
  onActiveChanged(listener: (active: ActiveService) => void): () => void
  connection: ConnectionMonitor
  emit: EventSink
  /** Registers work to run when the host closes (stop timers, flush stores); the host awaits it. */
  onDispose?(dispose: () => Promise<void> | void): void
}
