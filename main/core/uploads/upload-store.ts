// Over 400 lines on purpose: every SQL statement about an upload item or an init intent is in this one
// repository (docs/data-layer.md), the queries of other queues' items included.
// The upload tables' one repository (docs/data-layer.md): every SQL statement about an upload item or an init
// intent, the old journal's import included, is here and nowhere else; what it answers and takes is
// ./upload-queue-types.ts. The upload queue's memory in the local database (main/core/db/, tables from
// migrations 003-uploads and 011-upload-identity): the engine's writes (QueueWrites) are each one transaction
// on the item's row. Several processes share the tables (the app, the browser mode, any number of CLI runs),
// so an unfinished item belongs to the process holding its lease `upload:<id>` (../db/leases.ts):
// - every write about an unfinished item checks, in its transaction, that this process still holds the lease;
//   one that lost it (a laptop that slept past the expiry while another process took the item over) gets
//   UploadLeaseLost and writes nothing;
// - on open a queue takes back only its own items, items whose lease expired or was released, and items
//   whose holder is a process of this machine that no longer runs (a killed run, which cannot renew);
// - the open intents handed to the orphan sweep are only those of items this process holds or that are gone,
//   and `knownFileIds` names every stored file any item of any queue holds, so a sweep never deletes the
//   pending file of another process's live upload.
// Every item and intent carries the identity of the account it was added for (credentialsIdentity() of the
// base URL and access key, ../drafts/profile-identity.ts). A queue reads, resumes, sweeps and writes only
// those of the identity it runs as: work another account left unfinished waits for a process of that
// account, and its lease is never taken by another (before, a CLI run with other credentials resumed it into
// its own storage). Rows from before identities were recorded (NULL) belong to the queue of their scope,
// which stamps them with its identity when it takes them.
// A finished item's lease is released with its final state. Finished history older than the retention
// (Settings, default 30 days) is deleted on open; only the newest HISTORY_IN_MEMORY finished items are held
// in memory, the rest are read back by key when asked for.
import type { AppDatabase } from '../db/database'
import type { AppErrorData } from '../../../common/errors'
import { columnsOf, countRow, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { deadOwner, type Leases } from '../db/leases'
import { sameFileIdentity } from './file-probe'
import { importUploadJournal } from './upload-journal-import'
import { orderedUploadItemsTable, uploadIntentsTable, uploadItemsTable, uploadUseTable } from './upload-rows'
import type { Replayed } from './journal'
import { UploadLeaseLost, uploadLease } from './upload-queue-types'
import type {
  InitIntent,
  NewUpload,
  OpenUploadStoreOptions,
  PersistedItem,
  QueueWrites,
  RestoredItem,
  UploadsElsewhere,
  UploadStore,
} from './upload-queue-types'
import { sqlOf } from '../db/handle'
import { uploadProgressNotSaved } from '../disk-errors'

/** How many finished items a queue holds in memory (the queue view's history); older ones stay on disk. */
export const HISTORY_IN_MEMORY = 500
export const DEFAULT_HISTORY_DAYS = 30
const DAY_MS = 86_400_000

export { UploadLeaseLost, uploadLease } from './upload-queue-types'
export type { OpenUploadStoreOptions, UploadStore } from './upload-queue-types'

const finishedOf = columnsOf(uploadItemsTable, 'finished_ms')
const identityOf = columnsOf(uploadItemsTable, 'identity')

export function openUploadStore(o: OpenUploadStoreOptions): UploadStore {
  const { database, leases, scope, identity } = o
  const db = sqlOf(database)
  const now = o.now ?? Date.now
  if (o.legacyPath) {
    const into = o.legacyScope ?? scope
    importUploadJournal({ ...o, scope: into }, o.legacyPath, (rows) =>
      writeImportedJournal(database, into, rows),
    )
  }
  /** This queue's rows: its scope, of its identity or from before identities were recorded. */
  const ours = 'scope = :scope AND (identity = :identity OR identity IS NULL)'
  const mine = { scope, identity }

  const historyDays = o.historyDays ?? DEFAULT_HISTORY_DAYS
  database.write('the upload history', () => {
    db.prepare(
      'DELETE FROM upload_items WHERE scope = ? AND finished_ms IS NOT NULL AND finished_ms < ?',
    ).run(scope, now() - historyDays * DAY_MS)
  })

  const stmt = {
    state: db.prepare('SELECT finished_ms FROM upload_items WHERE id = ?'),
    identityOf: db.prepare('SELECT identity FROM upload_items WHERE id = ?'),
    stampItem: db.prepare('UPDATE upload_items SET identity = ? WHERE id = ? AND identity IS NULL'),
    stampIntents: db.prepare('UPDATE upload_intents SET identity = ? WHERE item_id = ? AND identity IS NULL'),
    insert:
      db.prepare(`INSERT INTO upload_items (id, scope, identity, path, name, size, mtime_ms, ctime_ms, ino,
        mimetype, mime_warning, batch_id, created_at, idempotency_key, state)
      VALUES (:id, :scope, :identity, :path, :name, :size, :mtimeMs, :ctimeMs, :ino, :mimetype, :mimeWarning,
        :batchId, :createdAt, :idempotencyKey, 'queued')`),
    intent: db.prepare(
      `INSERT OR REPLACE INTO upload_intents (nonce, scope, identity, item_id, name, size, at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    endIntent: db.prepare('DELETE FROM upload_intents WHERE nonce = ?'),
    init: db.prepare('UPDATE upload_items SET file_id = ?, key = ?, url = ?, reused = ? WHERE id = ?'),
    identity: db.prepare(
      'UPDATE upload_items SET size = ?, mtime_ms = ?, ctime_ms = ?, ino = ? WHERE id = ?',
    ),
    queued: db.prepare(`UPDATE upload_items SET state = 'queued', file_id = NULL, key = NULL, url = NULL,
      reused = 0, error = NULL, finished_at = NULL, finished_ms = NULL WHERE id = ?`),
    final: db.prepare(
      'UPDATE upload_items SET state = ?, error = ?, finished_at = ?, finished_ms = ? WHERE id = ?',
    ),
    remove: db.prepare('DELETE FROM upload_items WHERE id = ?'),
  }

  const items = new Map<string, RestoredItem>()
  const intents = new Map<string, InitIntent>()
  database.write('the upload queue', () => {
    // Through the table's declaration (upload-rows.ts): an unreadable item is set aside, the queue loads.
    const unfinished = readRows(
      database,
      orderedUploadItemsTable,
      db
        .prepare(
          `SELECT rowid AS r, * FROM upload_items WHERE ${ours} AND finished_ms IS NULL ORDER BY rowid`,
        )
        .all(mine),
    )
    const history = readRows(
      database,
      orderedUploadItemsTable,
      db
        .prepare(
          `SELECT * FROM (SELECT rowid AS r, * FROM upload_items WHERE ${ours} AND finished_ms IS NOT NULL
           ORDER BY finished_ms DESC LIMIT :limit) ORDER BY r`,
        )
        .all({ ...mine, limit: HISTORY_IN_MEMORY }),
    )
    const taken = new Set<string>()
    for (const { item } of unfinished) if (take(item.id)) taken.add(item.id)
    // In the order the items were added, finished or not, as the queue view lists them.
    for (const { item } of [...history, ...unfinished.filter((row) => taken.has(row.item.id))].sort(
      (a, b) => a.r - b.r,
    ))
      items.set(item.id, item)
    const open = parseRows(
      'upload_intents',
      columnsOf(uploadIntentsTable, 'nonce', 'item_id', 'name', 'size', 'at'),
      db
        .prepare(`SELECT nonce, item_id, name, size, at FROM upload_intents WHERE ${ours} ORDER BY rowid`)
        .all(mine),
    )
    const exists = db.prepare('SELECT finished_ms FROM upload_items WHERE id = ?')
    for (const i of open) {
      const row = parseRow('upload_items', finishedOf, exists.get(i.item_id))
      // Another live process's init on its way: its answer, not this sweep, settles it.
      if (row && row.finished_ms === null && !taken.has(i.item_id)) continue
      intents.set(i.nonce, {
        id: i.item_id,
        nonce: i.nonce,
        name: i.name,
        size: i.size,
        at: i.at,
      })
    }
  })

  /**
   * Takes an unfinished item's lease when it is free, expired, ours, or its holder's process is gone, and
   * the item is of this queue's identity (one from before identities were recorded becomes of it).
   */
  function take(id: string): boolean {
    if (!isOurs(id)) return false
    // Leases takes over a lease whose holder's process is gone (a killed run) as well as a free or expired one.
    return stamped(id, leases.acquire(uploadLease(id)))
  }

  /** Whether the item is of this identity, or from before identities were recorded. */
  function isOurs(id: string): boolean {
    const row = parseRow('upload_items', identityOf, stmt.identityOf.get(id))
    return row !== undefined && (row.identity === null || row.identity === identity)
  }

  /** Once its lease is taken, an item from before identities were recorded becomes this identity's. */
  function stamped(id: string, taken: boolean): boolean {
    if (taken) {
      stmt.stampItem.run(identity, id)
      stmt.stampIntents.run(identity, id)
    }
    return taken
  }

  /**
   * May this process write about the item? An unfinished one: only while it holds the lease. A finished one
   * (a retry, a removal): when no other process holds it, taking the lease for what follows.
   */
  function mayWrite(id: string): boolean {
    const row = parseRow('upload_items', finishedOf, stmt.state.get(id))
    if (!row) return true
    // Another account's item is never this queue's to write about, finished or not.
    if (!isOurs(id)) return false
    if (row.finished_ms === null) return leases.holds(uploadLease(id))
    return stamped(id, leases.acquire(uploadLease(id)))
  }

  const guard = (id: string) => {
    if (!mayWrite(id)) throw new UploadLeaseLost(id)
  }

  function insert({ item: i, refused }: NewUpload): void {
    stmt.insert.run({ ...addedColumns(i), scope, identity })
    if (!leases.acquire(uploadLease(i.id))) throw new UploadLeaseLost(i.id)
    if (refused) finish(i.id, 'failed', refused.error, refused.at)
  }

  function finish(id: string, state: string, error: AppErrorData | undefined, at: string | undefined): void {
    guard(id)
    stmt.final.run(state, error ? JSON.stringify(error) : null, at ?? null, at ? Date.parse(at) : now(), id)
    // Through the Leases object, which then stops renewing it: deleting the row behind it made every
    // finished upload's lease look lost at the next renewal.
    leases.release(uploadLease(id))
  }

  let closed = false
  /**
   * One write: a transaction, committed when the promise resolves; none once the queue is closed. A write of
   * an upload under way that fails says so (uploadProgressNotSaved); adding one that fails changed nothing.
   */
  const write = (fn: () => void, underWay = true): Promise<void> => {
    if (closed) return Promise.reject(new Error('the upload queue is closed'))
    try {
      database.write('the upload queue', fn)
      return Promise.resolve()
    } catch (error) {
      const said = underWay ? uploadProgressNotSaved(error) : error
      return Promise.reject(said instanceof Error ? said : new Error(String(said)))
    }
  }
  const writes: QueueWrites = {
    add: (uploads) => write(() => uploads.forEach(insert), false),
    intend: (i) =>
      write(() => {
        guard(i.id)
        stmt.intent.run(i.nonce, scope, identity, i.id, i.name, i.size, i.at)
      }),
    settleIntents: (nonces) => write(() => nonces.forEach((nonce) => stmt.endIntent.run(nonce))),
    stored: (id, file) =>
      write(() => {
        guard(id)
        if (file.nonce) stmt.endIntent.run(file.nonce)
        stmt.init.run(file.fileId, file.key, file.url, file.reused ? 1 : 0, id)
      }),
    remeasured: (id, i) =>
      write(() => {
        guard(id)
        stmt.identity.run(i.size, i.mtimeMs, i.ctimeMs ?? null, i.ino ?? null, id)
      }),
    requeue: (id) =>
      write(() => {
        guard(id)
        stmt.queued.run(id)
      }),
    finish: (id, state, error, at) => write(() => finish(id, state, error, at)),
    remove: (id) =>
      write(() => {
        guard(id)
        stmt.remove.run(id)
        leases.release(uploadLease(id))
      }),
    close() {
      closed = true
      return Promise.resolve()
    },
  }

  return {
    writes,
    items,
    intents,
    findByKey(key) {
      const item = readRow(
        database,
        uploadItemsTable,
        db
          .prepare(
            `SELECT * FROM upload_items WHERE ${ours} AND idempotency_key = :key ORDER BY rowid DESC LIMIT 1`,
          )
          .get({ ...mine, key }),
      )
      return item && item.state !== 'queued' ? item : undefined
    },
    knownFileIds() {
      const rows = db.prepare('SELECT file_id FROM upload_items WHERE file_id IS NOT NULL').all()
      return new Set(
        parseRows('upload_items', columnsOf(uploadItemsTable, 'file_id'), rows).flatMap(
          (r) => r.file_id ?? [],
        ),
      )
    },
    adopt(known) {
      return database.write('the upload queue', () => {
        const items = readRows(
          database,
          uploadItemsTable,
          db
            .prepare(`SELECT * FROM upload_items WHERE ${ours} AND finished_ms IS NULL ORDER BY rowid`)
            .all(mine),
        )
        return items.filter((item) => !known.has(item.id) && take(item.id))
      })
    },
    releaseAll() {
      // Every upload lease of this queue's owner (one per engine), the items added since the open included:
      // counting only those read at open left an added item's lease to run out, and its item out of every
      // queue, for a minute after a clean close (a profile edited or switched mid-upload).
      // Through Leases, which then stops renewing them: deleted behind its back, each was reported lost.
      leases.releaseAll('upload:')
    },
  }
}

/**
 * What every queue but `scope` asks of its files (path, state, why it failed), from the database: a copy one
 * of them still needs is kept (../files/copy-janitor.ts).
 */
export function uploadUsesOutside(
  database: AppDatabase,
  scope: string,
): Array<{ path: string; state: RestoredItem['state']; error?: Pick<AppErrorData, 'kind'> }> {
  return readRows(
    database,
    uploadUseTable,
    sqlOf(database).prepare('SELECT id, path, state, error FROM upload_items WHERE scope <> ?').all(scope),
  )
}

/** An item's columns as it was added, as the statements' named parameters: one mapping for every insert. */
function addedColumns(i: PersistedItem) {
  return {
    id: i.id,
    path: i.path,
    name: i.name,
    size: i.size,
    mtimeMs: i.mtimeMs,
    ctimeMs: i.ctimeMs ?? null,
    ino: i.ino ?? null,
    mimetype: i.mimetype,
    mimeWarning: i.mimeWarning ?? null,
    batchId: i.batchId,
    createdAt: i.createdAt,
    idempotencyKey: i.idempotencyKey ?? null,
  }
}

/**
 * Writes the rows an old journal replayed (upload-journal-import.ts reads it) into `scope`'s queue, without
 * an identity: which account they were meant for was not recorded. Returns the rows written.
 */
function writeImportedJournal(
  database: AppDatabase,
  scope: string,
  { items, intents }: Pick<Replayed, 'items' | 'intents'>,
): number {
  const db = sqlOf(database)
  const insert = db.prepare(`INSERT OR IGNORE INTO upload_items (id, scope, path, name, size, mtime_ms,
      ctime_ms, ino, mimetype, mime_warning, batch_id, created_at, idempotency_key, state, file_id, key, url,
      reused, error, finished_at, finished_ms)
    VALUES (:id, :scope, :path, :name, :size, :mtimeMs, :ctimeMs, :ino, :mimetype, :mimeWarning, :batchId,
      :createdAt, :idempotencyKey, :state, :fileId, :key, :url, :reused, :error, :finishedAt, :finishedMs)`)
  let rows = 0
  for (const item of items.values()) {
    const final = item.state === 'done' || item.state === 'failed' || item.state === 'cancelled'
    rows += Number(
      insert.run({
        ...addedColumns(item),
        scope,
        state: final ? item.state : 'queued',
        fileId: item.fileId ?? null,
        key: item.key ?? null,
        url: item.url ?? null,
        reused: item.reused ? 1 : 0,
        error: item.error ? JSON.stringify(item.error) : null,
        finishedAt: final ? (item.finishedAt ?? null) : null,
        // A finished item of an old journal without its time: kept as finished now, not dropped at once.
        finishedMs: final ? (item.finishedAt ? Date.parse(item.finishedAt) : Date.now()) : null,
      }).changes,
    )
  }
  const intent = db.prepare(
    'INSERT OR IGNORE INTO upload_intents (nonce, scope, item_id, name, size, at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  for (const i of intents.values())
    rows += Number(intent.run(i.nonce, scope, i.id, i.name, i.size, i.at).changes)
  return rows
}

/** How many uploads of a queue (a profile's scope) are not finished. */
export function countUnfinishedUploads(database: AppDatabase, scope: string): number {
  const row = sqlOf(database)
    .prepare('SELECT count(*) AS n FROM upload_items WHERE scope = ? AND finished_ms IS NULL')
    .get(scope)
  return parseRow('upload_items', countRow, row)?.n ?? 0
}

/**
 * Deletes a queue's items and open intents (a deleted profile's: its unfinished uploads were cancelled first,
 * their pending files deleted on the account) and returns the leases they were held under, for the caller to
 * drop. The caller holds the transaction.
 */
export function deleteUploadQueue(database: AppDatabase, scope: string): string[] {
  const db = sqlOf(database)
  db.prepare('DELETE FROM upload_intents WHERE scope = ?').run(scope)
  const rows = db.prepare('DELETE FROM upload_items WHERE scope = ? RETURNING id').all(scope)
  return parseRows('upload_items', columnsOf(uploadItemsTable, 'id'), rows).map((row) => uploadLease(row.id))
}

/**
 * The same file on its way to the same account from another process: the app and a CLI run, or two CLI runs,
 * given one folder at once on one data folder. Each process sees only its own items, and a queue's content
 * index learns of a stored file only once its own upload completes, so both sent every file and the account
 * stored each twice (./content-dedupe.ts waits instead). Unfinished items of this identity, of any queue, for
 * the same file on disk (path, size, mtime, and ctime and inode when known, as ./file-probe.ts compares them),
 * through the index of unfinished items; then the one waited for, by its id.
 */
export function uploadsElsewhere(
  database: AppDatabase,
  leases: Leases,
  identity: string,
  now: () => number = Date.now,
): UploadsElsewhere {
  const db = sqlOf(database)
  // Asked before each item's init: while no other process uploads (nearly always), one look at the leases a
  // second answers every item of a large batch, which then reads nothing of the upload tables.
  let othersAt = -Infinity
  let others = false
  const anyOther = (): boolean => {
    if (now() - othersAt >= OTHERS_LOOK_MS) {
      othersAt = now()
      others = leases.othersHold('upload:')
    }
    return others
  }
  const order = db.prepare('SELECT rowid AS r, * FROM upload_items WHERE id = ?')
  // Through the index of unfinished items: the history is never read (filtered here, not in SQL, where the
  // planner took the index of stored files, every finished item of every queue).
  const unfinished = db.prepare(`SELECT rowid AS r, * FROM upload_items
    WHERE finished_ms IS NULL AND identity = ? AND path = ? AND size = ?`)
  const one = db.prepare('SELECT * FROM upload_items WHERE id = ?')
  /** Held by another process that runs (a killed one's lease would only run out). */
  const heldElsewhere = (id: string): boolean => {
    const holder = leases.holder(uploadLease(id))
    return holder !== undefined && holder !== leases.owner && !deadOwner(holder)
  }
  return {
    underWay(id, path, file) {
      if (!anyOther()) return undefined
      const own = readRow(database, orderedUploadItemsTable, order.get(id))
      if (!own) return undefined
      for (const { r, item } of readRows(
        database,
        orderedUploadItemsTable,
        unfinished.all(identity, path, file.size),
      )) {
        if (r >= own.r || item.fileId === undefined || !sameFileIdentity(item, file)) continue
        if (heldElsewhere(item.id)) return item.id
      }
      return undefined
    },
    outcome(id) {
      const item = readRow(database, uploadItemsTable, one.get(id))
      if (item?.state === 'done' && item.fileId && item.key !== undefined && item.url)
        return { fileId: item.fileId, key: item.key, url: item.url }
      if (!item || item.state !== 'queued' || item.fileId === undefined) return 'gone'
      // Its process ended (or this one took the item over, and runs it itself): it is no longer on its way.
      return heldElsewhere(id) ? 'running' : 'gone'
    },
  }
}

/** How long the answer to "does another process upload now?" is reused. */
const OTHERS_LOOK_MS = 1_000
