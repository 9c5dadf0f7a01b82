import { describe, expect, it } from 'vitest'
import { printable } from '../../../main/cli/printable'

describe('printable', () => {
  it('shows line breaks, tabs and other controls as escapes', () => {
    expect(printable('a\nb\r\tc\u001b[31md\u007f\u0085\u2028')).toBe(
      'a\\nb\\r\\tc\\u001b[31md\\u007f\\u0085\\u2028',
    )
  })

  it('shows the bidirectional overrides and isolates as escapes and keeps the marks right-to-left text needs', () => {
    expect(printable('photo\u202egpj.exe \u2066x\u2069')).toBe('photo\\u202egpj.exe \\u2066x\\u2069')
    expect(printable('مرحبا\u200f abc \u200e')).toBe('مرحبا\u200f abc \u200e')
  })

  it('leaves ordinary text, accents and emoji as they are', () => {
    expect(printable('Kopi Susu — café ☕ 日本')).toBe('Kopi Susu — café ☕ 日本')
  })
})
