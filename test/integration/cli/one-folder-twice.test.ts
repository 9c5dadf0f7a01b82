// Two `upload` runs given one file at once, on one data folder and one account (a command run twice, a cron
// run over a person's): the second waits for the first's upload of it and takes the stored file, instead of
// sending the bytes again. Each run saw only its own items, so the account stored every file twice.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'
import { waitFor } from '../../support/wait-for'

const t = useCliSandbox('cli-twice-', 50 * 1024 * 1024, { seed: 'empty' })

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

describe('one file given to two upload runs at once', () => {
  it('is stored once: the second run takes the first run’s stored file', async () => {
    const path = join(t.dir, 'holiday.mp4')
    writeFileSync(path, Buffer.alloc(600 * 1024, 7))
    // Slow enough that the second run starts while the first is still sending.
    const first = t.cli(['upload', '--json', '--limit-rate', '100k', path])
    await waitFor(initAnswered, 'the first run’s init')
    const second = await t.cli(['upload', '--json', path])
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
