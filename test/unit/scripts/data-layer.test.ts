// Every table is owned once: the schema snapshot's tables are each named once in docs/data-layer.md's table
// of tables with one repository, that repository is in the data layer (scripts/data-layer.mjs), and no other
// module of main/ names the table in SQL. ESLint refuses SQL and the raw handle outside the data layer.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs module, typed by its use here
import { DATA_LAYER as DATA_LAYER_UNTYPED } from '../../../scripts/data-layer.mjs'

const DATA_LAYER = DATA_LAYER_UNTYPED as string[]
const root = join(import.meta.dirname, '../../..')

function latestTables(): string[] {
  const snapshot = JSON.parse(
    readFileSync(join(root, 'main/core/db/migrations/schema-snapshot.json'), 'utf8'),
  ) as Record<string, { tables: Record<string, unknown> }>
  const latest = Math.max(...Object.keys(snapshot).map(Number))
  return Object.keys(snapshot[String(latest)]!.tables).sort()
}

/** The table of tables: each row's table and its repository, as written. */
function documentedOwners(): Array<{ table: string; owner: string }> {
  const text = readFileSync(join(root, 'docs/data-layer.md'), 'utf8')
  const section = text.slice(text.indexOf('## Tables, and who writes them'))
  const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| table')))
  return [...rows.matchAll(/^\| `([a-z_]+)` +\| `([^`]+)` +\|/gm)].map((m) => ({
    table: m[1]!,
    owner: m[2]!,
  }))
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path)
    return entry.name.endsWith('.ts') ? [relative(root, path).split('\\').join('/')] : []
  })
}

const inDataLayer = (file: string) =>
  DATA_LAYER.some((pattern) =>
    pattern.endsWith('/**/*.ts') ? file.startsWith(pattern.slice(0, -'**/*.ts'.length)) : file === pattern,
  )

describe('the data layer: every table declared once and owned once', () => {
  const tables = latestTables()
  const owners = documentedOwners()

  it('names every table of the schema once in docs/data-layer.md, with its one repository', () => {
    expect(owners.map((row) => row.table).sort()).toEqual(tables)
  })

  it('finds each repository in the data layer', () => {
    for (const { table, owner } of owners) {
      expect(existsSync(join(root, owner)), `${table}: ${owner} does not exist`).toBe(true)
      expect(inDataLayer(owner), `${table}: ${owner} is not in scripts/data-layer.mjs`).toBe(true)
    }
  })

  it('finds a table named in SQL only in its repository', () => {
    const ownerOf = new Map(owners.map((row) => [row.table, row.owner]))
    const strays: string[] = []
    for (const file of sources(join(root, 'main'))) {
      const text = readFileSync(join(root, file), 'utf8')
      for (const match of text.matchAll(/\b(?:FROM|INTO|UPDATE|JOIN)\s+"?([a-z_]+)/g)) {
        const owner = ownerOf.get(match[1]!)
        if (owner !== undefined && owner !== file)
          strays.push(`${file} names ${match[1]} (owned by ${owner})`)
      }
    }
    expect([...new Set(strays)]).toEqual([])
  })

  it('has ESLint refuse SQL and the raw handle outside the data layer, allow them in a repository, and refuse a cast row anywhere', async () => {
    // The repository's configuration with only the restrictions run, and no type information (it takes 40 s).
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId.startsWith('no-restricted'),
    })
    const code = [
      "import { sqlOf } from '../core/db/handle'",
      "import type { AppDatabase } from '../core/db/database'",
      "export const count = (d: AppDatabase) => sqlOf(d).prepare('SELECT count(*) FROM drafts').get()",
      '',
    ].join('\n')
    const [outside] = await eslint.lintText(code, { filePath: join(root, 'main/host/post-notifications.ts') })
    const refused = outside!.messages.map((m) => m.ruleId)
    expect(refused).toContain('no-restricted-imports')
    expect(refused).toContain('no-restricted-syntax')
    const [inside] = await eslint.lintText(code.replaceAll('../core/db/', '../db/'), {
      filePath: join(root, 'main/core/posts/announced-posts.ts'),
    })
    expect(inside!.messages.filter((m) => m.ruleId?.startsWith('no-restricted'))).toEqual([])
    // Even there, a row is read through its declaration, never cast.
    const [cast] = await eslint.lintText(
      code.replaceAll('../core/db/', '../db/').replace('.get()', '.get() as { n: number }'),
      { filePath: join(root, 'main/core/posts/announced-posts.ts') },
    )
    expect(cast!.messages.map((m) => m.message)).toEqual([expect.stringContaining('not cast')])
  }, 30_000)
})
