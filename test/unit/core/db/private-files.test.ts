// The data folder is the user's alone on Linux and macOS: created private, tightened (and said once) when an
// older version left it readable by others, a hard-linked database refused, and a folder that cannot be
// opened named with the reason. Real files, real SQLite.
import { chmodSync, linkSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DatabaseOpenError, openDatabase } from '../../../../main/core/db/database'
import { sqlOf } from '../../../../main/core/db/handle'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'private-files-'))
})
afterEach(() => {
  chmodSync(root, 0o700)
  rmSync(root, { recursive: true, force: true })
})

const modeOf = (path: string) => statSync(path).mode & 0o777
const unix = process.platform !== 'win32'

// Skipped on Windows, which has no POSIX file modes (docs/security.md says what it does instead); runs on Linux
// and macOS: here, and on the forge's ubuntu and macos runners.
describe.skipIf(!unix)('a private data folder (Linux, macOS: Windows has no such modes)', () => {
  it('is made 0700 with the database, its log and shared memory 0600', () => {
    const folder = join(root, 'data')
    const file = join(folder, 'mediadeck.db')
    const database = openDatabase({ file })
    database.transaction(() =>
      sqlOf(database).exec("INSERT INTO imports (name, imported_at, rows) VALUES ('x', 'now', 0)"),
    )
    expect(modeOf(folder)).toBe(0o700)
    expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual([0o600, 0o600, 0o600])
    expect(database.notices.map((n) => n.kind)).not.toContain('private')
    database.close()
  })

  it('tightens a folder an older version left readable by others, and says so once', () => {
    const folder = join(root, 'data')
    const file = join(folder, 'mediadeck.db')
    openDatabase({ file }).close()
    chmodSync(folder, 0o755)
    chmodSync(file, 0o644)
    const reopened = openDatabase({ file })
    expect(reopened.notices.filter((n) => n.kind === 'private').map((n) => n.message)).toEqual([
      expect.stringContaining(`could read Mediadeck's data folder ${folder}`),
    ])
    expect([modeOf(folder), modeOf(file)]).toEqual([0o700, 0o600])
    reopened.close()
    const again = openDatabase({ file })
    expect(again.notices.map((n) => n.kind)).not.toContain('private')
    again.close()
  })
})

describe('a database that cannot be used safely or at all', () => {
  it('refuses a database file with a second name (a hard link), saying why', () => {
    const file = join(root, 'mediadeck.db')
    openDatabase({ file }).close()
    linkSync(file, join(root, 'other.db'))
    for (const path of [file, join(root, 'other.db')]) {
      expect(() => openDatabase({ file: path })).toThrow(DatabaseOpenError)
      expect(() => openDatabase({ file: path })).toThrow(/has 2 names \(hard links\)/)
    }
  })

  it('names a data folder that is a file, instead of "unable to open database file"', () => {
    const notAFolder = join(root, 'data')
    writeFileSync(notAFolder, 'x')
    const open = () => openDatabase({ file: join(notAFolder, 'mediadeck.db') })
    expect(open).toThrow(DatabaseOpenError)
    expect(open).toThrow(
      `Mediadeck cannot open its database in ${notAFolder}: ${notAFolder} is a file, not a folder.`,
    )
  })

  // root may write anywhere whatever the modes, so only another user can see the refusal: skipped here, where
  // CI runs as root; runs as the forge's runners' unprivileged user (.github/workflows/ci.yml).
  it.skipIf(!unix || process.getuid?.() === 0)('names a read-only folder and the reason', () => {
    const folder = join(root, 'data')
    const file = join(folder, 'mediadeck.db')
    openDatabase({ file }).close()
    rmSync(file)
    chmodSync(folder, 0o500)
    expect(() => openDatabase({ file })).toThrow(
      new RegExp(`cannot open its database in ${folder}: permission denied on ${folder}`),
    )
  })
})
