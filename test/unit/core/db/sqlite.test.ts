import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkSqliteBinding } from '../../../../main/core/db/sqlite'

const run = promisify(execFile)

describe('the SQLite binding', () => {
  it('loads under this Node and answers a query', () => {
    const status = checkSqliteBinding()
    expect(status).toMatchObject({ ok: true })
    expect(status.version).toMatch(/^3\.\d+\.\d+$/)
  })

  it('loads without printing the experimental warning, and other warnings still print', async () => {
    const module = new URL('../../../../main/core/db/sqlite.ts', import.meta.url).pathname
    const script = `
      const { checkSqliteBinding } = await import(${JSON.stringify(module)})
      console.log(JSON.stringify(checkSqliteBinding()))
      process.emitWarning('another warning')`
    const { stdout, stderr } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ])
    expect(JSON.parse(stdout)).toMatchObject({ ok: true })
    expect(stderr).not.toMatch(/SQLite/)
    expect(stderr).toMatch(/another warning/)
  })
})
