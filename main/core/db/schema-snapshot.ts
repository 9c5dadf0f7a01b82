// What each shipped migration leaves behind, written down so that changing a shipped migration is seen
// (migrations/schema-snapshot.json, checked by test/unit/core/db/schema-snapshot.test.ts). A database that
// already ran a migration never runs it again: an edit to it would give new databases one schema and old ones
// another. The snapshot holds, per version, every table (its columns) and index the migrations up to it
// produce, in a stable order and a compact text per column and index, so a review reads the difference.
// `npm run schema-snapshot` adds the entries of new migrations and never rewrites a shipped one
// (CONTRIBUTING.md, "Database migrations").
import type { Migration } from './migration-types'
import { openSqlite, type DatabaseSync } from './sqlite'
import { z } from 'zod'
import { integer, parseRows } from './rows'

export interface SchemaOfTable {
  /** `name TYPE [NOT NULL] [DEFAULT x] [PK n]`, in column order. */
  columns: string[]
  /** `name [UNIQUE] (a, b) [WHERE …]`, by name; automatic indexes (`sqlite_autoindex_*`) left out. */
  indexes: string[]
}

/** One version's schema: tables by name, and the SQL of any trigger or view, by name. */
export interface SchemaAtVersion {
  tables: Record<string, SchemaOfTable>
  triggers?: Record<string, string>
  views?: Record<string, string>
}

/** Versions (as text, "1", "2"…) to the schema the migrations up to it produce. */
export type SchemaSnapshot = Record<string, SchemaAtVersion>

// SQLite's own answers, as the pragmas give them.
const masterRow = z.object({
  type: z.string(),
  name: z.string(),
  tbl_name: z.string(),
  sql: z.string().nullable(),
})
const columnRow = z.object({
  name: z.string(),
  type: z.string(),
  notnull: integer,
  dflt_value: z.string().nullable(),
  pk: integer,
  hidden: integer,
})
const indexListRow = z.object({ name: z.string(), unique: integer, origin: z.string(), partial: integer })
const indexColumnRow = z.object({ seqno: integer, name: z.string().nullable(), desc: integer, key: integer })

const squash = (sql: string) => sql.replace(/\s+/g, ' ').trim()

/** The schema of an open database, as the snapshot writes it. */
export function describeSchema(db: DatabaseSync): SchemaAtVersion {
  const master = parseRows(
    'sqlite_master',
    masterRow,
    db
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all(),
  )
  const tables: Record<string, SchemaOfTable> = {}
  const triggers: Record<string, string> = {}
  const views: Record<string, string> = {}
  for (const row of master) {
    if (row.type === 'trigger') triggers[row.name] = squash(row.sql ?? '')
    if (row.type === 'view') views[row.name] = squash(row.sql ?? '')
    if (row.type !== 'table') continue
    const name = row.name.replace(/"/g, '""')
    const columns = parseRows(name, columnRow, db.prepare(`PRAGMA table_xinfo("${name}")`).all())
      .filter((column) => column.hidden === 0)
      .map((column) =>
        [
          column.name,
          column.type || 'ANY',
          column.notnull ? 'NOT NULL' : '',
          column.dflt_value !== null ? `DEFAULT ${column.dflt_value}` : '',
          column.pk ? `PK ${column.pk}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      )
    const indexes = parseRows(name, indexListRow, db.prepare(`PRAGMA index_list("${name}")`).all())
      .filter((index) => index.origin === 'c')
      .map((index) => {
        const keys = parseRows(
          index.name,
          indexColumnRow,
          db.prepare(`PRAGMA index_xinfo("${index.name.replace(/"/g, '""')}")`).all(),
        )
          .filter((key) => key.key === 1)
          .sort((a, b) => a.seqno - b.seqno)
          .map((key) => `${key.name ?? '<expression>'}${key.desc ? ' DESC' : ''}`)
        const sql = master.find((entry) => entry.type === 'index' && entry.name === index.name)?.sql ?? ''
        const where = index.partial ? / WHERE (.*)$/is.exec(squash(sql))?.[1] : undefined
        // An index on an expression names no column: its SQL says what it indexes.
        const on = keys.includes('<expression>') ? squash(sql) : `(${keys.join(', ')})`
        return [index.name, index.unique ? 'UNIQUE' : '', on, where ? `WHERE ${where}` : '']
          .filter(Boolean)
          .join(' ')
      })
      .sort()
    tables[row.name] = { columns, indexes }
  }
  return {
    tables,
    ...(Object.keys(triggers).length > 0 ? { triggers } : {}),
    ...(Object.keys(views).length > 0 ? { views } : {}),
  }
}

/**
 * Runs `migrations` one after the other on an empty database in memory and describes the schema after each:
 * the snapshot as this code produces it.
 */
export function schemaOfMigrations(migrations: readonly Migration[]): SchemaSnapshot {
  const db = openSqlite(':memory:', { timeoutMs: 0 })
  try {
    const snapshot: SchemaSnapshot = {}
    for (const migration of migrations) {
      db.exec('BEGIN IMMEDIATE')
      migration.up(db)
      db.exec('COMMIT')
      snapshot[String(migration.version)] = describeSchema(db)
    }
    return snapshot
  } finally {
    db.close()
  }
}

export interface SnapshotComparison {
  /** Versions whose recorded schema differs from what their migrations produce now: a shipped one was edited. */
  changed: string[]
  /** Versions the code has and the snapshot does not: new migrations, whose entry is to be added. */
  missing: string[]
  /** Versions the snapshot has and the code does not: a shipped migration was removed (or renumbered). */
  removed: string[]
}

export function compareSnapshot(recorded: SchemaSnapshot, current: SchemaSnapshot): SnapshotComparison {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  return {
    changed: Object.keys(current).filter(
      (version) => version in recorded && !same(recorded[version], current[version]),
    ),
    missing: Object.keys(current).filter((version) => !(version in recorded)),
    removed: Object.keys(recorded).filter((version) => !(version in current)),
  }
}
