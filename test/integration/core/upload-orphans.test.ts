// An init whose answer never arrives because the process died: the service holds a pending file the client
// never learnt the id of. The real CLI `upload` in a process of its own, a proxy that holds the init's answer
// back (so the kill lands exactly between the service acting and the client hearing), SIGKILL, and the next
// run of the engine must leave nothing it started pending.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { createServiceClient } from '../../../main/core/service-client'
import type { AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { USERS } from './sandbox-harness'
import type { Harness } from './sandbox-harness'
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

const client = () => createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main, retry: { maxRetries: 0 } })

describe('pending files of inits whose answer died with the process', () => {
  it('are deleted by the next run, and nothing else is', async () => {
    const c = client()
    try {
      // Someone else's pending upload of a same-named file, made before any of ours: never ours to delete.
      const foreign = await c.initFile({
        filename: 'round-1.bin',
        size: 12_345,
        mimetype: 'application/octet-stream',
      })

      const rounds = [1, 2, 3]
      for (const round of rounds) {
        h.file(`round-${round}.bin`, 20_000 + round)
        const initsBefore = proxy.seen.filter((s) => s.startsWith('POST /public/storage/file/init')).length
        proxy.setRule((method, path) =>
          method === 'POST' && path === '/public/storage/file/init' ? 'hold-answer' : 'pass',
        )
        const child = spawn(process.execPath, [CLI_BIN, 'upload', join(h.dir, `round-${round}.bin`)], {
          cwd: REPO_ROOT,
          env: { ...process.env, ...env },
          stdio: 'ignore',
        })
        const exited = new Promise((resolve) => child.once('exit', resolve))
        // Every unfinished file of every run so far is initialised in this one (the queue resumes them), and
        // the service has made each file before the kill; only the answers are missing.
        await waitFor(async () => {
          const inits = proxy.seen.filter((s) => s.startsWith('POST /public/storage/file/init')).length
          return inits - initsBefore === round && (await c.storageStatistic()).file.pending >= round + 1
        }, `round ${round}: inits held`)
        child.kill('SIGKILL')
        await exited
      }
      proxy.setRule(() => 'pass')

      h.file('final.bin', 7_000)
      const stdout = new PassThrough()
      const stderr = new PassThrough()
      let err = ''
      stderr.on('data', (d) => (err += d))
      stdout.resume()
      const code = await runCli(['upload', join(h.dir, 'final.bin')], {
        stdout,
        stderr,
        isTTY: false,
        env,
        onInterrupt: () => () => undefined,
      })
      expect(code, err).toBe(0)

      const files = await c.listFiles({ page: 1, limit: 100 })
      const summary = files.docs.map((f) => `${f.filename} ${f.status}`).sort()
      // The resumed files arrived once each; every pending file the killed runs made is gone; the foreign one stays.
      expect(summary).toEqual(
        [
          'final.bin success',
          'round-1.bin pending',
          'round-1.bin success',
          'round-2.bin success',
          'round-3.bin success',
        ].sort(),
      )
      expect(files.docs.find((f) => f.status === 'pending')!.id).toBe(foreign.id)
      expect((await c.storageStatistic()).file.pending).toBe(1)
    } finally {
      await c.close()
    }
  }, 120_000)
})
