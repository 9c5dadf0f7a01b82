// SIZE arguments read as curl reads them: k, M, G suffixes in 1024s (the usage of `storage free` says so).
import { describe, expect, it } from 'vitest'
import { byteSizeArgument, UsageError } from '../../../main/cli/args'

describe('byteSizeArgument', () => {
  it('reads bytes and 1024-based suffixes in either case', () => {
    expect(byteSizeArgument('0', 'SIZE')).toBe(0)
    expect(byteSizeArgument('1500', 'SIZE')).toBe(1500)
    expect(byteSizeArgument('2k', 'SIZE')).toBe(2048)
    expect(byteSizeArgument('100M', 'SIZE')).toBe(104_857_600)
    expect(byteSizeArgument('1g', 'SIZE')).toBe(1024 ** 3)
    expect(byteSizeArgument('1.5K', 'SIZE')).toBe(1536)
  })

  it.each(['', 'x', '-1', '1.5', '10T', '1 M', '9999999999999999999', '1e3'])('refuses %j', (text) => {
    expect(() => byteSizeArgument(text, 'SIZE')).toThrow(UsageError)
  })
})
