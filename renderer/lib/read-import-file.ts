// The text of a file to import, read in the page before anything is sent. Two things a spreadsheet's file needs
// that `File.text()` does not do: Excel on Windows saves CSV in Windows-1252 (Latin-1), which `text()` reads as
// UTF-8 and turns "Café naïve" into "Caf� na�ve" without a word; and a file over the import's limit must be
// refused here, by its size, rather than sent (in browser mode a message over the socket's 32 MB frame closes
// the connection, and over 5 MB the host refuses it in words the person cannot act on).
import { MAX_IMPORT_CHARS } from '../../common/drafts'

/**
 * The largest file the import takes, in bytes: as many as the host's limit in characters, so a file under it
 * is always under that (UTF-8 and Windows-1252 take at least one byte a character).
 */
export const MAX_IMPORT_BYTES = MAX_IMPORT_CHARS

export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

export type ReadImportFile =
  | { ok: true; text: string; encoding: ImportEncoding }
  | { ok: false; reason: 'too-large'; limitMb: number; sizeMb: string }
  | { ok: false; reason: 'unreadable' }

/** A byte order mark names the encoding outright (Excel's "Unicode text" and "CSV UTF-8" write one). */
function byBom(bytes: Uint8Array): ImportEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return null
}

/**
 * Windows-1252's characters at 0x80–0x9F (the WHATWG Encoding table), where Latin-1 has control codes; the five
 * bytes it leaves undefined stay as they are. Mapped here rather than by TextDecoder('windows-1252'), which
 * Node decodes as plain Latin-1 (so the unit tests and the app would disagree on "€" and "–").
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
]

function decodeWindows1252(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192)
    text += String.fromCharCode(
      ...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b)),
    )
  }
  return text
}

/** Control characters a text file does not hold (tab, line feed and carriage return aside): a binary file. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/

/** Reads bytes as the text they most likely are, or says they are not text this import can read. */
export function decodeImportBytes(bytes: Uint8Array): ReadImportFile {
  const bom = byBom(bytes)
  let text: string
  let encoding: ImportEncoding
  if (bom) {
    encoding = bom
    text = new TextDecoder(bom).decode(bytes)
  } else {
    try {
      // fatal: a byte that is not UTF-8 throws instead of becoming U+FFFD.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      encoding = 'utf-8'
    } catch {
      // Not UTF-8: what Excel writes on Windows for a western-language system. Every byte means a character
      // there, so the text is exact if that is what it is; a binary file is caught below.
      text = decodeWindows1252(bytes)
      encoding = 'windows-1252'
    }
  }
  if (BINARY.test(text)) return { ok: false, reason: 'unreadable' }
  return { ok: true, text: text.replace(/^\uFEFF/, ''), encoding }
}

export async function readImportFile(file: Blob): Promise<ReadImportFile> {
  if (file.size > MAX_IMPORT_BYTES) {
    return {
      ok: false,
      reason: 'too-large',
      limitMb: MAX_IMPORT_BYTES / 1_000_000,
      sizeMb: (file.size / 1_000_000).toFixed(1),
    }
  }
  return decodeImportBytes(new Uint8Array(await file.arrayBuffer()))
}
