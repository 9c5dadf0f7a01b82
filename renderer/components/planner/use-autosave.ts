import { onBeforeUnmount, ref } from 'vue'

export type SaveState = 'idle' | 'saving' | 'saved' | 'error'

/**
 * Saves as the person types, once per pause: `queue()` after each change starts (or restarts) the pause, and
 * `flush()` saves at once what is still waiting, for a close that must not lose the last keystrokes. `save`
 * resolves with null when it failed (it shows its own error); the state says so for the footer.
 */
export function useAutosave<T>(save: () => Promise<T | null>, delayMs = 700) {
  const state = ref<SaveState>('idle')
  let timer: ReturnType<typeof setTimeout> | undefined

  function cancel() {
    clearTimeout(timer)
    timer = undefined
  }

  async function saveNow(): Promise<T | null> {
    cancel()
    state.value = 'saving'
    const saved = await save()
    state.value = saved === null ? 'error' : 'saved'
    return saved
  }

  function queue() {
    cancel()
    state.value = 'saving'
    timer = setTimeout(() => {
      timer = undefined
      void saveNow()
    }, delayMs)
  }

  /** Saves now if a save is waiting for its pause; nothing otherwise. */
  async function flush(): Promise<void> {
    if (timer === undefined) return
    await saveNow()
  }

  onBeforeUnmount(cancel)

  return {
    state,
    queue,
    cancel,
    flush,
    saveNow,
    reset: () => {
      cancel()
      state.value = 'idle'
    },
  }
}
