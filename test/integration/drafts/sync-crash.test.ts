// `sync` killed with SIGKILL in the middle of its uploads, again and again, then run to the end: every local
// image of every draft is stored once and every draft scheduled once. The real CLI in a process of its own,
// the real sandbox over HTTP with slow answers, the real journal and drafts files on disk.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import type { RunningSandbox } from '../../../sandbox/index'
import { clientFor, connectedAccountId, sandboxOn, tempFolder, writePng } from './helpers'
import { CLI_BIN } from '../support/cli-bin'
import { sqlOf } from '../../../main/core/db/handle'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const DRAFTS = 8

let dir: string
let cleanup: () => Promise<void>
let sandbox: RunningSandbox
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('sync-crash-'))
  sandbox = await sandboxOn(path.join(dir, 'sandbox'))
  env = {
    MEDIADECK_BASE_URL: sandbox.url,
    MEDIADECK_ACCESS_KEY: 'demo',
    MEDIADECK_SECRET_KEY: 'demo-secret',
    MEDIADECK_DATA_DIR: path.join(dir, 'data'),
  }
})
afterEach(async () => {
  await sandbox.close()
  await cleanup()
})

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: string[] = []
  const err: string[] = []
  stdout.on('data', (c) => out.push(String(c)))
  stderr.on('data', (c) => err.push(String(c)))
  const code = await runCli(argv, { stdout, stderr, isTTY: false, env, onInterrupt: () => () => undefined })
  return { code, stdout: out.join(''), stderr: err.join('') }
}

/** File ids the upload queue's items hold in the database: a new one means an upload has just got under way. */
function initIds(dataDir: string): string[] {
  if (!existsSync(path.join(dataDir, DATABASE_FILE))) return []
  const database = openDatabase({ file: path.join(dataDir, DATABASE_FILE) })
  try {
    const rows = sqlOf(database)
      .prepare('SELECT file_id FROM upload_items WHERE file_id IS NOT NULL')
      .all() as Array<{ file_id: string }>
    return rows.map((r) => r.file_id)
  } finally {
    database.close()
  }
}

/** Runs the real `sync` process and kills it with SIGKILL once it has begun its `nth` new upload. */
async function syncKilledAtUpload(nth: number): Promise<void> {
  const journal = env.MEDIADECK_DATA_DIR!
  const seen = new Set(initIds(journal))
  const child = spawn(process.execPath, [CLI_BIN, 'sync'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let done = false
  void exited.then(() => (done = true))
  const deadline = Date.now() + 60_000
  while (!done) {
    const fresh = initIds(journal).filter((id) => !seen.has(id))
    if (fresh.length >= nth) {
      child.kill('SIGKILL')
      break
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`sync never started upload ${nth}: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  const code = await exited
  // A run that finished before the kill would prove nothing about crashes.
  expect(code, stderr).toBeNull()
}

describe('sync killed mid-upload', () => {
  it('stores each local image once and schedules each draft once, whatever the kills', async () => {
    const client = clientFor(sandbox.url)
    try {
      const accountId = await connectedAccountId(client)
      const scheduleAt = new Date(Date.now() + 2 * 86_400_000).toISOString()
      for (let i = 1; i <= DRAFTS; i++) {
        await writePng(dir, `image-${i}.png`)
        const body = path.join(dir, `draft-${i}.json`)
        await writeFile(
          body,
          JSON.stringify({
            description: `crash test ${i}`,
            type: 'image',
            accountId,
            scheduleAt,
            medias: [{ type: 'image', url: `image-${i}.png`, alt: `image ${i}`, thumbnail: '' }],
          }),
        )
        expect((await cli('drafts', 'add', body, '--schedule')).code).toBe(0)
      }

      // Slow answers keep each upload in flight long enough to be killed inside it: the kill lands right after
      // an init was recorded, while its PUT is under way.
      sandbox.setFaults({ latencyMs: 250 })
      for (const nth of [1, 2, 2, 3]) await syncKilledAtUpload(nth)
      sandbox.setFaults({})

      const final = await cli('sync')
      expect(final.stderr).not.toMatch(/error/)
      // The killed runs' leases on their drafts went with them: this run sent every one.
      const listed = (await cli('drafts', 'list', '--json')).stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { status: string })
      expect(listed.map((d) => d.status)).toEqual(Array(DRAFTS).fill('scheduled'))

      const files = await client.listFiles({ page: 1, limit: 100, search: 'image-' })
      const names = files.docs.map((f) => `${f.filename} ${f.status}`).sort()
      expect(names).toEqual(Array.from({ length: DRAFTS }, (_, i) => `image-${i + 1}.png success`).sort())
      expect((await client.storageStatistic()).file.pending).toBe(0)

      const schedules = await client.listSchedules({ page: 1, limit: 100 })
      const ours = schedules.docs.filter((s) => s.description.startsWith('crash test '))
      expect(ours.map((s) => s.description).sort()).toEqual(
        Array.from({ length: DRAFTS }, (_, i) => `crash test ${i + 1}`).sort(),
      )
      // Each post carries the very file stored for its image.
      const urls = new Set(files.docs.map((f) => f.url))
      for (const s of ours) expect(urls.has(s.medias[0]!.url)).toBe(true)
    } finally {
      await client.close()
    }
  }, 180_000)
})
