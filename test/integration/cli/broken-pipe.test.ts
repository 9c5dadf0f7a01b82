// `npm run cli -- drafts list | head -1`: the reader stops after the first line and closes the pipe. That is
// normal use of a command-line tool, so the real CLI process must end without a stack trace, with the exit
// code of the work it did (0 here: listing succeeded; only its report was cut short).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStoreAt } from '../../support/draft-store'
import { sampleDraft } from '../../unit/core/drafts/helpers'
import { tempFolder } from '../drafts/helpers'
import { CLI_BIN } from '../support/cli-bin'

let dir: string
let cleanup: () => Promise<void>

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('cli-pipe-'))
})
afterEach(() => cleanup())

/** Runs the real CLI, reads its stdout up to the first line, closes the pipe like `head -1`, and waits. */
function firstLineThenClose(argv: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ first: string; stderr: string; code: number | null; signal: string | null }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [CLI_BIN, ...argv], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let buffered = ''
      let first: string | undefined
      let stderr = ''
      child.stderr.on('data', (chunk) => (stderr += String(chunk)))
      child.stdout.on('data', (chunk) => {
        if (first !== undefined) return
        buffered += String(chunk)
        const end = buffered.indexOf('\n')
        if (end < 0) return
        first = buffered.slice(0, end)
        child.stdout.destroy()
      })
      child.on('error', reject)
      child.on('close', (code, signal) => resolve({ first: first ?? '', stderr, code, signal }))
    },
  )
}

describe('CLI output to a reader that stops early', () => {
  it('drafts list | head -1 ends quietly with exit 0', async () => {
    const dataDir = path.join(dir, 'data')
    const store = await openStoreAt(path.join(dataDir, 'drafts.json'))
    // Far more than a pipe's buffer (64 KiB on Linux), so the CLI is still writing when the reader leaves.
    store.putMany(
      Array.from({ length: 600 }, (_, i) =>
        sampleDraft({ id: `d${String(i).padStart(4, '0')}`, createdAt: new Date(i * 1000).toISOString() }),
      ),
    )
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, MEDIADECK_DATA_DIR: dataDir }

    const result = await firstLineThenClose(['drafts', 'list', '--json'], env)
    expect(JSON.parse(result.first)).toMatchObject({ id: expect.stringMatching(/^d\d{4}$/) })
    expect(result.stderr).not.toMatch(/EPIPE|Error|at /)
    expect(result.stderr).toBe('')
    expect(result.signal).toBeNull()
    expect(result.code).toBe(0)
  })
})
