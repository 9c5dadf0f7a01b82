// A stranger's words in a system notification: one line, cut short, and no invisible character that changes
// what the person reads (a bidi control can make "pay.exe" read as something else).
import { describe, expect, it } from 'vitest'
import { oneLine } from '../../../main/host/inbox-notifications'

describe('oneLine', () => {
  it('keeps the text on one line and cuts it short', () => {
    expect(oneLine('hello\n\tthere\u2028friend\u0085 ')).toBe('hello there friend')
    expect(oneLine('x'.repeat(150))).toBe(`${'x'.repeat(99)}…`)
  })

  it('drops every bidi control, so the text reads in the order it was written', () => {
    const controls = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e', // embeddings, overrides and their end
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069', // isolates and their end
      '\u200e',
      '\u200f',
      '\u061c', // the marks
    ]
    for (const control of controls) {
      expect(oneLine(`invoice${control}fdp.exe`)).toBe('invoicefdp.exe')
    }
    expect(oneLine('\u202eabc\u202c \u2067def\u2069')).toBe('abc def')
  })
})
