import { describe, expect, it } from 'vitest'
import { parseByteRange } from '../../../common/byte-range'

describe('parseByteRange', () => {
  it('reads an open, a closed and a suffix range', () => {
    expect(parseByteRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 })
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 })
    expect(parseByteRange('bytes=10-500', 100)).toEqual({ start: 10, end: 99 })
    expect(parseByteRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 })
  })

  it('serves whole what it does not read, and refuses what cannot be satisfied', () => {
    expect(parseByteRange(undefined, 100)).toBeNull()
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull()
    expect(parseByteRange('items=0-1', 100)).toBeNull()
    expect(parseByteRange('bytes=100-', 100)).toBe('invalid')
    expect(parseByteRange('bytes=20-10', 100)).toBe('invalid')
    expect(parseByteRange('bytes=-0', 100)).toBe('invalid')
  })
})
