// Fans events out to the transports (the app window, browser-mode sockets). Handlers emit into it; each
// transport subscribes once and forwards what it receives.
import type { EventName, EventPayloads } from '../../common/contract'

export type AnyEventListener = <E extends EventName>(name: E, payload: EventPayloads[E]) => void

export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void
  subscribe(listener: AnyEventListener): () => void
}

export function createEventHub(onListenerError?: (error: unknown) => void): EventHub {
  const listeners = new Set<AnyEventListener>()
  return {
    emit(name, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(name, payload)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
