import { describe, expect, it } from 'vitest'
import { formatBytes, formatRate } from '../../../common/format-bytes'

describe('formatBytes: binary steps, the reader’s digits', () => {
  it('counts in 1024s, so a whole-GiB plan reads as a whole number', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1,023 B')
    expect(formatBytes(1024)).toBe('1 kB')
    expect(formatBytes(1536)).toBe('1.5 kB')
    expect(formatBytes(500 * 1024)).toBe('500 kB')
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MB')
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB')
    expect(formatBytes(2 * 1024 ** 4)).toBe('2 TB')
    expect(formatBytes(3 * 1024 ** 5)).toBe('3,072 TB')
  })

  it('keeps one decimal below 100 of a unit and none from 100 up', () => {
    expect(formatBytes(99.94 * 1024)).toBe('99.9 kB')
    expect(formatBytes(123.4 * 1024 ** 2)).toBe('123 MB')
  })

  it('writes the number in the language asked for', () => {
    expect(formatBytes(1.5 * 1024 ** 2, 'id')).toBe('1,5 MB')
    expect(formatBytes(5 * 1024 ** 3, 'id')).toBe('5 GB')
  })

  it('reads a count that is not one as a dash', () => {
    expect(formatBytes(-1)).toBe('–')
    expect(formatBytes(Number.NaN)).toBe('–')
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('–')
  })

  it('writes a rate as the size a second', () => {
    expect(formatRate(2.5 * 1024 ** 2)).toBe('2.5 MB/s')
    expect(formatRate(100)).toBe('100 B/s')
  })
})
