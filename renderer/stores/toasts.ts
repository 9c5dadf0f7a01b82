import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { RouteLocationRaw } from 'vue-router'

export interface Toast {
  id: number
  tone: 'info' | 'success' | 'warning' | 'danger'
  title: string
  message?: string
  /** One line per item (a file and why it was refused), shown as a list under the message. */
  details?: { label: string; text: string }[]
  action?: { label: string; to: RouteLocationRaw }
  /** The label of its Undo button: the toast holds back an action until it closes (see `hold`). */
  undoLabel?: string
}

/**
 * An action the service cannot take back (a delete, a retry, a move), held until its toast closes: `commit`
 * sends it then, `undo` puts the screen back instead if the person asks.
 */
export interface HeldAction {
  commit: () => unknown
  undo: () => void
}

const DEFAULT_TIMEOUT_MS = 6000
/** Long enough to read the toast and reach its Undo; the action waits this long before it is sent. */
export const UNDO_TIMEOUT_MS = 8000

export const useToastsStore = defineStore('toasts', () => {
  const items = ref<Toast[]>([])
  let nextId = 1
  // Each toast's timer, with the time it has left, so hovering or focusing it can pause it.
  const timers = new Map<number, { left: number; since: number; handle?: ReturnType<typeof setTimeout> }>()
  const held = new Map<number, HeldAction>()

  function start(id: number) {
    const timer = timers.get(id)
    if (!timer || timer.handle) return
    timer.since = Date.now()
    timer.handle = setTimeout(() => dismiss(id), timer.left)
  }

  /** Closes a toast; an action it held is sent now. */
  function dismiss(id: number) {
    const timer = timers.get(id)
    if (timer?.handle) clearTimeout(timer.handle)
    timers.delete(id)
    items.value = items.value.filter((toast) => toast.id !== id)
    const action = held.get(id)
    held.delete(id)
    if (action) void Promise.resolve().then(action.commit)
  }

  /** The person took it back: the held action is never sent. */
  function undo(id: number) {
    const action = held.get(id)
    held.delete(id)
    action?.undo()
    dismiss(id)
  }

  /** timeoutMs 0 keeps the toast until dismissed (for something the user must act on). */
  function push(toast: Omit<Toast, 'id'>, timeoutMs = DEFAULT_TIMEOUT_MS): number {
    const id = nextId++
    // Keep the stack short: the oldest goes (and sends what it held) when a sixth arrives.
    const evicted = items.value.slice(0, -4)
    items.value = [...items.value.slice(-4), { ...toast, id }]
    for (const old of evicted) dismiss(old.id)
    if (timeoutMs > 0) {
      timers.set(id, { left: timeoutMs, since: Date.now() })
      start(id)
    }
    return id
  }

  /** A toast with Undo that holds `action` back until it closes. */
  function hold(toast: Omit<Toast, 'id'> & { undoLabel: string }, action: HeldAction): number {
    const id = push(toast, UNDO_TIMEOUT_MS)
    held.set(id, action)
    return id
  }

  /** Hovered or focused: the toast waits, so it is not gone while being read or reached. */
  function pause(id: number) {
    const timer = timers.get(id)
    if (!timer?.handle) return
    clearTimeout(timer.handle)
    timer.handle = undefined
    timer.left = Math.max(1000, timer.left - (Date.now() - timer.since))
  }
  function resume(id: number) {
    start(id)
  }

  /** Sends every held action now: the app is closing or reloading, and a held action must not be lost. */
  function flushHeld() {
    for (const id of [...held.keys()]) dismiss(id)
  }

  return { items, push, hold, dismiss, undo, pause, resume, flushHeld }
})
