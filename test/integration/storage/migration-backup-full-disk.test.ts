// A disk that fills while the copy taken before a migration is written: the process that opens the folder
// (under a file size limit, ulimit -f, which fails its writes as a full disk does) says so in words, leaves
// no half-written copy, and leaves the database as it was, at its old version with every row; once there is
// room, the next open takes the copy and migrates.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
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

/** Opens the folder in a child process whose files may not grow past `limitKiB` (none: no limit). */
function openInChild(limitKiB?: number): string {
  const limit = limitKiB === undefined ? '' : `ulimit -f ${limitKiB}; `
  const run = spawnSync(
    'bash',
    [
      '-c',
      `${limit}exec "${process.execPath}" --import tsx test/integration/storage/support/open-child.ts "$0"`,
      dir,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  )
  return run.stdout.trim()
}

function rowsAndVersion() {
  const database = openDatabase({ file: join(dir, DATABASE_FILE), migrations: MIGRATIONS.slice(0, -1) })
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

// Skipped on Windows only: it fills the disk with bash's `ulimit -f`, which Windows has not. It runs here (Linux)
// and on the forge's Linux and macOS runners (.github/workflows/ci.yml).
describe.skipIf(process.platform === 'win32')('a full disk while the migration backup is written', () => {
  it('refuses in words, leaves no partial copy, keeps the database as it was, and migrates once there is room', () => {
    dir = mkdtempSync(join(tmpdir(), 'backup-full-'))
    // A database one migration behind, of about 1.6 MiB.
    const old = openDatabase({ file: join(dir, DATABASE_FILE), migrations: MIGRATIONS.slice(0, -1) })
    const insert = sqlOf(old).prepare('INSERT INTO announced_posts (schedule_id) VALUES (?)')
    for (let i = 0; i < 3000; i++) insert.run(`post-${i}-${'x'.repeat(200)}`)
    old.close()
    const size = statSync(join(dir, DATABASE_FILE)).size

    // Room for the database's log, not for a whole copy of it.
    const said = openInChild(Math.floor(size / 1024 / 2))
    expect(said).toMatch(
      /^DatabaseOpenError: Could not update the local database: the copy kept before an update could not be written/,
    )
    expect(said).toMatch(/is the disk full\?\)\. It was left as it was/)
    expect(readdirSync(dir).filter((name) => name.includes('.backup-'))).toEqual([])
    expect(rowsAndVersion()).toEqual({ rows: 3000, version: MIGRATIONS.length - 1 })

    expect(openInChild()).toBe('opened')
    expect(readdirSync(dir).filter((name) => name.includes('.backup-'))).toHaveLength(1)
  }, 60_000)
})
