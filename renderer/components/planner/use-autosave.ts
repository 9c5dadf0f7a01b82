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

  /** Saves at once; `saving` replaces the usual save for this once (the composer's "Schedule" queues too). */
  async function saveNow(saving: () => Promise<T | null> = save): Promise<T | null> {
    cancel()
    state.value = 'saving'
    const saved = await saving()
    state.value = saved === null ? 'error' : 'saved'
    return saved
  }

  function queue() {
    cancel()
    state.value = 'saving'
    timer = setTimeout(() => {
      timer = undefined
      void saveNow(save)
    }, delayMs)
  }

  /** Saves now if a save is waiting for its pause; nothing otherwise. */
  async function flush(): Promise<void> {
    if (timer === undefined) return
    await saveNow(save)
  }

  onBeforeUnmount(cancel)

  return {
    state,
    queue,
    cancel,
    flush,
    /** Saves now what the form holds. */
    saveNow: (): Promise<T | null> => saveNow(save),
    /** Saves now through `saving` instead (the composer's "Schedule" saves and queues in one call). */
    saveNowWith: saveNow,
    reset: () => {
      cancel()
      state.value = 'idle'
    },
  }
}
