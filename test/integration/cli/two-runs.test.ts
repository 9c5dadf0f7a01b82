// Two `cli upload` runs at once on one data folder, as a person running a second upload (or a cron `sync`)
// while the first is still sending: the second must leave the first's upload alone. Before the database and
// its leases the second run adopted the first's unfinished item as "interrupted" and sent the file again, and
// its orphan sweep deleted the first run's pending file on the service.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../main/core/service-client'
import type { AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { USERS, type Harness } from '../core/sandbox-harness'
import { REPO_ROOT, startCliBehindProxy } from '../support/cli-behind-proxy'
import { cliArgs } from '../support/cli-bin'
import { waitFor } from '../../support/wait-for'

let h: Harness
let proxy: AnswerDroppingProxy
let env: NodeJS.ProcessEnv
let close: () => Promise<void>

beforeAll(async () => {
  ;({ h, proxy, env, close } = await startCliBehindProxy())
})
afterAll(() => close())

function cli(args: string[]): {
  child: ChildProcess
  done: Promise<{ code: number | null; out: string; err: string }>
} {
  const child = spawn(process.execPath, cliArgs(args), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  )
  return { child, done }
}

describe('two cli upload runs on one data folder', () => {
  it('the second run neither resumes nor sweeps the first run’s upload in flight', async () => {
    const big = h.file('first-run.bin', 40_000)
    const small = h.file('second-run.bin', 20_000)
    // The first run's init is carried out by the service (its pending file exists) but the answer is held:
    // the first run is alive, between its intent and its init record, for as long as the test needs.
    let inits = 0
    proxy.setRule((method, path) =>
      method === 'POST' && path === '/public/storage/file/init' && ++inits === 1 ? 'hold-answer' : 'pass',
    )
    const service = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main, retry: { maxRetries: 0 } })
    const first = cli(['upload', '--json', big.path])
    try {
      const named = async (name: string) =>
        (await service.listFiles({ page: 1, limit: 100 })).docs.filter((f) => f.filename === name)
      await waitFor(async () => (await named('first-run.bin')).length === 1, 'the first run’s init')
      const [pending] = await named('first-run.bin')
      expect(pending!.status).toBe('pending')

      const second = await cli(['upload', '--json', small.path]).done
      expect(second.code, second.err).toBe(0)
      expect(second.err).not.toMatch(/resuming/)
      const lines = second.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { path: string; state: string })
      expect(lines).toEqual([expect.objectContaining({ path: small.path, state: 'success' })])
      // The first run's file: still its one pending file, neither deleted by a sweep nor sent a second time.
      expect((await named('first-run.bin')).map((f) => [f.id, f.status])).toEqual([[pending!.id, 'pending']])
      expect(inits).toBe(2)
    } finally {
      first.child.kill('SIGKILL')
      await first.done
      await service.close()
    }
  }, 90_000)
})
