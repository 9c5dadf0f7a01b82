import { execFile } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { DatabaseOpenError, openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import type { Migration } from '../../../../main/core/db/migration-types'
import { MIGRATIONS } from '../../../../main/core/db/migrations/index'
import { sqlOf } from '../../../../main/core/db/handle'

const run = promisify(execFile)
const opened: AppDatabase[] = []
const open = (file: string, migrations?: readonly Migration[]) => {
  const database = openDatabase({ file, migrations, now: () => new Date('2026-11-26T10:00:00Z') })
  opened.push(database)
  return database
}
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})
const folder = () => mkdtempSync(join(tmpdir(), 'mediadeck-db-'))

const counter: Migration = {
  version: MIGRATIONS.length + 1,
  name: 'test-counter',
  up: (db) =>
    db.exec(
      'CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0)',
    ),
}

describe('openDatabase', () => {
  it('creates the schema in WAL mode with foreign keys and a busy timeout', () => {
    const database = open(join(folder(), 'a.db'))
    const db = sqlOf(database)
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 })
    expect((db.prepare('PRAGMA busy_timeout').get() as { timeout: number }).timeout).toBe(5000)
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      MIGRATIONS.length,
    )
    expect(database.notices).toEqual([
      expect.objectContaining({ kind: 'migrated', message: 'The local database was created.' }),
    ])
  })

  it('takes a backup before migrating an existing database, and none when nothing is pending', () => {
    const dir = folder()
    const file = join(dir, 'a.db')
    sqlOf(open(file)).prepare("INSERT INTO imports VALUES ('x', 'now', 3)").run()
    opened.pop()?.close()
    const migrated = open(file, [...MIGRATIONS, counter])
    const backup = migrated.notices[0]?.backup
    expect(backup).toMatch(new RegExp(`a\\.db\\.backup-v${MIGRATIONS.length}-2026-11-26T10-00-00-000Z$`))
    // The backup holds the rows as they were, and the schema of before.
    const copy = open(backup!, MIGRATIONS)
    expect(sqlOf(copy).prepare('SELECT rows FROM imports').get()).toEqual({ rows: 3 })
    expect(copy.notices).toEqual([])
    migrated.close()
    expect(open(file, [...MIGRATIONS, counter]).notices).toEqual([])
  })

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const file = join(folder(), 'a.db')
    open(file, [...MIGRATIONS, counter])
    opened.pop()?.close()
    expect(() => open(file)).toThrow(DatabaseOpenError)
    expect(() => open(file)).toThrow(/newer version of Mediadeck/)
    expect(
      sqlOf(open(file, [...MIGRATIONS, counter]))
        .prepare('SELECT n FROM counter')
        .get(),
    ).toEqual({ n: 0 })
  })

  it('refuses a database another program made, whatever its version, and leaves it byte for byte', () => {
    const dir = folder()
    const cases: Array<[string, string, RegExp]> = [
      ['none.db', 'CREATE TABLE notes (text TEXT)', /has tables \(notes\) but no Mediadeck schema version/],
      [
        'old.db',
        'CREATE TABLE notes (text TEXT); PRAGMA user_version = 3',
        /schema version is 3, but it has no/,
      ],
      [
        'new.db',
        'CREATE TABLE notes (text TEXT); PRAGMA user_version = 99',
        /schema version is 99, but it has no/,
      ],
    ]
    for (const [name, sql, why] of cases) {
      const file = join(dir, name)
      const other = new DatabaseSync(file)
      other.exec(sql)
      other.close()
      const before = readFileSync(file)
      expect(() => open(file)).toThrow(DatabaseOpenError)
      expect(() => open(file)).toThrow(why)
      expect(() => open(file)).toThrow(/is not a database Mediadeck created .*It was not changed/)
      expect(readFileSync(file).equals(before), name).toBe(true)
      expect(readdirSync(dir).filter((entry) => entry.startsWith(name))).toEqual([name])
    }
  })

  it('a backup cut short (the run killed while it was written) is never taken for one; the next open writes it whole', () => {
    const dir = folder()
    const file = join(dir, 'a.db')
    sqlOf(open(file)).prepare("INSERT INTO imports VALUES ('x', 'now', 3)").run()
    opened.pop()?.close()
    // The VACUUM INTO writes its file, which is then cut in half, and the run stops there, as a kill would.
    const exec = DatabaseSync.prototype.exec
    DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string) {
      exec.call(this, sql)
      const into = /^VACUUM INTO '(.*)'$/.exec(sql)?.[1]
      if (into) {
        truncateSync(into, statSync(into).size / 2)
        throw new Error('killed')
      }
    }
    try {
      expect(() => open(file, [...MIGRATIONS, counter])).toThrow('killed')
    } finally {
      DatabaseSync.prototype.exec = exec
    }
    const backups = () => readdirSync(dir).filter((name) => /^a\.db\.backup-v\d+-[\dTZ-]+$/.test(name))
    expect(backups()).toEqual([])
    const migrated = open(file, [...MIGRATIONS, counter])
    expect(backups()).toEqual([basename(migrated.notices[0]!.backup!)])
    expect(sqlOf(open(migrated.notices[0]!.backup!)).prepare('SELECT rows FROM imports').get()).toEqual({
      rows: 3,
    })
  })

  it('leaves the database as it was when a migration fails', () => {
    const file = join(folder(), 'a.db')
    open(file)
    opened.pop()?.close()
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      up: (db) => {
        db.exec('CREATE TABLE half (x)')
        throw new Error('boom')
      },
    }
    expect(() => open(file, [...MIGRATIONS, broken])).toThrow(
      new RegExp(`migration ${MIGRATIONS.length + 1}, broken\\): boom`),
    )
    const again = open(file)
    expect(sqlOf(again).prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined()
  })

  it('sets a damaged file aside, says so, and opens a fresh one', () => {
    const dir = folder()
    const file = join(dir, 'a.db')
    writeFileSync(file, 'this is not a database'.repeat(200))
    const database = open(file)
    expect(database.notices[0]).toMatchObject({
      kind: 'damaged',
      keptAt: `${file}.damaged-2026-11-26T10-00-00-000Z`,
    })
    expect(existsSync(`${file}.damaged-2026-11-26T10-00-00-000Z`)).toBe(true)
    expect(sqlOf(database).prepare('SELECT count(*) AS n FROM imports').get()).toEqual({ n: 0 })
  })

  it('sets aside a file whose pages are torn (integrity check fails)', () => {
    const dir = folder()
    const file = join(dir, 'a.db')
    const database = open(file)
    sqlOf(database).exec('CREATE TABLE big (x TEXT); CREATE INDEX big_x ON big(x)')
    database.transaction(() => {
      for (let i = 0; i < 2000; i += 1)
        sqlOf(database).prepare('INSERT INTO big VALUES (?)').run(`row ${i} `.repeat(20))
    })
    sqlOf(database).exec('PRAGMA wal_checkpoint(TRUNCATE)')
    database.close()
    opened.pop()
    // Overwrite pages in the middle of the file, as a torn write would.
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 40_960)
    closeSync(fd)
    const reopened = open(file)
    expect(reopened.notices[0]?.kind).toBe('damaged')
    expect(readdirSync(dir).some((name) => name.startsWith('a.db.damaged-'))).toBe(true)
  })
})

/** A database of `a.db` in a new folder, closed cleanly, with pages in its middle overwritten (a torn write). */
function tornFile(): { dir: string; file: string } {
  const dir = folder()
  const file = join(dir, 'a.db')
  const database = open(file)
  sqlOf(database).exec('CREATE TABLE big (x TEXT); CREATE INDEX big_x ON big(x)')
  database.transaction(() => {
    for (let i = 0; i < 2000; i += 1)
      sqlOf(database).prepare('INSERT INTO big VALUES (?)').run(`row ${i} `.repeat(20))
  })
  database.close()
  opened.pop()
  expect(existsSync(`${file}-wal`)).toBe(false) // a clean close leaves no log
  const fd = openSync(file, 'r+')
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 40_960)
  closeSync(fd)
  return { dir, file }
}

describe('the integrity check in the background (the app)', () => {
  const openInBackground = (file: string) => {
    const database = openDatabase({
      file,
      integrityCheck: 'background',
      now: () => new Date('2026-11-26T10:00:00Z'),
    })
    opened.push(database)
    return database
  }

  it('opens a cleanly closed file without reading every page; damage found is said, and set aside at the next open', async () => {
    const { dir, file } = tornFile()
    const database = openInBackground(file)
    expect(database.notices).toEqual([])
    const notice = await database.checked()
    expect(notice).toMatchObject({
      kind: 'damaged',
      message: expect.stringMatching(/integrity check failed/),
    })
    expect(existsSync(`${file}.check-failed`)).toBe(true)
    database.close()
    // The next open checks first, whatever it is asked: the file is set aside and a new one made.
    const reopened = openInBackground(file)
    expect(reopened.notices[0]?.kind).toBe('damaged')
    expect(readdirSync(dir).some((name) => name.startsWith('a.db.damaged-'))).toBe(true)
    expect(existsSync(`${file}.check-failed`)).toBe(false)
    expect(await reopened.checked()).toBeNull()
  })

  it('checks at open, and sets aside at once, a file whose last session did not close cleanly', async () => {
    const { dir, file } = tornFile()
    // What a crash leaves: a write-ahead log beside the file (not a valid one here; SQLite ignores it).
    writeFileSync(`${file}-wal`, Buffer.alloc(64, 1))
    const database = openInBackground(file)
    expect(database.notices[0]?.kind).toBe('damaged')
    expect(readdirSync(dir).some((name) => name.startsWith('a.db.damaged-'))).toBe(true)
    expect(await database.checked()).toBeNull()
  })

  it('finds a sound file sound, and leaves no mark', async () => {
    const file = join(folder(), 'a.db')
    open(file).close()
    opened.pop()
    const database = openInBackground(file)
    expect(await database.checked()).toBeNull()
    expect(existsSync(`${file}.check-failed`)).toBe(false)
    sqlOf(database).exec('CREATE TABLE t (x)') // still usable
  })
})

describe('transactions', () => {
  it('nests as savepoints: an inner failure rolls back the inner part only when caught', () => {
    const database = open(join(folder(), 'a.db'), [...MIGRATIONS, counter])
    const bump = sqlOf(database).prepare('UPDATE counter SET n = n + 1')
    database.transaction(() => {
      bump.run()
      expect(() =>
        database.transaction(() => {
          bump.run()
          throw new Error('inner')
        }),
      ).toThrow('inner')
      bump.run()
    })
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 2 })
    expect(() =>
      database.transaction(() => {
        bump.run()
        database.transaction(() => bump.run())
        throw new Error('outer')
      }),
    ).toThrow('outer')
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 2 })
  })

  it("commits a 'crash' transaction without fsync and puts synchronous = FULL back, even after a failure", () => {
    const database = open(join(folder(), 'a.db'), [...MIGRATIONS, counter])
    const bump = sqlOf(database).prepare('UPDATE counter SET n = n + 1')
    const synchronous = () =>
      (sqlOf(database).prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous
    const FULL = 2
    const NORMAL = 1
    const seen: number[] = []
    database.transaction(
      () => {
        bump.run()
        seen.push(synchronous())
      },
      { durability: 'crash' },
    )
    expect(synchronous()).toBe(FULL)
    expect(() =>
      database.transaction(
        () => {
          bump.run()
          throw new Error('failed')
        },
        { durability: 'crash' },
      ),
    ).toThrow('failed')
    expect(synchronous()).toBe(FULL)
    // Inside a durable transaction it is part of it, and as durable.
    database.transaction(() =>
      database.transaction(
        () => {
          bump.run()
          seen.push(synchronous())
        },
        { durability: 'crash' },
      ),
    )
    expect(seen).toEqual([NORMAL, FULL])
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 2 })
  })

  it('a full database gives a clear disk-full error and keeps nothing of the change', () => {
    const database = open(join(folder(), 'a.db'), [...MIGRATIONS, counter])
    sqlOf(database).exec('CREATE TABLE blobs (b BLOB)')
    const pages = (sqlOf(database).prepare('PRAGMA page_count').get() as { page_count: number }).page_count
    sqlOf(database).exec(`PRAGMA max_page_count = ${pages + 5}`)
    let error: unknown
    try {
      database.write('the drafts', () => {
        sqlOf(database).prepare('UPDATE counter SET n = 99').run()
        for (let i = 0; i < 100; i += 1)
          sqlOf(database).prepare('INSERT INTO blobs VALUES (randomblob(4000))').run()
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind: 'file', code: 'disk-full' })
    expect((error as Error).message).toMatch(/Could not save the drafts: the disk is full/)
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 0 })
    expect(sqlOf(database).prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 0 })
    // Still usable afterwards.
    database.write('the drafts', () => sqlOf(database).prepare('UPDATE counter SET n = 1').run())
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 1 })
  })

  it('a COMMIT that fails leaves no transaction open: the next write is its own, and nothing was kept', () => {
    const database = open(join(folder(), 'a.db'), [...MIGRATIONS, counter])
    // A deferred foreign key is checked at COMMIT, so COMMIT itself fails (as a disk filling up at commit does).
    sqlOf(database).exec(`
      CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`)
    expect(() =>
      database.write('the drafts', () => {
        sqlOf(database).prepare('UPDATE counter SET n = 7').run()
        sqlOf(database).prepare('INSERT INTO children VALUES (42)').run()
      }),
    ).toThrow(/FOREIGN KEY/)
    expect(sqlOf(database).isTransaction).toBe(false)
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 0 })
    database.write('the drafts', () => sqlOf(database).prepare('UPDATE counter SET n = 1').run())
    expect(sqlOf(database).isTransaction).toBe(false)
    expect(sqlOf(database).prepare('SELECT n FROM counter').get()).toEqual({ n: 1 })
  })

  it('two processes incrementing at once lose no update', async () => {
    const file = join(folder(), 'a.db')
    open(file, [...MIGRATIONS, counter])
    const script = `
      const { openDatabase } = await import(${JSON.stringify(new URL('../../../../main/core/db/database.ts', import.meta.url).pathname)})
      const { MIGRATIONS } = await import(${JSON.stringify(new URL('../../../../main/core/db/migrations/index.ts', import.meta.url).pathname)})
      const { sqlOf } = await import(${JSON.stringify(new URL('../../../../main/core/db/handle.ts', import.meta.url).pathname)})
      const migrations = [...MIGRATIONS, { version: MIGRATIONS.length + 1, name: 'test-counter', up() {} }]
      const database = openDatabase({ file: ${JSON.stringify(file)}, migrations })
      for (let i = 0; i < 200; i += 1) database.transaction(() => {
        const { n } = sqlOf(database).prepare('SELECT n FROM counter').get()
        sqlOf(database).prepare('UPDATE counter SET n = ?').run(n + 1)
      })
      database.close()`
    const child = () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    await Promise.all([child(), child(), child()])
    expect(sqlOf(opened[0]!).prepare('SELECT n FROM counter').get()).toEqual({ n: 600 })
  })

  it('watch hears another connection commit, not its own', () => {
    const file = join(folder(), 'a.db')
    const mine = open(file, [...MIGRATIONS, counter])
    const theirs = open(file, [...MIGRATIONS, counter])
    let tick: (() => void) | undefined
    const heard: number[] = []
    mine.watch(() => heard.push(1), {
      timers: { setInterval: (callback) => (tick = callback), clearInterval: () => {} },
    })
    mine.write('x', () => sqlOf(mine).prepare('UPDATE counter SET n = 5').run())
    tick!()
    expect(heard).toEqual([])
    theirs.write('x', () => sqlOf(theirs).prepare('UPDATE counter SET n = 6').run())
    tick!()
    expect(heard).toEqual([1])
    tick!()
    expect(heard).toEqual([1])
  })
})
