import { computed, shallowRef, type ComputedRef } from 'vue'

/**
 * A message that stays on screen until replaced (a refusal, a problem line), kept as how to word it rather
 * than as words: `t()` runs inside the computed, so switching the language while it shows rewords it. A
 * message kept as text stayed in the language it was first said in.
 */
export function useWorded<T>(nothing: T): {
  shown: ComputedRef<T>
  say: (wording: () => T) => void
  clear: () => void
} {
  const wording = shallowRef<() => T>(() => nothing)
  return {
    shown: computed(() => wording.value()),
    say: (next) => {
      wording.value = next
    },
    clear: () => {
      wording.value = () => nothing
    },
  }
}
