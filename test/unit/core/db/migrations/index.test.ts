// No migration may lose rows: every table a migration created is seeded, then every later migration runs, and
// each seeded table must still hold at least its rows (unless a migration says it drops that table on purpose).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../../main/core/db/database'
import { MIGRATIONS } from '../../../../../main/core/db/migrations/index'
import type { DatabaseSync } from '../../../../../main/core/db/sqlite'
import { sqlOf } from '../../../../../main/core/db/handle'

const tables = (db: DatabaseSync) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>
  ).map((row) => row.name)

describe('migrations', () => {
  it('are numbered 1..n with no gap', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1))
  })

  it('every migration that creates a table seeds it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-mig-')), 'a.db')
    let before: string[] = []
    MIGRATIONS.forEach((migration, index) => {
      const database = openDatabase({ file, migrations: MIGRATIONS.slice(0, index + 1) })
      const created = tables(sqlOf(database)).filter((name) => !before.includes(name))
      before = tables(sqlOf(database))
      if (created.length > 0)
        expect(migration.seed, `${migration.name} creates ${created.join(', ')}`).toBeDefined()
      database.close()
    })
  })

  for (let step = 1; step < MIGRATIONS.length; step += 1) {
    it(`no migration after ${MIGRATIONS[step - 1]!.name} loses rows`, () => {
      const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-mig-')), 'a.db')
      // Each migration's rows are seeded right after it ran, as a database in use would have them: a later
      // migration may move a table's rows elsewhere and drop it (the replica took the offline cache's).
      for (let upTo = 1; upTo < step; upTo += 1) {
        const stage = openDatabase({ file, migrations: MIGRATIONS.slice(0, upTo) })
        stage.transaction(() => MIGRATIONS[upTo - 1]!.seed?.(sqlOf(stage)))
        stage.close()
      }
      const early = openDatabase({ file, migrations: MIGRATIONS.slice(0, step) })
      early.transaction(() => MIGRATIONS[step - 1]!.seed?.(sqlOf(early)))
      const counts = new Map(
        tables(sqlOf(early)).map((name) => [
          name,
          (sqlOf(early).prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
        ]),
      )
      early.close()
      const late = openDatabase({ file })
      const dropped = new Set(MIGRATIONS.slice(step).flatMap((migration) => migration.drops ?? []))
      for (const [name, rows] of counts) {
        if (dropped.has(name)) continue
        const after = (sqlOf(late).prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n
        expect(after, `rows of ${name}`).toBeGreaterThanOrEqual(rows)
      }
      expect(late.notices[0]?.backup).toBeTruthy()
      late.close()
    })
  }
})
