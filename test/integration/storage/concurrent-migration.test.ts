// The app and CLI runs opening one data folder at once while its database is a version behind: every process
// opens it, the migrations run once (each in its transaction, skipped by whoever finds it done), every row is
// kept, and each copy taken before the update is whole (each written under its own temporary name).
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openDatabase } from '../../../main/core/db/database'
import { sqlOf } from '../../../main/core/db/handle'
import { MIGRATIONS } from '../../../main/core/db/migrations/index'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function openInChild(): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/integration/storage/support/open-child.ts', dir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.on('data', (chunk) => (out += String(chunk)))
  return new Promise((resolve) => child.once('exit', () => resolve(out.trim())))
}

/** The rows and version of a database file, opened as it is (no migration run). */
function contents(file: string, migrations = MIGRATIONS) {
  const database = openDatabase({ file, migrations })
  try {
    const db = sqlOf(database)
    return {
      rows: Number(db.prepare('SELECT count(*) AS n FROM announced_posts').get()!.n),
      version: Number(db.prepare('PRAGMA user_version').get()!.user_version),
    }
  } finally {
    database.close()
  }
}

describe('one data folder opened by several processes at once, a version behind', () => {
  it('opens in each, migrates once, keeps every row, and each copy taken is whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'concurrent-migration-'))
    const old = openDatabase({ file: join(dir, DATABASE_FILE), migrations: MIGRATIONS.slice(0, -1) })
    const insert = sqlOf(old).prepare('INSERT INTO announced_posts (schedule_id) VALUES (?)')
    for (let i = 0; i < 2000; i++) insert.run(`post-${i}-${'x'.repeat(100)}`)
    old.close()

    const said = await Promise.all([openInChild(), openInChild(), openInChild(), openInChild()])
    expect(said).toEqual(['opened', 'opened', 'opened', 'opened'])
    expect(contents(join(dir, DATABASE_FILE))).toEqual({ rows: 2000, version: MIGRATIONS.length })
    const copies = readdirSync(dir).filter((name) => name.includes('.backup-'))
    expect(copies.length).toBeGreaterThanOrEqual(1)
    expect(copies.filter((name) => name.includes('.partial'))).toEqual([])
    for (const copy of copies)
      expect(contents(join(dir, copy), MIGRATIONS.slice(0, -1))).toEqual({
        rows: 2000,
        version: MIGRATIONS.length - 1,
      })
  }, 90_000)
})
