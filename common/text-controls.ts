// The characters that break or disguise a line of text from outside the program (a file's name, a stranger's
// comment), named once for every place that cleans such text: notifications (main/host/inbox-notifications.ts),
// names of dropped files (main/browser-mode/file-intake.ts) and the CLI's lines (main/cli/printable.ts). Each is
// the body of a regular-expression character class, for the places to combine with what else they refuse.

/** C0 controls, DEL and the C1 controls: a line break, an ESC that sends the terminal a sequence. */
export const CONTROL_CHARS = '\\u0000-\\u001f\\u007f-\\u009f'
/** The line and paragraph separators: a line break to whatever shows the text. */
export const LINE_SEPARATORS = '\\u2028\\u2029'
/**
 * The bidirectional embeddings, overrides and isolates: invisible, they reorder what follows them on screen
 * (`photo\u202Egpj.exe` reads as `photoexe.jpg`).
 */
export const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'
/** The bidirectional marks (LRM, RLM, ALM): they reorder nothing beyond themselves; right-to-left text needs them. */
export const BIDI_MARKS = '\\u200e\\u200f\\u061c'
