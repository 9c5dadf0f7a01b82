// The text a typed date or time field shows, kept in step with its model: UiDateField and UiTimeField show the
// value in the app's format and read what the person types, so they share how text and model follow each other.
import { ref, watch, type ComputedRef, type ModelRef, type Ref } from 'vue'

export interface TypedFieldRules<T> {
  /** The model's value ('' when empty) as the app's language writes it. */
  shown(value: string): string
  /** What the person typed, or null when it cannot be read. */
  parse(text: string): T | null
  /** The model's value for what was read. */
  valueOf(parsed: T): string
}

export function useTypedField<T>(
  model: ModelRef<string>,
  lang: ComputedRef<string>,
  input: Ref<HTMLInputElement | null>,
  rules: TypedFieldRules<T>,
) {
  const text = ref(rules.shown(model.value))
  const unreadable = ref(false)

  /** Shows the model's value again and forgets any unreadable text. */
  function show(): void {
    text.value = rules.shown(model.value)
    unreadable.value = false
  }

  watch(model, (value) => {
    // A value set from outside is shown in the app's format; typing in progress that already means this value
    // is left as typed.
    const typed = rules.parse(text.value)
    if (typed === null || rules.valueOf(typed) !== value || document.activeElement !== input.value) show()
  })
  // A language switch shows the value in the new format even while the field has the focus ("23:02" ->
  // "23.02"); text it cannot read stays, so nothing typed is lost.
  watch(lang, () => {
    if (!unreadable.value) text.value = rules.shown(model.value)
  })

  function onInput(event: Event): void {
    text.value = (event.target as HTMLInputElement).value
    if (!text.value.trim()) {
      unreadable.value = false
      model.value = ''
      return
    }
    const parsed = rules.parse(text.value)
    unreadable.value = parsed === null
    if (parsed !== null) model.value = rules.valueOf(parsed)
  }

  /** On blur or Enter: readable text takes the app's format. */
  function settle(): void {
    if (!unreadable.value) text.value = rules.shown(model.value)
  }

  /** Sets the model from a step (arrow keys, a picked day) and shows it. */
  function set(value: string): void {
    model.value = value
    show()
  }

  return { text, unreadable, onInput, settle, set }
}
