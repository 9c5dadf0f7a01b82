// The composer's shortcut for the snippet menu: Ctrl+; (⌘; on Apple keyboards). Neither Chromium, Electron's
// standard menus nor the common desktops give it a meaning in a text field, and it is one hand's reach from
// the text. Matched by the key's place too (`code`), so a layout that puts ";" behind Shift still has it.
export function isSnippetShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.isComposing) return false
  return event.key === ';' || event.code === 'Semicolon'
}

/** How the shortcut is written on this computer. */
export function snippetShortcutLabel(platform: string = navigator.platform): string {
  return /Mac|iPhone|iPad/.test(platform) ? '⌘ ;' : 'Ctrl+;'
}

/** `aria-keyshortcuts` of the menu's button. */
export const SNIPPET_ARIA_KEYS = 'Control+; Meta+;'
