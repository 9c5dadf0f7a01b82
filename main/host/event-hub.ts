// Fans events out to the transports (the app window, browser-mode sockets). Handlers emit into it; each
// transport subscribes once and forwards what it receives.
import type { EventName, EventPayloads } from '../../common/contract'

export type AnyEventListener = <E extends EventName>(name: E, payload: EventPayloads[E]) => void

export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void
  subscribe(listener: AnyEventListener): () => void
}

/**
 * `redact` sees every payload before any transport does: events carry error texts (an upload's, a draft's)
 * that may quote a service answer.
 */
export function createEventHub(
  onListenerError?: (error: unknown) => void,
  redact: <T>(payload: T) => T = (payload) => payload,
): EventHub {
  const listeners = new Set<AnyEventListener>()
  return {
    emit(name, payload) {
      if (listeners.size === 0) return
      const safe = redact(payload)
      for (const listener of [...listeners]) {
        try {
          listener(name, safe)
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
