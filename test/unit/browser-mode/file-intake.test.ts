import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../../main/browser-mode/file-intake'

describe('browser mode: dropped file names', () => {
  it('makes dropped file names safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('..\\..\\win.ini')).toBe('win.ini')
    expect(safeFileName('.hidden')).toBe('hidden')
    expect(safeFileName('a\u0000b?.png')).toBe('a_b_.png')
  })
  it('bounds dropped file names in bytes, keeps the extension and never cuts a character', () => {
    for (const raw of ['写真'.repeat(100) + '.png', '😀'.repeat(150) + '.png', 'a'.repeat(300) + '.png']) {
      const name = safeFileName(raw)
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255)
      expect(name.endsWith('.png')).toBe(true)
      expect(Buffer.from(name).toString()).toBe(name)
    }
    expect(safeFileName('photo\ud800.png')).toBe('photo_.png')
    expect(safeFileName('invoice\u202egnp.exe')).toBe('invoice_gnp.exe')
  })
})
