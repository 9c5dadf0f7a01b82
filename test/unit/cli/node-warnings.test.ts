// The bin drops Node's SQLite notice, and only it: checked in a real Node process that loads node:sqlite,
// where Node's own warning printer writes to stderr.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isSqliteExperimentalWarning } from '../../../main/cli/node-warnings'

const MODULE = fileURLToPath(new URL('../../../main/cli/node-warnings.ts', import.meta.url))

function runNode(hide: boolean): string {
  const script = [
    `const { hideSqliteExperimentalWarning } = await import(${JSON.stringify(MODULE)})`,
    hide ? 'hideSqliteExperimentalWarning(process)' : '',
    "await import('node:sqlite')",
    "process.emitWarning('another feature is experimental', 'ExperimentalWarning')",
    "process.emitWarning('something else', { type: 'DeprecationWarning', code: 'DEP0' })",
  ].join('\n')
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  expect(result.status).toBe(0)
  return result.stderr
}

describe('node warnings', () => {
  it('hides the SQLite experimental notice and prints every other warning', () => {
    // Without it, Node prints the notice: the check below would catch a Node that no longer does.
    expect(runNode(false)).toMatch(/ExperimentalWarning: SQLite is an experimental feature/)
    const stderr = runNode(true)
    expect(stderr).not.toMatch(/SQLite/)
    expect(stderr).toMatch(/ExperimentalWarning: another feature is experimental/)
    expect(stderr).toMatch(/\[DEP0\] DeprecationWarning: something else/)
  })

  it('recognises the notice however emitWarning is called', () => {
    const message = 'SQLite is an experimental feature and might change at any time'
    expect(isSqliteExperimentalWarning(message, 'ExperimentalWarning')).toBe(true)
    expect(isSqliteExperimentalWarning(message, { type: 'ExperimentalWarning' })).toBe(true)
    const error = Object.assign(new Error(message), { name: 'ExperimentalWarning' })
    expect(isSqliteExperimentalWarning(error)).toBe(true)
    expect(isSqliteExperimentalWarning(message, 'Warning')).toBe(false)
    expect(isSqliteExperimentalWarning('WebStorage is an experimental feature', 'ExperimentalWarning')).toBe(
      false,
    )
  })
})
