// The page's scripts use the service's plain values (enums, the blank creation body, the music query's lists)
// from common/service-vocabulary.ts, which has no zod: the schemas of common/service.ts cost the first script
// about half a megabyte and 40–60 ms to evaluate (bench/renderer/start-up.ts). This follows every import the
// renderer makes for a value into common, module to module, and fails naming the path that reaches zod.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as service from '../../../common/service'
import * as vocabulary from '../../../common/service-vocabulary'

const ROOT = resolve(import.meta.dirname, '../../..')

/** The modules a file imports for a value (an import of types only is erased, so it costs the page nothing). */
function valueImports(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/^\s*(import|export)\s+([^;'"]*?)\s*from\s+'([^']+)'/gm)) {
    const clause = match[2]!
    if (/^type\s/.test(clause)) continue
    const named = /^\{([^}]*)\}$/.exec(clause.trim())
    if (named && named[1]!.split(',').every((part) => part.trim() === '' || /^type\s/.test(part.trim())))
      continue
    found.push(match[3]!)
  }
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(match[1]!)
  return found
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Every chain of value imports from the renderer into common that ends at zod. */
function pathsToZod(): string[] {
  const reaching: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) reaching.push([...chain, 'zod'].join(' → '))
      if (!specifier.startsWith('.')) continue
      const target = resolve(dirname(file), `${specifier}.ts`)
      if (relative(ROOT, target).startsWith('common/')) walk(target, [...chain, relative(ROOT, target)])
    }
  }
  for (const file of filesUnder(join(ROOT, 'renderer'))) walk(file, [relative(ROOT, file)])
  return reaching
}

describe('the service vocabulary', () => {
  it('reads imports as the page bundles them: a list of types only is erased', () => {
    expect(
      valueImports(
        [
          "import type { A } from './a'",
          "import { type B, type C } from './b'",
          "import { d, type E } from './d'",
          "export { f } from './f'",
          "export type { G } from './g'",
          "import './h'",
        ].join('\n'),
      ),
    ).toEqual(['./d', './f', './h'])
  })

  it('no value the renderer imports leads to zod', () => {
    expect(pathsToZod()).toEqual([])
  })

  it('imports nothing but types, so it stays free of the schemas', () => {
    const source = readFileSync(join(ROOT, 'common/service-vocabulary.ts'), 'utf8')
    expect(valueImports(source)).toEqual([])
  })

  it('is what common/service.ts gives under the same names, one value each', () => {
    for (const [name, value] of Object.entries(vocabulary)) {
      expect((service as Record<string, unknown>)[name], name).toBe(value)
    }
  })
})
