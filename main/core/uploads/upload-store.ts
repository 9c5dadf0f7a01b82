// The upload queue's memory in the local database (main/core/db/, tables from migration 003-uploads): the
// engine writes the same records it wrote to its JSON-lines journal (./journal.ts), and each `append` is one
// transaction that applies them to the item's row. Several processes share the tables (the app, the browser
// mode, any number of CLI runs), so an unfinished item belongs to the process holding its lease
// `upload:<id>` (../db/leases.ts):
// - every write about an unfinished item checks, in its transaction, that this process still holds the lease;
//   one that lost it (a laptop that slept past the expiry while another process took the item over) gets
//   UploadLeaseLost and writes nothing;
// - on open a queue takes back only its own items, items whose lease expired or was released, and items
//   whose holder is a process of this machine that no longer runs (a killed run, which cannot renew);
// - the open intents handed to the orphan sweep are only those of items this process holds or that are gone,
//   and `knownFileIds` names every stored file any item of any queue holds, so a sweep never deletes the
//   pending file of another process's live upload.
// A finished item's lease is released with its final state. Finished history older than the retention
// (Settings, default 30 days) is deleted on open; only the newest HISTORY_IN_MEMORY finished items are held
// in memory, the rest are read back by key when asked for.
import type { AppDatabase } from '../db/database'
import { deadOwner, type Leases } from '../db/leases'
import type { AppErrorData } from '../../../common/errors'
import { readRow, readRows } from '../db/rows'
import { importUploadJournal } from './upload-journal-import'
import { orderedUploadItemsTable, uploadItemsTable, uploadUseTable } from './upload-rows'
import type { InitIntent, Journal, JournalRecord, Replayed, RestoredItem } from './journal'

/** How many finished items a queue holds in memory (the queue view's history); older ones stay on disk. */
export const HISTORY_IN_MEMORY = 500
export const DEFAULT_HISTORY_DAYS = 30
const DAY_MS = 86_400_000

export const uploadLease = (id: string): string => `upload:${id}`

/** A write about an item this process no longer holds: the item is another's now, and nothing was written. */
export class UploadLeaseLost extends Error {
  constructor(readonly itemId: string) {
    super(`upload ${itemId} is now handled by another Mediadeck process`)
  }
}

export interface OpenUploadStoreOptions {
  database: AppDatabase
  leases: Leases
  /** The queue's name: a profile's id, or the CLI's. */
  scope: string
  /** The journal file from before the database: imported once, then renamed to *.pre-db. */
  legacyPath?: string
  /** Finished items older than this many days are deleted on open. */
  historyDays?: number
  now?: () => number
  warn(message: string): void
}

export interface UploadStore extends Replayed {
  journal: Journal
  /** A finished item of this queue by its idempotency key, read from disk (it may be older than memory holds). */
  findByKey(key: string): RestoredItem | undefined
  /** Every stored file an item of any queue holds (the orphan sweep leaves them alone). */
  knownFileIds(): Set<string>
  /**
   * Unfinished items of this queue that no live process holds any more (another run ended or was killed, a
   * lease expired): their leases are taken and they are answered, to be resumed. `known` are the items the
   * caller has already.
   */
  adopt(known: ReadonlySet<string>): RestoredItem[]
  /** Releases the leases of the items still held (a clean close: the next run resumes them at once). */
  releaseAll(): void
}

export function openUploadStore(o: OpenUploadStoreOptions): UploadStore {
  const { database, leases, scope } = o
  const { db } = database
  const now = o.now ?? Date.now
  if (o.legacyPath) importUploadJournal(o, o.legacyPath)

  const historyDays = o.historyDays ?? DEFAULT_HISTORY_DAYS
  database.write('the upload history', () => {
    db.prepare(
      'DELETE FROM upload_items WHERE scope = ? AND finished_ms IS NOT NULL AND finished_ms < ?',
    ).run(scope, now() - historyDays * DAY_MS)
  })

  const items = new Map<string, RestoredItem>()
  const intents = new Map<string, InitIntent>()
  database.write('the upload queue', () => {
    // Through the table's declaration (upload-rows.ts): an unreadable item is set aside, the queue loads.
    const unfinished = readRows(
      database,
      orderedUploadItemsTable,
      db
        .prepare(
          'SELECT rowid AS r, * FROM upload_items WHERE scope = ? AND finished_ms IS NULL ORDER BY rowid',
        )
        .all(scope),
    )
    const history = readRows(
      database,
      orderedUploadItemsTable,
      db
        .prepare(
          `SELECT * FROM (SELECT rowid AS r, * FROM upload_items WHERE scope = ? AND finished_ms IS NOT NULL
           ORDER BY finished_ms DESC LIMIT ?) ORDER BY r`,
        )
        .all(scope, HISTORY_IN_MEMORY),
    )
    const taken = new Set<string>()
    for (const { item } of unfinished) if (take(item.id)) taken.add(item.id)
    // In the order the items were added, finished or not: the order a replay of the old journal gave.
    for (const { item } of [...history, ...unfinished.filter((row) => taken.has(row.item.id))].sort(
      (a, b) => a.r - b.r,
    ))
      items.set(item.id, item)
    const open = db
      .prepare('SELECT nonce, item_id, name, size, at FROM upload_intents WHERE scope = ? ORDER BY rowid')
      .all(scope) as Array<{ nonce: string; item_id: string; name: string; size: number; at: string }>
    const exists = db.prepare('SELECT finished_ms FROM upload_items WHERE id = ?')
    for (const i of open) {
      const row = exists.get(i.item_id) as { finished_ms: number | null } | undefined
      // Another live process's init on its way: its answer, not this sweep, settles it.
      if (row && row.finished_ms === null && !taken.has(i.item_id)) continue
      intents.set(i.nonce, {
        t: 'intent',
        id: i.item_id,
        nonce: i.nonce,
        name: i.name,
        size: i.size,
        at: i.at,
      })
    }
  })

  /** Takes an unfinished item's lease when it is free, expired, ours, or its holder's process is gone. */
  function take(id: string): boolean {
    const resource = uploadLease(id)
    const holder = leases.holder(resource)
    if (holder && holder !== leases.owner && deadOwner(holder)) {
      db.prepare('DELETE FROM leases WHERE resource = ? AND owner = ?').run(resource, holder)
    }
    return leases.acquire(resource)
  }

  const stmt = {
    state: db.prepare('SELECT finished_ms FROM upload_items WHERE id = ?'),
    insert:
      db.prepare(`INSERT INTO upload_items (id, scope, path, name, size, mtime_ms, ctime_ms, ino, mimetype,
        mime_warning, batch_id, created_at, idempotency_key, state)
      VALUES (:id, :scope, :path, :name, :size, :mtimeMs, :ctimeMs, :ino, :mimetype, :mimeWarning, :batchId,
        :createdAt, :idempotencyKey, 'queued')`),
    intent: db.prepare(
      'INSERT OR REPLACE INTO upload_intents (nonce, scope, item_id, name, size, at) VALUES (?, ?, ?, ?, ?, ?)',
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
    release: db.prepare('DELETE FROM leases WHERE resource = ? AND owner = ?'),
  }

  /**
   * May this process write about the item? An unfinished one: only while it holds the lease. A finished one
   * (a retry, a removal): when no other process holds it, taking the lease for what follows.
   */
  function mayWrite(id: string): boolean {
    const row = stmt.state.get(id) as { finished_ms: number | null } | undefined
    if (!row) return true
    if (row.finished_ms === null) return leases.holds(uploadLease(id))
    return leases.acquire(uploadLease(id))
  }

  function apply(record: JournalRecord): void {
    const guard = (id: string) => {
      if (!mayWrite(id)) throw new UploadLeaseLost(id)
    }
    switch (record.t) {
      case 'add': {
        const i = record.item
        stmt.insert.run({
          id: i.id,
          scope,
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
        })
        if (!leases.acquire(uploadLease(i.id))) throw new UploadLeaseLost(i.id)
        return
      }
      case 'intent':
        guard(record.id)
        stmt.intent.run(record.nonce, scope, record.id, record.name, record.size, record.at)
        return
      case 'intent-end':
        stmt.endIntent.run(record.nonce)
        return
      case 'init':
        guard(record.id)
        if (record.nonce) stmt.endIntent.run(record.nonce)
        stmt.init.run(record.fileId, record.key, record.url, record.reused ? 1 : 0, record.id)
        return
      case 'identity':
        guard(record.id)
        stmt.identity.run(record.size, record.mtimeMs, record.ctimeMs ?? null, record.ino ?? null, record.id)
        return
      case 'state':
        guard(record.id)
        if (record.state === 'queued') {
          stmt.queued.run(record.id)
          return
        }
        stmt.final.run(
          record.state,
          record.error ? JSON.stringify(record.error) : null,
          record.at ?? null,
          record.at ? Date.parse(record.at) : now(),
          record.id,
        )
        stmt.release.run(uploadLease(record.id), leases.owner)
        return
      case 'remove':
        guard(record.id)
        stmt.remove.run(record.id)
        stmt.release.run(uploadLease(record.id), leases.owner)
        return
    }
  }

  let closed = false
  const journal: Journal = {
    append(records) {
      if (closed) return Promise.reject(new Error('journal is closed'))
      try {
        database.write('the upload queue', () => {
          for (const record of records) apply(record)
        })
        return Promise.resolve()
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
    // A commit is on the disk when it returns (synchronous = FULL): nothing is left to wait for.
    sync: () => (closed ? Promise.reject(new Error('journal is closed')) : Promise.resolve()),
    close() {
      closed = true
      return Promise.resolve()
    },
  }

  return {
    journal,
    items,
    intents,
    skipped: [],
    findByKey(key) {
      const item = readRow(
        database,
        uploadItemsTable,
        db
          .prepare(
            'SELECT * FROM upload_items WHERE scope = ? AND idempotency_key = ? ORDER BY rowid DESC LIMIT 1',
          )
          .get(scope, key),
      )
      return item && item.state !== 'queued' ? item : undefined
    },
    knownFileIds() {
      const rows = db.prepare('SELECT file_id FROM upload_items WHERE file_id IS NOT NULL').all() as Array<{
        file_id: string
      }>
      return new Set(rows.map((r) => r.file_id))
    },
    adopt(known) {
      return database.write('the upload queue', () => {
        const items = readRows(
          database,
          uploadItemsTable,
          db
            .prepare('SELECT * FROM upload_items WHERE scope = ? AND finished_ms IS NULL ORDER BY rowid')
            .all(scope),
        )
        return items.filter((item) => !known.has(item.id) && take(item.id))
      })
    },
    releaseAll() {
      database.transaction(() => {
        for (const id of items.keys()) {
          const row = stmt.state.get(id) as { finished_ms: number | null } | undefined
          if (row?.finished_ms === null) stmt.release.run(uploadLease(id), leases.owner)
        }
      })
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
    database.db.prepare('SELECT id, path, state, error FROM upload_items WHERE scope <> ?').all(scope),
  )
}
