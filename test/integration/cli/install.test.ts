// What a person installs: the tarball `npm pack out/cli` makes, installed with `npm i -g` on Node 24 into a
// prefix of its own, offline and with an empty npm cache (so it needs nothing from the registry), then the
// installed `mediadeck` run from outside the repository against the real sandbox.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox } from '../../../sandbox'
import { CLI_BIN } from '../support/cli-bin'

const run = promisify(execFile)
let dir: string
let sandbox: RunningSandbox

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-install-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: {
      users: [
        {
          accessKey: 'inst',
          secretKey: 'inst-secret',
          tier: 'premium',
          storageLimit: 10_000_000,
          seed: 'demo',
        },
      ],
    },
  })
})
afterAll(async () => {
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the installed CLI', () => {
  it('installs from the packed tarball with npm i -g, offline, and runs its commands', async () => {
    // npm and the bin both run on this Node (24): its folder first on the PATH.
    const env = {
      ...process.env,
      PATH: [dirname(process.execPath), process.env.PATH].join(delimiter),
      npm_config_cache: join(dir, 'npm-cache'),
      npm_config_update_notifier: 'false',
    }
    await run('npm', ['pack', dirname(CLI_BIN), '--pack-destination', dir], { env })
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!
    const prefix = join(dir, 'prefix')
    await run(
      'npm',
      ['i', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(dir, tarball)],
      {
        env,
      },
    )
    // Nothing beside the package itself: every dependency is in the bundle.
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['mediadeck'])

    const mediadeck = join(prefix, 'bin', process.platform === 'win32' ? 'mediadeck.cmd' : 'mediadeck')
    const help = await run(mediadeck, ['--help'], { env, cwd: dir })
    expect(help.stdout).toMatch(/^usage: mediadeck <command> \[options\]\n/)
    expect(help.stderr).toBe('')

    // A command's own chunk and the service client load from the installed copy, outside the repository.
    const stats = await run(mediadeck, ['stats', '--json'], {
      cwd: dir,
      env: {
        ...env,
        MEDIADECK_BASE_URL: sandbox.url,
        MEDIADECK_ACCESS_KEY: 'inst',
        MEDIADECK_SECRET_KEY: 'inst-secret',
        MEDIADECK_DATA_DIR: join(dir, 'data'),
      },
    })
    expect(JSON.parse(stats.stdout)).toMatchObject({ usage: expect.any(Object), file: expect.any(Object) })

    // A usage error is one line on stderr, and exit 2.
    const bad = await run(mediadeck, ['stats', '--frob'], { env, cwd: dir }).catch((e: unknown) => e)
    expect(bad).toMatchObject({ code: 2, stdout: '' })
    expect((bad as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1)
  }, 120_000)
})
