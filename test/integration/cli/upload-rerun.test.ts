// `cli upload FILE` killed mid-upload, then run again with the same FILE, as a person does after a crash: the
// second run resumes the first run's upload of that file instead of sending it a second time.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { createServiceClient } from '../../../main/core/service-client'
import type { AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { USERS, type Harness } from '../core/sandbox-harness'
import { CLI_BIN } from '../support/cli-bin'
import { REPO_ROOT, startCliBehindProxy } from '../support/cli-behind-proxy'
import { waitFor } from '../../support/wait-for'

let h: Harness
let proxy: AnswerDroppingProxy
let env: NodeJS.ProcessEnv
let close: () => Promise<void>

beforeAll(async () => {
  ;({ h, proxy, env, close } = await startCliBehindProxy())
})
afterAll(() => close())

describe('cli upload run again after a kill', () => {
  it('stores the file once, and the second run reports it', async () => {
    const path = join(h.dir, 'holiday.bin')
    h.file('holiday.bin', 50_000)
    // The first run's PUT never gets its answer: the kill lands with the upload unfinished in the journal.
    proxy.setRule(() => 'pass')
    const child = spawn(process.execPath, [CLI_BIN, 'upload', path], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    proxy.setRule((method, p) =>
      method === 'POST' && p.startsWith('/public/storage/file/') && p.endsWith('/complete')
        ? 'hold-answer'
        : 'pass',
    )
    await waitFor(() => proxy.seen.some((s) => s.includes('/complete')), 'first run reached complete')
    child.kill('SIGKILL')
    await exited
    proxy.setRule(() => 'pass')

    const stdout = new PassThrough()
    const stderr = new PassThrough()
    let out = ''
    let err = ''
    stdout.on('data', (d) => (out += d))
    stderr.on('data', (d) => (err += d))
    const code = await runCli(['upload', '--json', path], {
      stdout,
      stderr,
      isTTY: false,
      env,
      onInterrupt: () => () => undefined,
    })
    expect(code, err).toBe(0)
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { path: string; state: string })
    expect(lines).toEqual([expect.objectContaining({ path, state: 'success' })])

    const c = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main, retry: { maxRetries: 0 } })
    try {
      const files = await c.listFiles({ page: 1, limit: 100 })
      expect(files.docs.filter((f) => f.filename === 'holiday.bin').map((f) => f.status)).toEqual(['success'])
    } finally {
      await c.close()
    }
  }, 90_000)
})
