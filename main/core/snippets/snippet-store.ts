// The repository of caption snippets and hashtag groups (common/snippets.ts), over the `snippets` table of
// the local database (migration 7). Every process opens it on the same file (the app, the browser mode, the
// CLI): each change is one transaction that checks the rules again, so two processes saving the same name at
// once end with one of them refused, never with two. The person's own text: not per profile.
import { randomUUID } from 'node:crypto'
import { AppError } from '../../../common/errors'
import { errorReason, t, type ErrorReason, type MessageParams } from '../../../common/messages/index'
import {
  MAX_SNIPPETS,
  checkSnippet,
  snippetNameKey,
  type Snippet,
  type SnippetKind,
} from '../../../common/snippets'
import type { z } from 'zod'
import type { AppDatabase } from '../db/database'
import { columnsOf, countRow, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { snippetsTable } from './snippet-rows'
import { sqlOf } from '../db/handle'

export interface SnippetStore {
  /** Every snippet, hashtag groups after captions, each kind by name. */
  list(): Snippet[]
  get(id: string): Snippet | undefined
  /** Each snippet's revision by id: what changed since a look is told by these (one narrow query). */
  revisions(): Map<string, number>
  create(input: { kind: SnippetKind; name: string; body: string }): Snippet
  /**
   * Renames and/or rewrites one. With `revision`, an edit based on an older version than stored is refused
   * (`snippet-changed-elsewhere`) instead of overwriting what another window or process saved.
   */
  update(input: { id: string; name?: string; body?: string; revision?: number }): Snippet
  remove(id: string): void
}

type Row = z.output<typeof snippetsTable.row>

const WHAT = 'the snippet'

export function createSnippetStore(database: AppDatabase, options: { now?: () => Date } = {}): SnippetStore {
  const now = options.now ?? (() => new Date())
  const db = sqlOf(database)
  const all = db.prepare(
    `SELECT * FROM snippets ORDER BY CASE kind WHEN 'caption' THEN 0 ELSE 1 END, name_key, id`,
  )
  const byId = db.prepare('SELECT * FROM snippets WHERE id = ?')
  const allRevisions = db.prepare('SELECT id, revision FROM snippets')
  const count = db.prepare('SELECT count(*) AS n FROM snippets')
  const nameOf = columnsOf(snippetsTable, 'name')
  const sameName = db.prepare('SELECT name FROM snippets WHERE kind = ? AND name_key = ? AND id != ?')
  const sameBody = db.prepare('SELECT name FROM snippets WHERE kind = ? AND body = ? AND id != ?')
  const insert = db.prepare(
    `INSERT INTO snippets (id, kind, name, name_key, body, revision, created_at, updated_at)
     VALUES (:id, :kind, :name, :key, :body, 1, :at, :at)`,
  )
  const change = db.prepare(
    `UPDATE snippets SET name = :name, name_key = :key, body = :body, revision = revision + 1, updated_at = :at
     WHERE id = :id`,
  )
  const remove = db.prepare('DELETE FROM snippets WHERE id = ?')

  const read = (id: string): Row => {
    const row = readRow(database, snippetsTable, byId.get(id))
    if (!row) throw notFound(id)
    return row
  }

  /** The rules of common/snippets.ts, then the two that need the table: one name and one text per kind. */
  const checked = (id: string, kind: SnippetKind, name: string, body: string) => {
    const result = checkSnippet({ kind, name, body })
    if ('problem' in result) {
      const params = 'params' in result.problem ? result.problem.params : undefined
      throw refusal(result.problem.code, params, { field: result.field })
    }
    const named = parseRow('snippets', nameOf, sameName.get(kind, snippetNameKey(result.name), id))
    if (named) {
      throw refusal('snippet-name-taken', { name: named.name }, { field: 'name' })
    }
    const twin = parseRow('snippets', nameOf, sameBody.get(kind, result.body, id))
    if (twin) {
      throw refusal('snippet-same-text', { name: twin.name }, { field: 'body' })
    }
    return result
  }

  return {
    list: () => readRows(database, snippetsTable, all.all()).map(snippetOf),
    get(id) {
      const row = readRow(database, snippetsTable, byId.get(id))
      return row ? snippetOf(row) : undefined
    },
    revisions: () =>
      new Map(
        parseRows('snippets', columnsOf(snippetsTable, 'id', 'revision'), allRevisions.all()).map((row) => [
          row.id,
          row.revision,
        ]),
      ),
    create({ kind, name, body }) {
      return database.write(WHAT, () => {
        if ((parseRow('snippets', countRow, count.get())?.n ?? 0) >= MAX_SNIPPETS) {
          throw refusal('snippets-full', { max: MAX_SNIPPETS })
        }
        const id = randomUUID()
        const kept = checked(id, kind, name, body)
        insert.run({
          id,
          kind,
          name: kept.name,
          key: snippetNameKey(kept.name),
          body: kept.body,
          at: now().toISOString(),
        })
        return snippetOf(read(id))
      })
    },
    update({ id, name, body, revision }) {
      return database.write(WHAT, () => {
        const row = read(id)
        if (revision !== undefined && revision !== row.revision) {
          throw refusal('snippet-changed-elsewhere')
        }
        const kept = checked(id, row.kind, name ?? row.name, body ?? row.body)
        if (kept.name === row.name && kept.body === row.body) return snippetOf(row)
        change.run({
          id,
          name: kept.name,
          key: snippetNameKey(kept.name),
          body: kept.body,
          at: now().toISOString(),
        })
        return snippetOf(read(id))
      })
    },
    remove(id) {
      database.write(WHAT, () => {
        if (Number(remove.run(id).changes) === 0) throw notFound(id)
      })
    },
  }
}

function notFound(id: string): AppError {
  return new AppError({
    kind: 'not-found',
    ...errorReason('snippet-not-found'),
    message: `No snippet has the id ${id}.`,
  })
}

/** A refusal worded by the catalogue: in the person's language on the page, in English for the CLI and logs. */
function refusal(code: ErrorReason, params?: MessageParams, extra: { field?: string } = {}): AppError {
  return new AppError({
    kind: 'validation',
    ...errorReason(code, params),
    ...(extra.field ? { field: extra.field } : {}),
    message: t('en', `errors.${code}`, params),
  })
}

function snippetOf(row: Row): Snippet {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    body: row.body,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
