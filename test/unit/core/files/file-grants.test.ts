// The persisted grant record on real files and a real database: what survives a restart, what a torn or
// tampered record file from before the database does when imported, and what a failed write leaves behind.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { openFileGrants } from '../../../../main/core/files/file-grants'
import { sqlOf } from '../../../../main/core/db/handle'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grants-'))
})
const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
  rmSync(root, { recursive: true, force: true })
})

/** The data folder's database, as the host opens it (one per test unless named). */
function database(name = 'mediadeck.db'): AppDatabase {
  const d = openDatabase({ file: join(root, name) })
  opened.push(d)
  return d
}

function write(relative: string, content = 'bytes'): string {
  const path = join(root, relative)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

async function opensFor(grants: Awaited<ReturnType<typeof openFileGrants>>, path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    await grants.checkOpened(path, handle)
    return true
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

describe('file grants', () => {
  it('keeps files and folders across a reopen, and refuses what was never given', async () => {
    const photo = write('pics/a.png')
    const folder = join(root, 'album')
    const inside = write('album/deep/b.png')
    const outside = write('secret.txt')
    const first = await openFileGrants({ database: database() })
    await first.grant([photo, folder])
    const again = await openFileGrants({ database: database() })
    expect(await opensFor(again, photo)).toBe(true)
    expect(await opensFor(again, inside)).toBe(true)
    expect(await opensFor(again, outside)).toBe(false)
    expect(await again.allows(outside)).toBe(false)
  })

  it('imports grants.json once, keeps it as grants.json.pre-db, and forgets a removed file for good', async () => {
    const file = join(root, 'grants.json')
    const photo = write('a.png')
    const old = await openFileGrants({ database: database('old.db') })
    await old.grant([photo])
    // grants.json as the app before the database wrote it.
    const { dev, ino } = await import('node:fs').then((fs) => fs.statSync(photo, { bigint: true }))
    const record = { path: photo, dev: String(dev), ino: String(ino), grantedAt: '2026-01-01T00:00:00.000Z' }
    writeFileSync(file, JSON.stringify({ version: 1, files: [record], folders: [] }))
    const first = await openFileGrants({ database: database(), file })
    expect(await opensFor(first, photo)).toBe(true)
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.pre-db`)).toBe(true)
    await first.forget([photo])
    const again = await openFileGrants({ database: database(), file })
    expect(again.isGranted(photo)).toBe(false)
  })

  it('does not let a symbolic link in a granted folder reach outside it', async () => {
    const outside = write('secret.txt')
    const folder = join(root, 'album')
    mkdirSync(folder)
    symlinkSync(outside, join(folder, 'link.png'))
    const grants = await openFileGrants()
    await grants.grant([folder])
    expect(await opensFor(grants, join(folder, 'link.png'))).toBe(false)
  })

  it('starts with no grants from a torn record file, and skips unusable records from a tampered one', async () => {
    const file = join(root, 'grants.json')
    const photo = write('a.png')
    writeFileSync(file, '{"version":1,"files":[{"path":')
    const warnings: string[] = []
    const torn = await openFileGrants({ database: database('torn.db'), file, warn: (m) => warnings.push(m) })
    expect(torn.isGranted(photo)).toBe(false)
    expect(warnings.join()).toMatch(/starting with none/)

    const { dev, ino } = await import('node:fs').then((fs) => fs.statSync(photo, { bigint: true }))
    const good = { path: photo, dev: String(dev), ino: String(ino), grantedAt: '2026-01-01T00:00:00.000Z' }
    const bad = [null, { path: 42 }, { path: '/x', dev: 'x', ino: '1', grantedAt: '' }]
    writeFileSync(file, JSON.stringify({ version: 1, files: [good, ...bad], folders: [] }))
    warnings.length = 0
    const tampered = await openFileGrants({
      database: database('tampered.db'),
      file,
      warn: (m) => warnings.push(m),
    })
    expect(await opensFor(tampered, photo)).toBe(true)
    expect(warnings.join()).toMatch(/3 unusable record/)
  })

  it('fails the grant with a clear error when the database is full, and grants nothing', async () => {
    // More records than the pages the table has: the write needs new pages.
    const photos = Array.from({ length: 60 }, (_, i) => write(`${'long-name-'.repeat(20)}${i}.png`))
    const photo = photos[0]!
    const d = database()
    const grants = await openFileGrants({ database: d })
    // SQLITE_FULL, as a full disk gives it: no page may be added to the file.
    const { page_count: pages } = sqlOf(d).prepare('PRAGMA page_count').get() as { page_count: number }
    sqlOf(d).exec(`PRAGMA max_page_count = ${pages}`)
    await expect(grants.grant(photos)).rejects.toMatchObject({
      kind: 'file',
      message: expect.stringMatching(/files you added/),
    })
    expect(grants.isGranted(photo)).toBe(false)
    expect(sqlOf(d).prepare('SELECT count(*) AS n FROM file_grants').get()).toEqual({ n: 0 })
  })
})
