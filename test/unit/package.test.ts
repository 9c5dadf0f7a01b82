import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'

describe('project skeleton', () => {
  it('declares an ESM package with the contract scripts', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      type: string
      scripts: Record<string, string>
    }
    expect(pkg.type).toBe('module')
    for (const script of ['sandbox', 'cli', 'start:browser', 'test', 'typecheck', 'lint', 'bench']) {
      expect(pkg.scripts[script], script).toBeTruthy()
    }
  })
})
