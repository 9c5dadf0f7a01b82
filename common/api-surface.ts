// The methods window.mediadeck carries, by call and event name, as plain data: what the bridges build the API
// from (preload/api.ts). Computed from the contract here, so the browser-mode bridge can be handed the list by
// the host (main/browser-mode/server.ts) instead of bundling the contract and its schemas into a script every
// page runs before the app.
import {
  CALL_NAMES,
  EVENT_NAMES,
  INTERNAL_CALLS,
  apiPathOfCall,
  apiPathOfEvent,
  type CallName,
  type EventName,
} from './contract'

export interface ApiSurface {
  /** The public calls: [name, domain, method], e.g. ['uploads:retry-failed', 'uploads', 'retryFailed']. */
  calls: Array<[name: CallName, domain: string, method: string]>
  /** The events: [name, domain, method], e.g. ['uploads:progress', 'uploads', 'onProgress']. */
  events: Array<[name: EventName, domain: string, method: string]>
}

export function apiSurface(): ApiSurface {
  const internal = new Set<string>(INTERNAL_CALLS)
  return {
    calls: CALL_NAMES.filter((name) => !internal.has(name)).map((name) => [name, ...apiPathOfCall(name)]),
    events: EVENT_NAMES.map((name) => [name, ...apiPathOfEvent(name)]),
  }
}
