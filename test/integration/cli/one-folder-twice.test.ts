// Two `upload` runs given one file at once, on one data folder and one account (a command run twice, a cron
// run over a person's): the second waits for the first's upload of it and takes the stored file, instead of
// sending the bytes again. Each run saw only its own items, so the account stored every file twice.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { cliArgs } from '../support/cli-bin'
import { jsonLines, useCliSandbox, type CliRun } from '../support/cli-sandbox'

const t = useCliSandbox('cli-twice-', 50 * 1024 * 1024, { seed: 'empty' })

function start(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgs(args), {
      env: {
        ...process.env,
        MEDIADECK_BASE_URL: t.sandbox.url,
        MEDIADECK_ACCESS_KEY: 'cli',
        MEDIADECK_SECRET_KEY: 'cli-secret',
        MEDIADECK_DATA_DIR: join(t.dir, 'data'),
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Whether an upload of the data folder has its stored file's address: its bytes are on their way. */
function initAnswered(): boolean {
  let database
  try {
    database = openDatabase({ file: join(t.dir, 'data', DATABASE_FILE) })
  } catch {
    return false
  }
  try {
    const row = sqlOf(database)
      .prepare('SELECT count(*) AS n FROM upload_items WHERE finished_ms IS NULL AND file_id IS NOT NULL')
      .get()
    return Number(row?.n) > 0
  } finally {
    database.close()
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not in time`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('one file given to two upload runs at once', () => {
  it('is stored once: the second run takes the first run’s stored file', async () => {
    const path = join(t.dir, 'holiday.mp4')
    writeFileSync(path, Buffer.alloc(600 * 1024, 7))
    // Slow enough that the second run starts while the first is still sending.
    const first = start(['upload', '--json', '--limit-rate', '100k', path])
    await waitFor(initAnswered, 'the first run’s init')
    const second = await start(['upload', '--json', path])
    const firstRun = await first

    expect(firstRun.code, firstRun.stderr).toBe(0)
    expect(second.code, second.stderr).toBe(0)
    const [sent] = jsonLines(firstRun.stdout)
    const [taken] = jsonLines(second.stdout)
    expect(sent).toMatchObject({ path, state: 'success', reused: false })
    expect(taken).toMatchObject({ path, state: 'success', reused: true, id: sent!.id, url: sent!.url })
    const stored = await t.api('GET', '/public/storage/file?page=1&limit=100')
    expect(stored.docs.filter((f: { filename: string }) => f.filename === 'holiday.mp4')).toHaveLength(1)
  }, 60_000)
})
