// A file named `--help`, given after `--` (where every word is an argument), is a file to upload: the CLI took
// it for a request for the usage, printed it and exited 0 with nothing uploaded.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliArgs } from '../support/cli-bin'
import { jsonLines, useCliSandbox, type CliRun } from '../support/cli-sandbox'

const t = useCliSandbox('cli-dashes-', 10 * 1024 * 1024, { seed: 'empty' })

describe('a file named --help after --', () => {
  it('is uploaded, not taken for the usage', async () => {
    const folder = join(t.dir, 'dashes')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, '--help'), 'a file with an unlucky name')
    const run = await new Promise<CliRun>((resolve) => {
      const child = spawn(process.execPath, cliArgs(['upload', '--json', '--', '--help']), {
        cwd: folder,
        env: {
          ...process.env,
          MEDIADECK_BASE_URL: t.sandbox.url,
          MEDIADECK_ACCESS_KEY: 'cli',
          MEDIADECK_SECRET_KEY: 'cli-secret',
          MEDIADECK_DATA_DIR: join(t.dir, 'data'),
        },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d) => (stdout += d))
      child.stderr.on('data', (d) => (stderr += d))
      child.on('exit', (code) => resolve({ code, stdout, stderr }))
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({ path: join(folder, '--help'), state: 'success' }),
    ])
  })
})
