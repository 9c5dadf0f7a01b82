import { nextTick, type Ref } from 'vue'

/**
 * A refusal is useless where it cannot be seen: the first flagged field of `form` (or, for a refusal the form
 * has no field for, its message at the top) is scrolled into the dialog's view and takes the focus, so a
 * keyboard or screen reader user lands on it instead of on the page body. Flagged: `aria-invalid="true"`, a
 * `data-field-error` message, or the form's `data-form-error` message.
 */
export function useRevealFirstError(form: Readonly<Ref<HTMLElement | null>>) {
  return async function revealFirstError(): Promise<void> {
    await nextTick()
    const first = form.value?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-field-error], [data-form-error]',
    )
    if (!first) return
    const target = first.matches('input, select, textarea')
      ? first
      : (first.closest('.field, fieldset')?.querySelector<HTMLElement>('input, select, textarea') ?? first)
    target.scrollIntoView?.({ block: 'center' })
    target.focus()
    if (document.activeElement !== target) {
      // A message, not a control: focusable by script only, so the reader still lands on the words.
      target.tabIndex = -1
      target.focus()
    }
  }
}
