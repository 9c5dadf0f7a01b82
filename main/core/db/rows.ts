// Each table's row, declared once as a zod schema (docs/data-layer.md, "One declaration per table", says why
// zod), and read through it. SQLite stores whatever it is given in a column of a table that is not STRICT, and a
// JSON body is text to it: a row written by a bug, a newer version or a hand edit can have any shape. A row its
// declaration refuses is moved to `rows_set_aside` (migration 14) with every column and the reason, reported
// once to whoever listens on the database (the app's log and a notice, one line on the CLI's stderr), and left
// out of the list: everything else loads, and the caller goes on as if the row had never been there.
import { z } from 'zod'
import type { AppDatabase } from './database'
import { sqlOf } from './handle'

export interface TableDeclaration<S extends z.ZodType = z.ZodType, C extends z.ZodObject = z.ZodObject> {
  /** The table's name in SQL. */
  readonly table: string
  /** The columns of its primary key: how a refused row is found again to move it aside. */
  readonly key: readonly string[]
  /** What one row is, in a few words for the report: `a draft`, `an upload`. */
  readonly what: string
  /** Rows of other tables that go with one of these (ON DELETE CASCADE): set aside with it, not lost. */
  readonly dependents?: ReadonlyArray<{ table: string; column: string }>
  /** Every column as SQLite stores it (checked against the schema snapshot by test/unit/core/tables.test.ts). */
  readonly columns: C
  /** A row as the code uses it: the columns, or what they decode to (a JSON body parsed). */
  readonly row: S
}

export function declareTable<C extends z.ZodObject, S extends z.ZodType = C>(declaration: {
  table: string
  key: readonly string[]
  what: string
  dependents?: ReadonlyArray<{ table: string; column: string }>
  columns: C
  row?: S
}): TableDeclaration<S, C> {
  return { ...declaration, row: (declaration.row ?? declaration.columns) as unknown as S }
}

/** Some of a table's columns (a partial SELECT), as its declaration has them. */
export function columnsOf<C extends z.ZodObject, K extends keyof C['shape'] & string>(
  declaration: TableDeclaration<z.ZodType, C>,
  ...names: K[]
): z.ZodObject<Pick<C['shape'], K>> {
  const mask = Object.fromEntries(names.map((name) => [name, true])) as Record<string, true>
  return declaration.columns.pick(mask) as unknown as z.ZodObject<Pick<C['shape'], K>>
}

/** The database answered something its declaration refuses, in a read that cannot set a row aside. */
export class UnreadableRowError extends Error {}

/**
 * Rows that are not a table's whole row (some of its columns, a count), as `.all()` answered them, checked
 * against `schema` (columnsOf(), or a count's): one of another shape throws, naming the table and why.
 */
export function parseRows<S extends z.ZodType>(
  table: string,
  schema: S,
  rows: readonly unknown[],
): Array<z.output<S>> {
  return rows.map((row) => {
    const result = schema.safeParse(row)
    if (result.success) return result.data
    throw new UnreadableRowError(
      `A row of ${table} in the database could not be read (${describeIssue(result.error)}).`,
    )
  })
}

/** The same for `.get()`: undefined when there is no row. */
export function parseRow<S extends z.ZodType>(
  table: string,
  schema: S,
  row: unknown,
): z.output<S> | undefined {
  return row === undefined ? undefined : parseRows(table, schema, [row])[0]
}

/** A count or a sum, `SELECT count(*) AS n`: an integer, 0 when SQLite answers NULL (sum of nothing). */
export const countRow = z.object({ n: z.union([z.number(), z.null()]).transform((n) => n ?? 0) })

/** A TEXT column holding JSON: refused with a reason when it is not JSON, then checked against `schema`. */
export function jsonText<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text) as unknown
      } catch (error) {
        context.addIssue({ code: 'custom', message: `not JSON (${(error as Error).message})` })
        return z.NEVER
      }
    })
    .pipe(schema)
}

/** SQLite's integers as node:sqlite answers them (a number; a bigint only past 2^53, which no row holds). */
export const integer = z.number().int()

/** Rows of one read that were set aside, as the listeners on the database hear of them. */
export interface RowsSetAside {
  table: string
  count: number
  /** One per row, in words: `body: not JSON (Unexpected token…)`. */
  reasons: string[]
  /** The sentence to show or log. */
  message: string
}

const listeners = new WeakMap<AppDatabase, Set<(report: RowsSetAside) => void>>()

/** Hears of every read of `database` that set rows aside; returns the way to stop. */
export function onRowsSetAside(database: AppDatabase, listener: (report: RowsSetAside) => void): () => void {
  const set = listeners.get(database) ?? new Set()
  listeners.set(database, set)
  set.add(listener)
  return () => set.delete(listener)
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return `${issue?.path.join('.') || '(row)'}: ${issue?.message ?? 'unreadable'}`
}

function rawText(row: unknown): string {
  return JSON.stringify(row, (_key, value: unknown) => {
    if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') }
    if (typeof value === 'bigint') return value.toString()
    return value
  })
}

/**
 * Reads `rows` (as `.all()` answered them) through the table's declaration: those it refuses are moved to
 * `rows_set_aside` and reported once; the others are answered, in order.
 */
export function readRows<S extends z.ZodType>(
  database: AppDatabase,
  declaration: TableDeclaration<S>,
  rows: readonly unknown[],
): Array<z.output<S>> {
  const read: Array<z.output<S>> = []
  const refused: Array<{ row: unknown; reason: string }> = []
  for (const row of rows) {
    const result = declaration.row.safeParse(row)
    if (result.success) read.push(result.data)
    else refused.push({ row, reason: describeIssue(result.error) })
  }
  if (refused.length > 0) setAside(database, declaration, refused)
  return read
}

/** One row (as `.get()` answered it), or undefined when there is none or it was set aside. */
export function readRow<S extends z.ZodType>(
  database: AppDatabase,
  declaration: TableDeclaration<S>,
  row: unknown,
): z.output<S> | undefined {
  return row === undefined ? undefined : readRows(database, declaration, [row])[0]
}

function setAside(
  database: AppDatabase,
  declaration: TableDeclaration,
  refused: ReadonlyArray<{ row: unknown; reason: string }>,
): void {
  const db = sqlOf(database)
  const at = new Date().toISOString()
  const keyOf = (row: unknown) =>
    declaration.key.map((column) => (row as Record<string, unknown>)[column] ?? null) as Array<
      string | number | null
    >
  const where = declaration.key.map((column) => `"${column}" = ?`).join(' AND ')
  const insert = db.prepare(
    'INSERT INTO rows_set_aside (source, row_key, reason, set_aside_at, raw) VALUES (?, ?, ?, ?, ?)',
  )
  try {
    database.transaction(() => {
      for (const { row, reason } of refused) {
        const key = keyOf(row)
        for (const dependent of declaration.dependents ?? []) {
          const owned = db
            .prepare(`SELECT * FROM "${dependent.table}" WHERE "${dependent.column}" = ?`)
            .all(key[0]!)
          for (const child of owned) {
            insert.run(
              dependent.table,
              rawText({ [dependent.column]: key[0] }),
              `its ${declaration.what.replace(/^an? /, '')} was set aside`,
              at,
              rawText(child),
            )
          }
        }
        insert.run(
          declaration.table,
          rawText(Object.fromEntries(declaration.key.map((c, i) => [c, key[i]]))),
          reason,
          at,
          rawText(row),
        )
        db.prepare(`DELETE FROM "${declaration.table}" WHERE ${where}`).run(...key)
      }
    })
  } catch {
    // A database another process holds, or one read only: the rows are still left out of this list, and
    // the next read tries again.
  }
  const count = refused.length
  const report: RowsSetAside = {
    table: declaration.table,
    count,
    reasons: refused.map((entry) => entry.reason),
    message:
      count === 1
        ? `${capitalize(declaration.what)} could not be read (${refused[0]!.reason}) and was set aside in the database; everything else is here.`
        : `${count} rows of ${declaration.table} could not be read (${refused[0]!.reason}…) and were set aside in the database; everything else is here.`,
  }
  for (const listener of listeners.get(database) ?? []) listener(report)
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A row set aside: the `rows_set_aside` table's row, declared once (../db/rows.ts). */
export const rowsSetAsideTable = declareTable({
  table: 'rows_set_aside',
  key: ['seq'],
  what: 'a row set aside',
  columns: z.object({
    seq: integer,
    source: z.string(),
    row_key: z.string(),
    reason: z.string(),
    set_aside_at: z.string(),
    raw: z.string(),
  }),
})
