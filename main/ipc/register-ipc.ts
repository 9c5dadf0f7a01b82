// Electron's side of the contract: one ipcMain.handle per call. Each invocation is checked for its sender,
// validated against the call's schema and run through the shared dispatcher; the answer is an IpcResult, so
// a failure crosses as plain AppErrorData. Events go to the app window with webContents.send.
import { CALL_NAMES, type IpcResult } from '../../common/contract'
import type { Handlers } from '../handlers/types'
import { dispatchCall } from '../host/dispatch'
import type { EventHub } from '../host/event-hub'
import type { Logger, Redactor } from '../host/logging'
import type { SenderEvent } from './sender-check'
import { packEvent } from '../../common/wire-packing'

/** The part of ipcMain this uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainLike
  handlers: Handlers
  isTrustedSender(event: SenderEvent): boolean
  log: Logger
  /** Masks secrets in error texts before they reach the page. */
  redactor?: Pick<Redactor, 'redactText'>
}

export function registerIpc(options: RegisterIpcOptions): () => void {
  for (const name of CALL_NAMES) {
    options.ipcMain.handle(name, async (event, request): Promise<IpcResult<unknown>> => {
      if (!options.isTrustedSender(event)) {
        options.log.warn(`refused ${name} from an untrusted sender`, event.senderFrame?.url ?? '(no frame)')
        return { ok: false, error: { kind: 'validation', message: 'this page may not call the app' } }
      }
      return dispatchCall(options.handlers, name, request, options.log, options.redactor)
    })
  }
  return () => {
    for (const name of CALL_NAMES) options.ipcMain.removeHandler(name)
  }
}

export interface EventTargetContents {
  isDestroyed(): boolean
  send(channel: string, payload: unknown): void
}

/** Forwards every host event to the app window while it exists, its list's records packed (wire-packing.ts). */
export function forwardEvents(events: EventHub, contents: () => EventTargetContents | undefined): () => void {
  return events.subscribe((name, payload) => {
    const target = contents()
    if (target && !target.isDestroyed()) target.send(name, packEvent(name, payload))
  })
}
