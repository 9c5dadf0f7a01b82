// Fans events out to the transports (the app window, browser-mode sockets). Handlers emit into it; each
// transport subscribes once and forwards what it receives. The events several parts of main send about one
// list the page holds (NUMBERED_EVENTS: the service's posts, the upload queue) are numbered here, from 1 again
// when another profile becomes active (`profiles:switched`, which the page resets on too): a page that sees a
// number skipped missed a change, and reads what it shows again.
import {
  NUMBERED_EVENTS,
  type EmittedPayload,
  type EventName,
  type EventPayloads,
  type NumberedEventName,
} from '../../common/contract'

export type AnyEventListener = <E extends EventName>(name: E, payload: EventPayloads[E]) => void

export interface EventHub {
  emit<E extends EventName>(name: E, payload: EmittedPayload<E>): void
  subscribe(listener: AnyEventListener): () => void
}

const numbered = new Set<EventName>(NUMBERED_EVENTS)

/**
 * `redact` sees every payload before any transport does: events carry error texts (an upload's, a draft's)
 * that may quote a service answer.
 */
export function createEventHub(
  onListenerError?: (error: unknown) => void,
  redact: <T>(payload: T) => T = (payload) => payload,
): EventHub {
  const listeners = new Set<AnyEventListener>()
  /** The last number of each numbered event sent for the active profile. */
  const seqs = new Map<NumberedEventName, number>()
  function numberOf<E extends EventName>(name: E, payload: EmittedPayload<E>): EventPayloads[E] {
    if (name === 'profiles:switched') seqs.clear()
    if (!numbered.has(name)) return payload as EventPayloads[E]
    const seq = (seqs.get(name as NumberedEventName) ?? 0) + 1
    seqs.set(name as NumberedEventName, seq)
    return { ...payload, seq } as EventPayloads[E]
  }
  return {
    emit(name, payload) {
      // Numbered even with no one listening: a page that links later reads its list whole first.
      const sent = numberOf(name, payload)
      if (listeners.size === 0) return
      const safe = redact(sent)
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
