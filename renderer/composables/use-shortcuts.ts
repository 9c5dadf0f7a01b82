import { onBeforeUnmount, onMounted } from 'vue'

/** Whether a key press belongs to what has the focus: typing in a field, choosing in a list. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  )
}

/**
 * Single-key shortcuts of a view (`n`, `/`, `?`), by the key's character. They stay quiet while the person types
 * in a field, while a modal dialog is open (the dialog owns the keyboard), and with Ctrl, Cmd or Alt held, which
 * belong to the system and the browser. The handler's key press is consumed, so `/` does not also type a slash.
 */
export function useShortcuts(handlers: Record<string, () => void>) {
  function onKeydown(event: KeyboardEvent) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    const handler = handlers[event.key]
    if (!handler || isTypingTarget(event.target)) return
    if (document.querySelector('[role="dialog"][aria-modal="true"]')) return
    event.preventDefault()
    handler()
  }
  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
