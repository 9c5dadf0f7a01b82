// Text from outside the program in a line the CLI prints for a person: a file's path or a stored file's name,
// a post's caption, a stranger's comment. Each such line is one item (docs/design.md: errors are one line on
// stderr), so what would break or disguise it is shown as an escape instead:
// - C0 and C1 control characters (and DEL), and the line and paragraph separators: a name holding a line
//   break printed as two lines, the second able to pass for an `error:` of its own, and an ESC could send
//   the terminal a sequence;
// - the bidirectional embeddings, overrides and isolates, which reorder what follows them on screen (a file
//   named `photo\u202Egpj.exe` read as `photoexe.jpg`). The marks (LRM, RLM, ALM) reorder nothing beyond
//   themselves and are kept: right-to-left text needs them.
// `--json` output needs none of this: JSON.stringify escapes the controls, and a program reads it.
import { BIDI_CONTROLS, CONTROL_CHARS, LINE_SEPARATORS } from '../../common/text-controls'

const UNPRINTABLE = new RegExp(`[${CONTROL_CHARS}${LINE_SEPARATORS}${BIDI_CONTROLS}]`, 'g')

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
}
