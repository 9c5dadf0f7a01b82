// Two processes updating one database: the second reads the old version, then the first updates the file before
// the second takes its copy. The copy must be named for what it holds, never a newer schema under an older
// version's name (a fresh CI run found such a copy: "backup-v21" holding schema 22).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../../../../main/core/db/migrate'
import { MIGRATIONS } from '../../../../main/core/db/migrations/index'

let dir: string
const connections: DatabaseSync[] = []
afterEach(() => {
  for (const db of connections.splice(0)) db.close()
  rmSync(dir, { recursive: true, force: true })
})
const connect = (file: string) => {
  const db = new DatabaseSync(file, { timeout: 5_000 })
  connections.push(db)
  return db
}
const versionOf = (file: string) => {
  const db = connect(file)
  return Number(db.prepare('PRAGMA user_version').get()!.user_version)
}

describe('a copy taken while another process updates the database', () => {
  it('is named for the version it holds, and the late process finds nothing left to do', () => {
    dir = mkdtempSync(join(tmpdir(), 'migrate-race-'))
    const file = join(dir, 'a.db')
    const setup = connect(file)
    setup.exec('PRAGMA journal_mode = WAL')
    migrate(setup, file, MIGRATIONS.slice(0, -1), () => new Date('2026-11-29T10:00:00Z'))
    setup.close()
    connections.splice(connections.indexOf(setup), 1)

    const first = connect(file)
    const late = connect(file)
    let firstBackup: string | undefined
    // The late process's copy starts just after the first one has finished its whole update.
    const lateExec = late.exec.bind(late)
    late.exec = (sql: string) => {
      if (sql.startsWith('VACUUM INTO') && firstBackup === undefined)
        firstBackup = migrate(first, file, MIGRATIONS, () => new Date('2026-11-29T10:00:01Z'))
      return lateExec(sql)
    }

    const lateResult = migrate(late, file, MIGRATIONS, () => new Date('2026-11-29T10:00:02Z'))

    expect(firstBackup).toMatch(new RegExp(`a\\.db\\.backup-v${MIGRATIONS.length - 1}-`))
    expect(lateResult).toBeUndefined()
    expect(versionOf(file)).toBe(MIGRATIONS.length)
    const copies = readdirSync(dir).filter((name) => name.includes('.backup-'))
    expect(copies).toEqual([`a.db.backup-v${MIGRATIONS.length - 1}-2026-11-29T10-00-01-000Z`])
    for (const copy of copies) {
      const named = Number(/backup-v(\d+)-/.exec(copy)![1])
      expect(versionOf(join(dir, copy))).toBe(named)
    }
  })

  it('refuses, as a newer version, a database a newer Mediadeck updated between the read and the copy', () => {
    dir = mkdtempSync(join(tmpdir(), 'migrate-race-'))
    const file = join(dir, 'a.db')
    const setup = connect(file)
    migrate(setup, file, MIGRATIONS.slice(0, -2), () => new Date('2026-11-29T10:00:00Z'))

    const older = connect(file)
    const olderExec = older.exec.bind(older)
    let newerRan = false
    // The newer Mediadeck knows every migration; this one a version less, and reads before the newer writes.
    older.exec = (sql: string) => {
      if (sql.startsWith('VACUUM INTO') && !newerRan) {
        newerRan = true
        migrate(setup, file, MIGRATIONS, () => new Date('2026-11-29T10:00:01Z'))
      }
      return olderExec(sql)
    }
    expect(() =>
      migrate(older, file, MIGRATIONS.slice(0, -1), () => new Date('2026-11-29T10:00:02Z')),
    ).toThrow(
      `was written by a newer version of Mediadeck (schema ${MIGRATIONS.length}, this one knows ${MIGRATIONS.length - 1})`,
    )
    expect(versionOf(file)).toBe(MIGRATIONS.length)
    // Only the newer one's copy; none of the refused run's.
    expect(readdirSync(dir).filter((name) => name.includes('.backup-'))).toEqual([
      `a.db.backup-v${MIGRATIONS.length - 2}-2026-11-29T10-00-01-000Z`,
    ])
  })
})
