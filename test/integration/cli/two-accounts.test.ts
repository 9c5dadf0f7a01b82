// Two accounts on one data folder (the default folder is the same whatever the credentials): a `mediadeck
// upload` of account A killed with SIGKILL midway, then an upload of account B. Before each upload carried its
// account, B's run printed "resuming 1 unfinished upload(s)" and stored A's file in B's storage, and A kept a
// pending orphan. Now A's unfinished upload waits for a run of A, which resumes it.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { createServiceClient } from '../../../main/core/service-client'
import { startHarness, USERS, type Harness } from '../core/sandbox-harness'
import { cliArgs } from '../support/cli-bin'
import { REPO_ROOT } from '../support/cli-behind-proxy'
import { sqlOf } from '../../../main/core/db/handle'
import { waitFor } from '../../support/wait-for'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const envOf = (user: { accessKey: string; secretKey: string }): NodeJS.ProcessEnv => ({
  MEDIADECK_BASE_URL: h.sandbox.url,
  MEDIADECK_ACCESS_KEY: user.accessKey,
  MEDIADECK_SECRET_KEY: user.secretKey,
  MEDIADECK_DATA_DIR: join(h.dir, 'data'),
})

function cli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, cliArgs(args), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  )
  return { child, done }
}

async function filesOf(user: { accessKey: string; secretKey: string }) {
  const c = createServiceClient({ baseUrl: h.sandbox.url, ...user, retry: { maxRetries: 0 } })
  try {
    return (await c.listFiles({ page: 1, limit: 100 })).docs.map((f) => [f.filename, f.status])
  } finally {
    await c.close()
  }
}

describe('an upload interrupted in one account, then a run of another account on the same data folder', () => {
  it('is not resumed into the other account, and is resumed by the next run of its own', async () => {
    const secret = h.file('client-private.bin', 400_000)
    const own = h.file('b-own.png', 10_000)
    const next = h.file('a-next.bin', 10_000)
    // Sent at 40 kB/s: the kill lands in the middle of the PUT, with the file's init recorded.
    const a = cli(['upload', secret.path, '--limit-rate', '40k'], envOf(USERS.main))
    const exited = a.done
    mkdirSync(join(h.dir, 'data'), { recursive: true })
    const database = openDatabase({ file: join(h.dir, 'data', DATABASE_FILE) })
    try {
      const initRecorded = sqlOf(database).prepare(
        "SELECT count(*) AS n FROM upload_items WHERE name = 'client-private.bin' AND file_id IS NOT NULL",
      )
      await waitFor(() => (initRecorded.get() as { n: number }).n === 1, 'account A’s upload under way')
    } finally {
      database.close()
    }
    a.child.kill('SIGKILL')
    await exited
    expect(await filesOf(USERS.main)).toEqual([['client-private.bin', 'pending']])

    const b = await cli(['upload', own.path], envOf(USERS.small)).done
    expect(b.code, b.err).toBe(0)
    expect(b.err).not.toMatch(/resuming/)
    expect(await filesOf(USERS.small)).toEqual([['b-own.png', 'success']])

    const again = await cli(['upload', next.path], envOf(USERS.main)).done
    expect(again.code, again.err).toBe(0)
    expect(again.err).toMatch(/resuming 1 unfinished upload\(s\)/)
    expect((await filesOf(USERS.main)).sort()).toEqual([
      ['a-next.bin', 'success'],
      ['client-private.bin', 'success'],
    ])
  }, 90_000)
})
