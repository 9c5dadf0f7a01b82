// Every table is declared once: main/core/tables.ts has one declaration per table of the schema snapshot (what
// the shipped migrations produce), and each declaration's columns, their types and its key are the table's.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { SchemaSnapshot } from '../../../main/core/db/schema-snapshot'
import { TABLES } from '../../../main/core/tables'

const snapshot = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../main/core/db/migrations/schema-snapshot.json'), 'utf8'),
) as SchemaSnapshot
const latest = snapshot[String(Math.max(...Object.keys(snapshot).map(Number)))]!.tables

/** `name TYPE [NOT NULL] [DEFAULT x] [PK n]` as the snapshot writes a column. */
function parseColumn(text: string) {
  const [name, type = ''] = text.split(' ')
  const pk = /\bPK (\d+)$/.exec(text)
  return {
    name: name!,
    type,
    // An INTEGER PRIMARY KEY is the rowid: never NULL, whatever it says.
    nullable: !text.includes('NOT NULL') && !(pk && type === 'INTEGER'),
    pk: pk ? Number(pk[1]) : 0,
  }
}

/** A value of each SQL type, and null, as node:sqlite answers them. */
const SAMPLE: Record<string, unknown> = { TEXT: 'text', INTEGER: 7, REAL: 1.5 }

describe('main/core/tables.ts', () => {
  it('declares every table of the schema once, and nothing else', () => {
    const names = TABLES.map((declaration) => declaration.table)
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
    expect([...names].sort()).toEqual(Object.keys(latest).sort())
  })

  it.each(TABLES.map((declaration) => [declaration.table, declaration] as const))(
    '%s: its columns, their types and its key are those of the schema',
    (table, declaration) => {
      const columns = latest[table]!.columns.map(parseColumn)
      expect(Object.keys(declaration.columns.shape)).toEqual(columns.map((column) => column.name))
      expect(declaration.key).toEqual(
        columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
      )
      for (const column of columns) {
        const schema = declaration.columns.shape[column.name] as z.ZodType
        expect(schema.safeParse(SAMPLE[column.type]).success, `${table}.${column.name} takes its type`).toBe(
          true,
        )
        expect(
          schema.safeParse(null).success,
          `${table}.${column.name} is nullable: ${column.nullable}`,
        ).toBe(column.nullable)
        const other = column.type === 'TEXT' ? 7 : 'text'
        expect(schema.safeParse(other).success, `${table}.${column.name} refuses another type`).toBe(false)
      }
    },
  )
})
