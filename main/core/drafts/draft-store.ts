// The drafts tables' one repository (docs/data-layer.md): every SQL statement about a draft, its send marker,
// the outbox's state and the change log is here and nowhere else; what it answers is ./draft-store-types.ts.
// The drafts and the outbox ledger, in the data folder's database (main/core/db/, docs/data-layer.md).
// Every change is one transaction, committed before the call returns: what is shown is what a restart finds,
// and a failed write (a full disk) changes nothing and throws an AppError saying so. The app, browser mode and
// any number of CLI runs share the database. None keeps the drafts in memory: every read is an indexed query,
// and what changed is read from the change log (main/core/db/migrations/010-draft-changes.ts) after each
// outermost commit, this process's or, on refresh(), another's: listeners hear the changed drafts and the
// removed ids, never the whole list, and never a change a rollback undid.
// Each draft has a revision, moved by one on every change: a save based on an older one is refused.
import { DRAFT_STATUSES } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import type { AppDatabase } from '../db/database'
import { columnsOf, integer, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { z } from 'zod'
import { importDraftsFile, type LegacyDrafts } from './legacy-drafts'
import type { MigrationContext } from './migrations'
import { draftChangesTable, draftSendsTable, draftsTable, outboxStateTable } from './draft-rows'
import { sqlOf } from '../db/handle'
import { changedElsewhere, notFound } from './draft-errors'
import type { DraftChanges, DraftStore, OpenDraftStoreOptions, StoredDraft } from './draft-store-types'

export { DRAFTS_FILE, DraftStoreError } from './legacy-drafts'

export type {
  DraftChanges,
  DraftStore,
  OpenDraftStoreOptions,
  SendMarker,
  StoredDraft,
  StoreNotice,
  UpdateOptions,
} from './draft-store-types'
export { changedElsewhere } from './draft-errors'

// What the drafts' reads answer besides whole rows: the log's ends, counts per status, the claimed post ids.
const logEndsRow = z.object({ oldest: integer.nullable(), newest: integer.nullable() })
const statusCountRow = z.object({ status: z.enum(DRAFT_STATUSES), n: integer })
const claimedRow = z.object({ claimed: z.string() })

/** The change log's entries kept past what this process read: a process further behind reads everything. */
export const CHANGE_LOG_KEPT = 10_000

export async function openDraftStore(
  database: AppDatabase,
  options: OpenDraftStoreOptions = {},
): Promise<DraftStore> {
  const db = sqlOf(database)
  const context: MigrationContext = options.profileId ? { profileId: options.profileId } : {}
  const notice = options.dataDir
    ? importDraftsFile(database, options.dataDir, context, (data) => writeLegacyDrafts(database, data))
    : null
  const kept = options.changeLogKept ?? CHANGE_LOG_KEPT

  const selectAll = db.prepare('SELECT id, revision, body FROM drafts ORDER BY rowid')
  const selectProfile = db.prepare(
    'SELECT id, revision, body FROM drafts WHERE profile_id = ? ORDER BY created_at, rowid',
  )
  const selectPending = db.prepare(
    `SELECT id, revision, body FROM drafts WHERE profile_id = ? AND status IN ('queued', 'sending')
     ORDER BY schedule_at, rowid`,
  )
  const selectCounts = db.prepare(
    'SELECT status, count(*) AS n FROM drafts WHERE profile_id = ? GROUP BY status',
  )
  const selectClaimed = db.prepare(
    "SELECT body ->> '$.scheduleId' AS claimed FROM drafts WHERE id != ? AND body ->> '$.scheduleId' IS NOT NULL",
  )
  const selectOne = db.prepare('SELECT id, revision, body FROM drafts WHERE id = ?')
  const upsert = db.prepare(`
    INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
    VALUES (:id, :profile, :status, :at, :created, :updated, 1, :body)
    ON CONFLICT (id) DO UPDATE SET profile_id = :profile, status = :status, schedule_at = :at,
      created_at = :created, updated_at = :updated, revision = drafts.revision + 1, body = :body
    RETURNING revision`)
  const deleteOne = db.prepare('DELETE FROM drafts WHERE id = ?')
  const selectMarker = db.prepare('SELECT draft_id, marker FROM draft_sends WHERE draft_id = ?')
  const putMarker = db.prepare(
    'INSERT INTO draft_sends (draft_id, marker) VALUES (?, ?) ON CONFLICT (draft_id) DO UPDATE SET marker = excluded.marker',
  )
  const deleteMarker = db.prepare('DELETE FROM draft_sends WHERE draft_id = ?')
  const selectState = db.prepare("SELECT value FROM outbox_state WHERE key = 'last_sync_at'")
  const putState = db.prepare(
    "INSERT INTO outbox_state (key, value) VALUES ('last_sync_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  )
  // The change log (main/core/db/migrations/010-draft-changes.ts): triggers fill it, whoever writes.
  const selectLogEnds = db.prepare('SELECT min(seq) AS oldest, max(seq) AS newest FROM draft_changes')
  const selectLogSince = db.prepare('SELECT DISTINCT draft_id FROM draft_changes WHERE seq > ? AND seq <= ?')
  const selectChangedSince = db.prepare(
    `SELECT id, revision, body FROM drafts
     WHERE id IN (SELECT draft_id FROM draft_changes WHERE seq > ? AND seq <= ?)`,
  )
  const pruneLog = db.prepare('DELETE FROM draft_changes WHERE seq <= ?')

  // Through the table's declaration (draft-rows.ts): a row that is not a draft is set aside, never fatal.
  const decodeAll = (rows: unknown[]) => readRows(database, draftsTable, rows)
  const logEnds = () =>
    parseRow('draft_changes', logEndsRow, selectLogEnds.get()) ?? { oldest: null, newest: null }

  /** The last change-log entry this process has announced: what is past it is news. */
  let seen = logEnds().newest ?? 0
  let prunedUpTo = 0
  const listeners = new Set<(changes: DraftChanges) => void>()

  function notify(changes: DraftChanges): void {
    for (const listener of listeners) listener(changes)
  }

  /** Reads what the log holds past `seen` (committed only: called after the outermost commit) and says so. */
  function announce(): boolean {
    const { oldest, newest } = logEnds()
    if (newest === null || newest <= seen) return false
    const from = seen
    seen = newest
    prune()
    if (listeners.size === 0) return true
    if (oldest !== null && oldest > from + 1) {
      notify({ changed: [], removed: [], reset: true })
      return true
    }
    const ids = parseRows(
      'draft_changes',
      columnsOf(draftChangesTable, 'draft_id'),
      selectLogSince.all(from, newest),
    ).map((row) => row.draft_id)
    const changed = decodeAll(selectChangedSince.all(from, newest))
    const present = new Set(changed.map((draft) => draft.id))
    notify({ changed, removed: ids.filter((id) => !present.has(id)) })
    return true
  }

  /** Keeps the log to its last `kept` entries past what was read; a small write now and then, never in the way. */
  function prune(): void {
    const upTo = seen - kept
    if (upTo - prunedUpTo < kept / 2) return
    prunedUpTo = upTo
    try {
      database.transaction(() => pruneLog.run(upTo), { durability: 'crash' })
    } catch {
      // A busy or full database: the log is pruned at the next chance; nothing depends on it being short.
    }
  }

  /**
   * Asks for an announcement after the outermost commit of the change under way (dropped if it rolls back).
   * Several asked in one transaction make one announcement: the first reads all, the others find nothing new.
   */
  const afterCommit = () => database.afterCommit(() => void announce())

  /** Writes one draft inside the caller's transaction; returns it with its new revision. */
  function write(draft: StoredDraft): StoredDraft {
    const { revision: _revision, ...body } = draft
    for (const key of ['error', 'attention', 'scheduleId', 'targets'] as const) {
      if (body[key] === undefined) delete body[key]
    }
    const row = upsert.get({
      id: draft.id,
      profile: draft.profileId,
      status: draft.status,
      at: draft.post.scheduleAt,
      created: draft.createdAt,
      updated: draft.updatedAt,
      body: JSON.stringify(body),
    })
    return { ...body, revision: parseRow('drafts', columnsOf(draftsTable, 'revision'), row)!.revision }
  }

  const get = (id: string): StoredDraft | undefined => readRow(database, draftsTable, selectOne.get(id))

  /** The row a guard refused, set inside the transaction and announced once it has rolled back. */
  let refused: StoredDraft | null = null
  function check(current: StoredDraft, guard: ((current: StoredDraft) => void) | undefined): void {
    if (!guard) return
    try {
      guard(current)
    } catch (error) {
      refused = current
      throw error
    }
  }
  function guarded<T>(write: () => T): T {
    refused = null
    try {
      return write()
    } catch (error) {
      const current = refused as StoredDraft | null
      refused = null
      // What asked for the change was behind: the row as stored goes to the listeners with the refusal, so
      // the page shows what is true now (once committed, when the refusal came inside a larger change).
      if (current) database.afterCommit(() => notify({ changed: [current], removed: [] }))
      throw error
    }
  }

  const store: DraftStore = {
    path: database.file,
    notice,
    list: () => decodeAll(selectAll.all()),
    listForProfile: (profileId) => decodeAll(selectProfile.all(profileId)),
    pendingForProfile: (profileId) => decodeAll(selectPending.all(profileId)),
    countsForProfile(profileId) {
      const rows = parseRows('drafts', statusCountRow, selectCounts.all(profileId))
      return Object.fromEntries(rows.map((row) => [row.status, row.n]))
    },
    claimedScheduleIds: (except) =>
      new Set(parseRows('drafts', claimedRow, selectClaimed.all(except)).map((row) => row.claimed)),
    get,
    put(draft) {
      return database.write('the drafts', () => {
        afterCommit()
        return write(draft)
      })
    },
    update(draft, changes, at, options = {}) {
      return guarded(() =>
        database.write(
          'the drafts',
          () => {
            if (options.lease && !options.lease.holds(options.lease.resource)) {
              throw new AppError({
                kind: 'cancelled',
                message: `Another Mediadeck process took over sending the draft ${draft.id}; this one stopped.`,
              })
            }
            const row = get(draft.id)
            if (!row && options.mustExist) throw notFound(draft.id)
            if (options.baseRevision !== undefined && row && row.revision !== options.baseRevision) {
              throw changedElsewhere(draft.id)
            }
            // Removed by another process meanwhile: what this one changes is written back, not lost.
            const current = row ?? draft
            if (row) check(current, options.guard)
            afterCommit()
            const written = write({ ...current, ...changes, updatedAt: at.toISOString() })
            if (options.marker) putMarker.run(draft.id, JSON.stringify(options.marker))
            else if (options.marker === null) deleteMarker.run(draft.id)
            return written
          },
          options.durability ? { durability: options.durability } : {},
        ),
      )
    },
    putMany(list) {
      if (list.length === 0) return
      database.write('the drafts', () => {
        afterCommit()
        list.forEach(write)
      })
    },
    remove(id, guard) {
      return guarded(() =>
        database.write('the drafts', () => {
          const row = get(id)
          if (row) check(row, guard)
          const had = deleteOne.run(id).changes > 0
          if (had) afterCommit()
          return had
        }),
      )
    },
    batch: (fn) => database.write('the drafts', fn),
    marker(id) {
      return readRow(database, draftSendsTable, selectMarker.get(id))?.[1]
    },
    setMarker(id, marker) {
      database.write('the send ledger', () => {
        if (marker) putMarker.run(id, JSON.stringify(marker))
        else deleteMarker.run(id)
      })
    },
    lastSyncAt: () =>
      parseRow('outbox_state', columnsOf(outboxStateTable, 'value'), selectState.get())?.value ?? null,
    setLastSyncAt(at) {
      database.write('the last sync time', () => putState.run(at))
    },
    refresh: async () => announce(),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return store
}

// What other modules ask of the drafts tables, here so that this module stays their one writer and reader
// (docs/data-layer.md, "Tables, and who writes them").

/** Writes what legacy-drafts.ts read of the old file; the draft rows first, so each marker finds its draft. Returns the rows written. */
function writeLegacyDrafts(database: AppDatabase, legacy: LegacyDrafts): number {
  const db = sqlOf(database)
  const insertDraft = db.prepare(`
    INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
    VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (id) DO NOTHING`)
  const insertMarker = db.prepare(
    'INSERT INTO draft_sends (draft_id, marker) VALUES (?, ?) ON CONFLICT (draft_id) DO NOTHING',
  )
  const insertAside = db.prepare(
    'INSERT INTO drafts_set_aside (source, key, problem, at, record) VALUES (?, ?, ?, ?, ?)',
  )
  let rows = 0
  const ids = new Set<string>()
  for (const draft of legacy.drafts) {
    const { revision: _revision, ...body } = draft
    rows += Number(
      insertDraft.run(
        draft.id,
        draft.profileId,
        draft.status,
        draft.post.scheduleAt,
        draft.createdAt,
        draft.updatedAt,
        JSON.stringify(body),
      ).changes,
    )
    ids.add(draft.id)
  }
  const at = new Date().toISOString()
  const aside = [...legacy.setAside]
  for (const [id, marker] of legacy.sends) {
    if (ids.has(id)) rows += Number(insertMarker.run(id, JSON.stringify(marker)).changes)
    else aside.push({ from: 'sends', key: id, problem: 'a send marker of no draft', at, record: marker })
  }
  for (const entry of aside) {
    const record = typeof entry.record === 'string' ? entry.record : JSON.stringify(entry.record ?? null)
    insertAside.run(entry.from, entry.key ?? null, entry.problem, entry.at, record)
    rows += 1
  }
  if (legacy.lastSyncAt) {
    db.prepare(
      `INSERT INTO outbox_state (key, value) VALUES ('last_sync_at', ?)
       ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)`,
    ).run(legacy.lastSyncAt)
  }
  return rows
}

/**
 * Moves the drafts written under `from` (a bare identity, by the CLI) to `to` (the app's profile that uses
 * that identity), each with its revision moved on. Returns how many moved; the caller holds the transaction.
 */
export function moveDrafts(database: AppDatabase, from: string, to: string): number {
  return Number(
    sqlOf(database)
      .prepare(
        `UPDATE drafts SET profile_id = :to, body = json_set(body, '$.profileId', :to), revision = revision + 1
         WHERE profile_id = :from`,
      )
      .run({ from, to }).changes,
  )
}

/**
 * Every draft's stored body, of every profile, as text (the storage doctor's reading); with `naming`, only
 * those whose text contains it, matched in SQLite (instr) so that the rest is never parsed.
 */
export function readDraftBodies(database: AppDatabase, naming?: string): string[] {
  const db = sqlOf(database)
  const rows =
    naming === undefined
      ? db.prepare('SELECT body FROM drafts').all()
      : db.prepare('SELECT body FROM drafts WHERE instr(body, ?) > 0').all(naming)
  return rows.map((row) => String(row.body))
}

/**
 * A profile's drafts that exist only here, counted before it is deleted: those queued to be sent (queued,
 * sending), and the rest not on the service yet (a draft, a failed send, one waiting for the person).
 */
export function countProfileDrafts(
  database: AppDatabase,
  profileId: string,
): { queued: number; other: number } {
  const row = sqlOf(database)
    .prepare(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'sending')) AS queued,
              count(*) FILTER (WHERE status NOT IN ('queued', 'sending', 'scheduled')) AS other
       FROM drafts WHERE profile_id = ?`,
    )
    .get(profileId)
  return parseRow('drafts', z.object({ queued: integer, other: integer }), row) ?? { queued: 0, other: 0 }
}

/**
 * Deletes every draft of a profile that is being deleted (their send markers go with them, by the foreign key)
 * and returns their ids, so the caller drops their outbox leases. The caller holds the transaction.
 */
export function deleteProfileDrafts(database: AppDatabase, profileId: string): string[] {
  const rows = sqlOf(database).prepare('DELETE FROM drafts WHERE profile_id = ? RETURNING id').all(profileId)
  return parseRows('drafts', columnsOf(draftsTable, 'id'), rows).map((row) => row.id)
}
