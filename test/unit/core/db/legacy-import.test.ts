import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import {
  importLegacyFile,
  LEGACY_FILES_DONE,
  settleLegacyFiles,
  type LegacyImport,
} from '../../../../main/core/db/legacy-import'
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
function setUp(name = 'notes.json') {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-import-'))
  const database = openDatabase({ file: join(dir, 'a.db'), migrations: [...MIGRATIONS, notes] })
  opened.push(database)
  const path = join(dir, name)
  mkdirSync(join(path, '..'), { recursive: true })
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
  return { dir, database, path, spec, count }
}
const day = (n: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + n * 86_400_000)
const reopen = (dir: string, file = 'a.db') => {
  const database = openDatabase({ file: join(dir, file), migrations: [...MIGRATIONS, notes] })
  opened.push(database)
  return database
}
const recordedDone = (database: AppDatabase) =>
  sqlOf(database).prepare('SELECT name FROM imports WHERE name = ?').get(LEGACY_FILES_DONE) !== undefined

describe('importLegacyFile', () => {
  it('keeps the .pre-db copy 90 days after the import, then removes it', () => {
    const { database, path, spec } = setUp()
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

  it('a folder with no old file left is recorded done at its open, and no import looks for one again', () => {
    const { dir, path, spec } = setUp('announced-posts.json')
    // Nothing was there at the open: the folder is done, for this open and every later one.
    rmSync(path)
    const database = reopen(dir)
    expect(settleLegacyFiles(database, dir, day(0))).toBe('done')
    expect(recordedDone(database)).toBe(true)
    // An old file put there afterwards is not looked at: not imported, left where it is.
    writeFileSync(path, JSON.stringify(['late']))
    const later = reopen(dir)
    expect(settleLegacyFiles(later, dir, day(1))).toBe('done')
    expect(importLegacyFile(later, { ...spec(), write: () => 1 })).toEqual({ status: 'none' })
    expect(existsSync(path)).toBe(true)
  })

  it('an old file is imported by its repository; the next open finds it done, keeps its copy 90 days, then records the folder done', () => {
    const { dir, database, path, spec, count } = setUp('uploads/p1.jsonl')
    expect(settleLegacyFiles(database, dir, day(0))).toBe('pending')
    expect(importLegacyFile(database, spec(), day(0))).toMatchObject({ status: 'imported', rows: 3 })
    const next = reopen(dir)
    expect(settleLegacyFiles(next, dir, day(90))).toBe('settled')
    // Settled: the repository does not look for its file, and imports nothing twice.
    expect(importLegacyFile(next, spec(), day(90))).toEqual({ status: 'none' })
    expect(existsSync(`${path}.pre-db`)).toBe(true)
    expect(recordedDone(next)).toBe(false)
    const after = reopen(dir)
    expect(settleLegacyFiles(after, dir, day(91))).toBe('done')
    expect(existsSync(`${path}.pre-db`)).toBe(false)
    expect(recordedDone(after)).toBe(true)
    expect(count()).toBe(3)
  })

  it('a database that replaced a damaged one is not settled while a .pre-db copy waits to be imported again', () => {
    const { dir, database, path, spec } = setUp('cache/p1.json')
    importLegacyFile(database, spec(), day(0))
    const fresh = reopen(dir, 'b.db')
    expect(settleLegacyFiles(fresh, dir, day(1))).toBe('pending')
    const result = importLegacyFile(fresh, { ...spec(), write: (texts) => texts.length }, day(1))
    expect(result).toMatchObject({ status: 'imported', from: `${path}.pre-db` })
    expect(settleLegacyFiles(reopen(dir, 'b.db'), dir, day(2))).toBe('settled')
  })

  it('a file imported before files were recorded is recorded at its next import check, and the folder then settles', () => {
    const { dir, database, spec } = setUp('grants.json')
    importLegacyFile(database, spec(), day(0))
    sqlOf(database).prepare("DELETE FROM imports WHERE name LIKE 'file:%'").run()
    const upgraded = reopen(dir)
    expect(settleLegacyFiles(upgraded, dir, day(1))).toBe('pending')
    expect(importLegacyFile(upgraded, spec(), day(1))).toEqual({ status: 'already-imported' })
    expect(settleLegacyFiles(reopen(dir), dir, day(2))).toBe('settled')
  })
})
