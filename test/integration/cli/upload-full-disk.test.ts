// `mediadeck upload` on a data folder that cannot grow (a file-size limit, as a full disk): the service has
// taken the files (their pending files exist there) but the queue cannot record it. Before, each file said
// "Nothing was changed; what was saved before is kept", which was not so: the uploads had begun on the
// account. It now says what is true (it stopped, nothing is lost, the next run resumes it), and the next run
// with room does finish every file, once each.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliArgs } from '../support/cli-bin'
import { jsonLines, useCliSandbox, type CliRun } from '../support/cli-sandbox'

const t = useCliSandbox('cli-upload-full-disk-', 50_000_000, { seed: 'empty' })

/** The CLI run under `ulimit -f` (KiB): a write past that size fails as on a full disk. */
function cliLimited(args: string[], kib: number): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', `ulimit -f ${kib} && exec "$0" "$@"`, process.execPath, ...cliArgs(args)],
      {
        env: {
          ...process.env,
          MEDIADECK_BASE_URL: t.sandbox.url,
          MEDIADECK_ACCESS_KEY: 'cli',
          MEDIADECK_SECRET_KEY: 'cli-secret',
          MEDIADECK_DATA_DIR: join(t.dir, 'data'),
        },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('cli upload when the data folder cannot be written', () => {
  it('says the upload stopped and nothing is lost, and the next run finishes it', async () => {
    const paths = ['a.bin', 'b.bin'].map((name, i) => {
      const path = join(t.dir, name)
      writeFileSync(path, Buffer.alloc(200_000, `file ${i}`))
      return path
    })
    // The database made first (its migrations need room): the limit then bites the upload's own writes.
    expect((await t.cli(['drafts', 'list'])).code).toBe(0)

    const limited = await cliLimited(['upload', '--json', ...paths], 64)

    expect(limited.code).toBe(1)
    const failed = jsonLines(limited.stdout)
    expect(failed.map((line) => line.state)).toEqual(['failed', 'failed'])
    for (const line of failed) {
      expect(line.error.message).not.toMatch(/Nothing was changed/)
      expect(line.error.message).toMatch(/nothing is lost.*next run resumes/i)
    }

    const again = await t.cli(['upload', '--json', ...paths])
    expect(again.code, again.stderr).toBe(0)
    expect(
      jsonLines(again.stdout)
        .map((line) => [line.path, line.state])
        .sort(),
    ).toEqual(paths.map((p) => [p, 'success']).sort())
    // Once each, the pending files of the stopped run swept.
    expect((await t.api('GET', '/public/storage/statistic')).file).toEqual({
      total: 2,
      success: 2,
      pending: 0,
    })
  }, 60_000)
})
