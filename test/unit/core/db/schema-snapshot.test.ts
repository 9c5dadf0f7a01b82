// A shipped migration is never edited: the schema every migration produces is recorded in
// main/core/db/migrations/schema-snapshot.json, and this test fails when the code no longer produces it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../../../main/core/db/migrations/index'
import { SCHEMA_SNAPSHOT_FILE } from '../../../../main/core/db/migrations/schema-snapshot-file'
import {
  compareSnapshot,
  describeSchema,
  schemaOfMigrations,
  type SchemaSnapshot,
} from '../../../../main/core/db/schema-snapshot'
import type { Migration } from '../../../../main/core/db/migration-types'
import { openSqlite } from '../../../../main/core/db/sqlite'

const recorded = JSON.parse(readFileSync(SCHEMA_SNAPSHOT_FILE, 'utf8')) as SchemaSnapshot

describe('the schema snapshot', () => {
  const current = schemaOfMigrations(MIGRATIONS)

  it('holds, for every shipped migration, the schema it produces', () => {
    const { changed, removed } = compareSnapshot(recorded, current)
    expect(removed, 'migrations in the snapshot that are gone from migrations/index.ts').toEqual([])
    for (const version of changed) {
      // The difference, for the reader of a failure: which tables, columns or indexes moved.
      expect(current[version], `migration ${version} was edited; make the change a new migration`).toEqual(
        recorded[version],
      )
    }
    expect(changed).toEqual([])
  })

  it('has an entry for every migration (run `npm run schema-snapshot` after adding one)', () => {
    expect(compareSnapshot(recorded, current).missing).toEqual([])
  })

  it('sees an edited migration: a column, an index or a table of another shape', () => {
    const last = MIGRATIONS.at(-1)!
    const edits: Array<(db: Parameters<Migration['up']>[0]) => void> = [
      (db) => db.exec('CREATE TABLE extra (id TEXT PRIMARY KEY)'),
      (db) => db.exec('ALTER TABLE leases ADD COLUMN note TEXT'),
      (db) => db.exec('CREATE INDEX leases_by_owner ON leases (owner)'),
      (db) => db.exec('DROP INDEX drafts_by_status'),
    ]
    for (const edit of edits) {
      const edited: Migration = {
        ...last,
        up: (db) => {
          last.up(db)
          edit(db)
        },
      }
      const snapshot = schemaOfMigrations([...MIGRATIONS.slice(0, -1), edited])
      expect(compareSnapshot(current, snapshot).changed).toEqual([String(last.version)])
    }
  })

  it('writes partial and descending indexes with what they cover', () => {
    const db = openSqlite(':memory:', { timeoutMs: 0 })
    db.exec(`CREATE TABLE t (a TEXT NOT NULL DEFAULT 'x', b INTEGER, PRIMARY KEY (a, b))`)
    db.exec('CREATE UNIQUE INDEX t_by_b ON t (b DESC, a) WHERE b IS NOT NULL')
    db.exec('CREATE INDEX t_lower ON t (lower(a))')
    expect(describeSchema(db).tables.t).toEqual({
      columns: [`a TEXT NOT NULL DEFAULT 'x' PK 1`, 'b INTEGER PK 2'],
      indexes: [
        't_by_b UNIQUE (b DESC, a) WHERE b IS NOT NULL',
        't_lower CREATE INDEX t_lower ON t (lower(a))',
      ],
    })
    db.close()
  })
})
