// Puts a snippet into a text field where the caret is (over the selection, if any), as typing would.

export type TextField = HTMLTextAreaElement | HTMLInputElement

/** The text to insert, with a space on either side where it would otherwise run into a word. */
export function spacedPiece(before: string, text: string, after: string): string {
  const lead = before && !/\s$/u.test(before) ? ' ' : ''
  const trail = after && !/^\s/u.test(after) ? ' ' : ''
  return `${lead}${text}${trail}`
}

/**
 * Inserts `text` at the caret of `field` and leaves the caret after it. The field's own `input` event tells
 * v-model (or an @input handler) of the change. Chromium's insertText command puts the insertion on the
 * field's own undo stack, so Ctrl+Z takes it back as it would a paste; where the command does nothing (an
 * engine without it, jsdom), the text is set directly and undo of the field may not see it.
 */
export function insertAtCaret(field: TextField, text: string): void {
  const value = field.value
  const start = field.selectionStart ?? value.length
  const end = field.selectionEnd ?? start
  // A one-line field (the title) would drop the new lines of a caption: they become spaces instead.
  const line = field instanceof HTMLInputElement ? text.replace(/\s*\n\s*/gu, ' ') : text
  const piece = spacedPiece(value.slice(0, start), line, value.slice(end))
  field.focus()
  field.setSelectionRange(start, end)
  if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, piece)) return
  field.setRangeText(piece, start, end, 'end')
  field.dispatchEvent(new Event('input', { bubbles: true }))
}
