// The app's host and a CLI run writing one data folder at once: both upload queues live in the one database
// (two processes, two connections, WAL), every upload of each reaches the service, and neither takes the
// other's items.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { cliArgs } from '../support/cli-bin'
import { sqlOf } from '../../../main/core/db/handle'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const EACH = 15

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'host-and-cli-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

function files(prefix: string): string[] {
  mkdirSync(join(root, prefix), { recursive: true })
  return Array.from({ length: EACH }, (_, i) => {
    const path = join(root, prefix, `${prefix}-${i}.bin`)
    writeFileSync(path, Buffer.alloc(20_000 + i, `${prefix}${i}`))
    return path
  })
}

describe('the host and a CLI run on one data folder', () => {
  it('upload at the same time, each its own files, all of them', async () => {
    const mine = files('app')
    const theirs = files('cli')
    const { accessKey, secretKey } = host.sandbox.credentials
    const child = spawn(process.execPath, cliArgs(['upload', '--json', ...theirs]), {
      cwd: ROOT,
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: host.sandbox.url,
        MEDIADECK_ACCESS_KEY: accessKey,
        MEDIADECK_SECRET_KEY: secretKey,
        MEDIADECK_DATA_DIR: host.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (err += d))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

    await host.grants.grant(mine)
    await host.call('uploads:start', { paths: mine })
    await host.active().uploads.whenIdle()
    const code = await exited

    expect(code, err).toBe(0)
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { path: string; state: string })
    expect(lines.map((l) => [l.path, l.state]).sort()).toEqual(theirs.map((p) => [p, 'success']).sort())
    const items = (await host.call('uploads:list')).items.filter((i) => i.path.startsWith(join(root, 'app')))
    expect(items.map((i) => [i.path, i.state]).sort()).toEqual(mine.map((p) => [p, 'done']).sort())

    // The app's queue holds only its own items; the CLI's run removed its finished ones from its queue.
    const database = openDatabase({ file: join(host.dataDir, DATABASE_FILE) })
    try {
      const rows = sqlOf(database).prepare('SELECT scope, path FROM upload_items').all() as Array<{
        scope: string
        path: string
      }>
      expect(rows.filter((r) => r.path.includes('/cli/'))).toEqual([])
      expect(rows.filter((r) => r.path.includes('/app/')).map((r) => r.scope)).toEqual(
        Array(EACH).fill('sandbox'),
      )
    } finally {
      database.close()
    }
  }, 120_000)
})
