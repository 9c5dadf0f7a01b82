// The module paths the docs name exist: a flow recounted in docs/architecture.md on code that moved or went away
// is a flow nobody can follow, and a note in any other doc that names a module gone sends its reader nowhere.
// A path is any `code` span that starts with one of the source folders; `*` in one
// (`main/handlers/<area>-handlers.ts` is written with angle brackets and not checked) is not a path.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)
/** Every doc under docs/, and the README. */
const DOCS = [
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'README.md',
]
const SOURCE = /^(?:main|common|preload|renderer|sandbox|bench|scripts|test)\/[\w./-]+$/

/** Every path-looking code span of a Markdown text, each once. */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim())
  return [...new Set(spans.filter((span) => SOURCE.test(span)))]
}

describe('the modules the docs name', () => {
  it('finds the paths a text names, and only those', () => {
    expect(
      namedPaths('`main/host/app-host.ts` and `drafts:changed`, `x.ts`, `main/<area>.ts`, `main/core/`'),
    ).toEqual(['main/host/app-host.ts', 'main/core/'])
  })

  for (const doc of DOCS) {
    it(`every module ${doc} names exists`, () => {
      const paths = namedPaths(readFileSync(new URL(doc, ROOT), 'utf8'))
      if (doc === 'docs/architecture.md') expect(paths.length).toBeGreaterThan(20)
      const missing = paths.filter((path) => !existsSync(new URL(path, ROOT)))
      expect(missing, `${doc} names modules that do not exist`).toEqual([])
    })
  }
})
