// `mediadeck drafts add FILE` given a file far larger than a post (a video named by mistake, a device, an
// endless pipe): before, the file was read whole into memory, whatever its size, and /dev/zero was read until
// memory ran out. It is now refused past the app's import bound (MAX_IMPORT_CHARS), read no further, with one
// line on stderr and exit 1, and no draft is written.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMPORT_CHARS } from '../../../common/drafts'
import { openDatabase, DATABASE_FILE } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { cliArgs } from '../support/cli-bin'

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-add-large-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The real CLI process; killed if it has not ended in 20 s (it was reading for ever). */
function cliAdd(file: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, cliArgs(['drafts', 'add', file]), {
    // `drafts add` asks no service: the address needs no one listening.
    env: {
      ...process.env,
      MEDIADECK_BASE_URL: 'http://127.0.0.1:9',
      MEDIADECK_ACCESS_KEY: 'key',
      MEDIADECK_DATA_DIR: join(dir, 'data'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    }),
  )
}

function draftCount(): number {
  const file = join(dir, 'data', DATABASE_FILE)
  if (!existsSync(file)) return 0
  const database = openDatabase({ file })
  try {
    return Number((sqlOf(database).prepare('SELECT count(*) AS n FROM drafts').get() as { n: number }).n)
  } finally {
    database.close()
  }
}

describe('drafts add FILE past the import bound', () => {
  it('a file larger than the bound: refused with the bound named, exit 1, nothing written', async () => {
    const file = join(dir, 'huge.json')
    const description = 'x'.repeat(MAX_IMPORT_CHARS)
    writeFileSync(file, JSON.stringify({ description, type: 'text', medias: [] }))

    const { code, stderr } = await cliAdd(file)

    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([`error: ${file}: too large for a post: at most 5 MB of text`])
    expect(draftCount()).toBe(0)
  }, 30_000)

  it.runIf(process.platform !== 'win32')(
    'an endless device: refused, not read for ever',
    async () => {
      const { code, stderr } = await cliAdd('/dev/zero')

      expect(code).toBe(1)
      expect(stderr).toContain('/dev/zero: too large for a post')
    },
    30_000,
  )
})
