import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../../main/browser-mode/args'

describe('browser mode command line', () => {
  it('accepts --port N and --port=N', () => {
    expect(parseArgs([])).toEqual({ port: 0 })
    expect(parseArgs(['--port', '8123'])).toEqual({ port: 8123 })
    expect(parseArgs(['--port=0'])).toEqual({ port: 0 })
  })
  it('refuses anything else', () => {
    for (const argv of [['--port'], ['--port', 'x'], ['--port', '70000'], ['--host', '0.0.0.0'], ['extra']]) {
      expect(() => parseArgs(argv)).toThrow()
    }
  })
})
