// A file the app uploaded, then given to a CLI run of the same account on the same data folder: the CLI finds
// the app's stored file and sends nothing. Before, the content index that dedupe reads was kept per queue, and
// the app's queue is named by its profile while the CLI's is named by its credentials: neither saw what the
// other had stored, and the same bytes were stored twice on one account.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { cliArgs } from '../support/cli-bin'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dedupe-app-cli-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

/** `mediadeck upload --json FILE` with the sandbox's credentials, a process of its own on the host's folder. */
async function cliUpload(path: string): Promise<{ id: string; reused: boolean; state: string }> {
  const child = spawn(process.execPath, cliArgs(['upload', '--json', path]), {
    cwd: ROOT,
    env: {
      ...process.env,
      MEDIADECK_BASE_URL: host.sandbox.url,
      MEDIADECK_ACCESS_KEY: host.sandbox.credentials.accessKey,
      MEDIADECK_SECRET_KEY: host.sandbox.credentials.secretKey,
      MEDIADECK_DATA_DIR: host.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code, err).toBe(0)
  return JSON.parse(out.trim()) as { id: string; reused: boolean; state: string }
}

describe('one account, the app and a CLI run on one data folder', () => {
  it('a file the app stored is not stored again by the CLI', async () => {
    // A profile of the sandbox's account by its address and keys, as a person adds one.
    const profile = await host.call('profiles:save', {
      name: 'My account',
      baseUrl: host.sandbox.url,
      ...host.sandbox.credentials,
    })
    await host.call('profiles:activate', { id: profile.id })
    const path = join(root, 'holiday.bin')
    writeFileSync(path, Buffer.alloc(40_000, 'same bytes'))
    await host.grants.grant([path])
    await host.call('uploads:start', { paths: [path] })
    await host.active().uploads.whenIdle()
    const [stored] = (await host.call('uploads:list')).items
    expect(stored).toMatchObject({ path, state: 'done' })
    const before = (await host.call('storage:stats')).file.total

    const line = await cliUpload(path)

    expect(line).toMatchObject({ state: 'success', reused: true, id: stored!.fileId })
    expect((await host.call('storage:stats')).file.total).toBe(before)
  }, 60_000)
})
