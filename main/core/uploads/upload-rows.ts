// The rows of the upload queue's tables (migration 003-uploads), declared once (main/core/db/rows.ts) and read
// through it: an item whose state is no state, or whose error is not JSON, is set aside, and the queue loads
// without it.
import { z } from 'zod'
import { ERROR_KINDS, type AppErrorData } from '../../../common/errors'
import { declareTable, integer, jsonText } from '../db/rows'
import type { RestoredItem } from './upload-queue-types'

const errorSchema = z.looseObject({ kind: z.enum(ERROR_KINDS), message: z.string() })

/** The `upload_items` table's columns, as SQLite stores them. */
const itemColumns = z.object({
  id: z.string(),
  scope: z.string(),
  path: z.string(),
  name: z.string(),
  size: integer,
  mtime_ms: z.number(),
  ctime_ms: z.number().nullable(),
  ino: z.number().nullable(),
  mimetype: z.string(),
  mime_warning: z.string().nullable(),
  batch_id: z.string(),
  created_at: z.string(),
  idempotency_key: z.string().nullable(),
  state: z.string(),
  file_id: z.string().nullable(),
  key: z.string().nullable(),
  url: z.string().nullable(),
  reused: integer,
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
  finished_ms: integer.nullable(),
  identity: z.string().nullable(),
})

/** The columns an item is restored from, those the engine relies on checked closer. */
const itemRow = itemColumns.omit({ scope: true, finished_ms: true, identity: true }).extend({
  id: z.string().min(1),
  size: z.number().nonnegative(),
  state: z.enum(['queued', 'done', 'failed', 'cancelled']),
  error: jsonText(errorSchema).nullable(),
})

function itemOf(r: z.output<typeof itemRow>): RestoredItem {
  const item: RestoredItem = {
    id: r.id,
    path: r.path,
    name: r.name,
    size: r.size,
    mtimeMs: r.mtime_ms,
    mimetype: r.mimetype,
    batchId: r.batch_id,
    createdAt: r.created_at,
    state: r.state,
  }
  if (r.ctime_ms !== null) item.ctimeMs = r.ctime_ms
  if (r.ino !== null) item.ino = r.ino
  if (r.mime_warning !== null) item.mimeWarning = r.mime_warning
  if (r.idempotency_key !== null) item.idempotencyKey = r.idempotency_key
  if (r.file_id !== null) item.fileId = r.file_id
  if (r.key !== null) item.key = r.key
  if (r.url !== null) item.url = r.url
  if (r.reused) item.reused = true
  if (r.error !== null) item.error = r.error as AppErrorData
  if (r.finished_at !== null) item.finishedAt = r.finished_at
  return item
}

/** An item of a queue, as the engine restores it. */
export const uploadItemsTable = declareTable({
  table: 'upload_items',
  key: ['id'],
  what: 'an upload',
  columns: itemColumns,
  row: itemRow.transform(itemOf),
})

/** The same, with the order it was added in (its rowid, selected as `r`). */
export const orderedUploadItemsTable = declareTable({
  ...uploadItemsTable,
  row: itemRow.extend({ r: integer }).transform((row) => ({ r: row.r, item: itemOf(row) })),
})

/** What another queue asks of a file: its path, state and why it failed. */
export const uploadUseTable = declareTable({
  ...uploadItemsTable,
  row: itemRow.pick({ id: true, path: true, state: true, error: true }).transform((r) => ({
    path: r.path,
    state: r.state,
    ...(r.error ? { error: r.error as AppErrorData } : {}),
  })),
})

/** An init intent: the `upload_intents` table's row, declared once (../db/rows.ts). */
export const uploadIntentsTable = declareTable({
  table: 'upload_intents',
  key: ['nonce'],
  what: 'an init intent',
  columns: z.object({
    nonce: z.string(),
    scope: z.string(),
    item_id: z.string(),
    name: z.string(),
    size: integer,
    at: z.string(),
    identity: z.string().nullable(),
  }),
})
