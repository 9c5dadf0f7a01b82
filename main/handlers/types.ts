// The app's call handlers, free of Electron: the same map serves Electron IPC (main/ipc) and the browser
// mode's WebSocket (main/browser-mode). Requests arrive already validated against common/contract.ts.
import type { z } from 'zod'
import type { CallName, CallResponse, requestSchemas } from '../../common/contract'
import type { ActiveService, ConnectionMonitor, EventSink } from '../core/ports'

export type ValidRequest<C extends CallName> = z.output<(typeof requestSchemas)[C]>

export type Handler<C extends CallName> = (request: ValidRequest<C>) => Promise<CallResponse<C>>
export type Handlers = { [C in CallName]: Handler<C> }
export type HandlerGroup<C extends CallName> = { [K in C]: Handler<K> }

/** What domain handler modules receive; built once by main (Electron) or by the browser-mode host. */
export interface HandlerDeps {
  dataDir: string
  active(): ActiveService
  onActiveChanged(listener: (active: ActiveService) => void): () => void
  connection: Pick<ConnectionMonitor, 'current' | 'isOnline' | 'check' | 'onChange'>
  emit: EventSink
  /** Registers work to run when the host closes (stop timers, flush stores); the host awaits it. */
  onDispose?(dispose: () => Promise<void> | void): void
}
