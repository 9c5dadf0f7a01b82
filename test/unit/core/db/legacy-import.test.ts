import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { importLegacyFile, type LegacyImport } from '../../../../main/core/db/legacy-import'
import { MIGRATIONS } from '../../../../main/core/db/migrations/index'
import type { DatabaseSync } from '../../../../main/core/db/sqlite'
import { sqlOf } from '../../../../main/core/db/handle'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})
const notes = {
  version: MIGRATIONS.length + 1,
  name: 'test-notes',
  up: (db: DatabaseSync) => db.exec('CREATE TABLE notes (text TEXT NOT NULL)'),
}
function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-import-'))
  const database = openDatabase({ file: join(dir, 'a.db'), migrations: [...MIGRATIONS, notes] })
  opened.push(database)
  const path = join(dir, 'notes.json')
  writeFileSync(path, JSON.stringify(['a', 'b', 'c']))
  const spec = (failAfter = Infinity): LegacyImport<string[]> => ({
    name: 'notes',
    path,
    read: (file) => JSON.parse(readFileSync(file, 'utf8')) as string[],
    write: (texts) => {
      texts.forEach((text, index) => {
        if (index >= failAfter) throw new Error('killed mid-import')
        sqlOf(database).prepare('INSERT INTO notes VALUES (?)').run(text)
      })
      return texts.length
    },
  })
  const count = () => (sqlOf(database).prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n
  return { database, path, spec, count }
}

describe('importLegacyFile', () => {
  it('keeps the .pre-db copy 90 days after the import, then removes it', () => {
    const { database, path, spec } = setUp()
    const day = (n: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + n * 86_400_000)
    expect(importLegacyFile(database, spec(), day(0))).toMatchObject({ status: 'imported' })
    expect(importLegacyFile(database, spec(), day(90))).toEqual({ status: 'already-imported' })
    expect(existsSync(`${path}.pre-db`)).toBe(true)
    expect(importLegacyFile(database, spec(), day(91))).toEqual({ status: 'already-imported' })
    expect(existsSync(`${path}.pre-db`)).toBe(false)
    expect(importLegacyFile(database, spec(), day(92))).toEqual({ status: 'none' })
  })

  it('imports once, renames the file to .pre-db, and does nothing the second time', () => {
    const { database, path, spec, count } = setUp()
    expect(importLegacyFile(database, spec())).toMatchObject({ status: 'imported', rows: 3 })
    expect(existsSync(path)).toBe(false)
    expect(existsSync(`${path}.pre-db`)).toBe(true)
    expect(importLegacyFile(database, spec())).toEqual({ status: 'already-imported' })
    expect(count()).toBe(3)
  })

  it('a failure in the middle keeps nothing and leaves the file; the next try imports it whole', () => {
    const { database, path, spec, count } = setUp()
    expect(() => importLegacyFile(database, spec(2))).toThrow('killed mid-import')
    expect(count()).toBe(0)
    expect(existsSync(path)).toBe(true)
    expect(importLegacyFile(database, spec())).toMatchObject({ status: 'imported', rows: 3 })
    expect(count()).toBe(3)
  })

  it('a crash between the commit and the rename: the next open only renames', () => {
    const { database, path, spec, count } = setUp()
    importLegacyFile(database, spec())
    // The file is back where it was, as if the rename never happened.
    writeFileSync(path, JSON.stringify(['a', 'b', 'c']))
    expect(importLegacyFile(database, spec())).toEqual({ status: 'already-imported' })
    expect(existsSync(path)).toBe(false)
    expect(count()).toBe(3)
  })

  it('a fresh database (the damaged one set aside) imports the .pre-db copy again', () => {
    const first = setUp()
    importLegacyFile(first.database, first.spec())
    const dir = join(first.path, '..')
    const fresh = openDatabase({ file: join(dir, 'b.db'), migrations: [...MIGRATIONS, notes] })
    opened.push(fresh)
    const result = importLegacyFile(fresh, {
      ...first.spec(),
      write: (texts) => {
        for (const text of texts) sqlOf(fresh).prepare('INSERT INTO notes VALUES (?)').run(text)
        return texts.length
      },
    })
    expect(result).toMatchObject({ status: 'imported', rows: 3, from: `${first.path}.pre-db` })
  })
})
