// The browser mode's WebSocket messages: the same calls and events as Electron IPC, as JSON. Both ends use
// these types: the host (main/browser-mode/server.ts) and the page's bridge (preload/browser-bridge.ts).
import type { IpcResult } from './contract'

export type ClientMessage = { t: 'call'; id: number; name: string; request?: unknown }
export type ServerMessage =
  { t: 'result'; id: number; result: IpcResult<unknown> } | { t: 'event'; name: string; payload: unknown }

export function parseClientMessage(raw: string): ClientMessage | undefined {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const m = value as Record<string, unknown>
  if (
    m.t !== 'call' ||
    typeof m.id !== 'number' ||
    !Number.isSafeInteger(m.id) ||
    typeof m.name !== 'string'
  ) {
    return undefined
  }
  return { t: 'call', id: m.id, name: m.name, request: m.request }
}
