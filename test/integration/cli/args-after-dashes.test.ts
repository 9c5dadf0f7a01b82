// A file named `--help`, given after `--` (where every word is an argument), is a file to upload: the CLI took
// it for a request for the usage, printed it and exited 0 with nothing uploaded.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'

const t = useCliSandbox('cli-dashes-', 10 * 1024 * 1024, { seed: 'empty' })

describe('a file named --help after --', () => {
  it('is uploaded, not taken for the usage', async () => {
    const folder = join(t.dir, 'dashes')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, '--help'), 'a file with an unlucky name')
    const run = await t.cli(['upload', '--json', '--', '--help'], { cwd: folder })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({ path: join(folder, '--help'), state: 'success' }),
    ])
  })
})
