// A file to import read as the text it is: UTF-8, a byte order mark's encoding, or Windows-1252 as Excel writes
// a CSV on Windows; a binary file and one over the limit are refused before anything is sent.
import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_BYTES, decodeImportBytes, readImportFile } from '../../../renderer/lib/read-import-file'

describe('decodeImportBytes', () => {
  it('reads UTF-8, with or without its mark', () => {
    const utf8 = new TextEncoder().encode('description\nCafé naïve\n')
    expect(decodeImportBytes(utf8)).toEqual({
      ok: true,
      text: 'description\nCafé naïve\n',
      encoding: 'utf-8',
    })
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])
    expect(decodeImportBytes(marked)).toEqual({
      ok: true,
      text: 'description\nCafé naïve\n',
      encoding: 'utf-8',
    })
  })

  it('reads what Excel on Windows writes (Windows-1252) exactly, instead of replacement marks', () => {
    // "Café naïve – €5" in Windows-1252: é E9, ï EF, en dash 96, euro 80.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('description\nCaf'),
      0xe9,
      ...new TextEncoder().encode(' na'),
      0xef,
      ...new TextEncoder().encode('ve '),
      0x96,
      0x20,
      0x80,
      0x35,
      0x0a,
    ])
    const read = decodeImportBytes(bytes)
    expect(read).toEqual({ ok: true, text: 'description\nCafé naïve – €5\n', encoding: 'windows-1252' })
  })

  it('reads UTF-16 by its mark', () => {
    const text = 'title\nKue lapis\n'
    const bytes = new Uint8Array(2 + text.length * 2)
    bytes.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i)
    expect(decodeImportBytes(bytes)).toEqual({ ok: true, text, encoding: 'utf-16le' })
  })

  it('refuses a binary file rather than import its bytes as text', () => {
    expect(decodeImportBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual(
      {
        ok: false,
        reason: 'unreadable',
      },
    )
  })
})

describe('readImportFile', () => {
  it('refuses a file over the limit by its size, before reading it', async () => {
    const big = new Blob([new Uint8Array(MAX_IMPORT_BYTES + 1)])
    expect(await readImportFile(big)).toEqual({ ok: false, reason: 'too-large', limitMb: 5, sizeMb: '5.0' })
    const fine = new Blob(['title\nok\n'])
    expect(await readImportFile(fine)).toMatchObject({ ok: true, text: 'title\nok\n' })
  })
})
