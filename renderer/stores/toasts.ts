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
}

const DEFAULT_TIMEOUT_MS = 6000

export const useToastsStore = defineStore('toasts', () => {
  const items = ref<Toast[]>([])
  let nextId = 1

  function dismiss(id: number) {
    items.value = items.value.filter((toast) => toast.id !== id)
  }

  /** timeoutMs 0 keeps the toast until dismissed (for something the user must act on). */
  function push(toast: Omit<Toast, 'id'>, timeoutMs = DEFAULT_TIMEOUT_MS): number {
    const id = nextId++
    // Keep the stack short: the oldest goes when a sixth arrives.
    items.value = [...items.value.slice(-4), { ...toast, id }]
    if (timeoutMs > 0) setTimeout(() => dismiss(id), timeoutMs)
    return id
  }

  return { items, push, dismiss }
})
