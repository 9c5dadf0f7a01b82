// The drafts and the outbox ledger, in the data folder's database (main/core/db/, docs/data-layer.md).
// Every change is one transaction, committed before the call returns: what is shown is what a restart finds,
// and a failed write (a full disk) changes nothing and throws an AppError saying so. The app, browser mode and
// any number of CLI runs share the database; each keeps the drafts in memory for its views and takes in what
// the others committed on refresh() (PRAGMA data_version tells whether there is anything to take).
// Each draft has a revision, moved by one on every change: a save based on an older one is refused.
import { join } from 'node:path'
import type { Draft } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import { errorReason } from '../../../common/messages/index'
import type { AppDatabase, TransactionOptions } from '../db/database'
import { importLegacyFile, PRE_DB_SUFFIX } from '../db/legacy-import'
import { readRow, readRows } from '../db/rows'
import { existsSync } from 'node:fs'
import { DRAFTS_FILE, readLegacyDrafts, writeLegacyDrafts, type LegacyDrafts } from './legacy-drafts'
import type { MigrationContext } from './migrations'
import { draftSendsTable, draftsTable } from './draft-rows'

export { DRAFTS_FILE, DraftStoreError } from './legacy-drafts'

/** A create that was sent and whose answer has not been seen yet: the post may exist on the service. */
export interface SendMarker {
  startedAt: string
  accountId: string
  scheduleAt: string
  title: string
  description: string
  /** When the post was last looked for on the service and not found (main/core/drafts/unknown-outcome.ts). */
  lookedAt?: string
  /**
   * The service answered that the create failed (a 5xx), and the lookup that would confirm it could not be
   * made: one look settles it, then the post may be sent again.
   */
  answered?: boolean
}

export interface StoreNotice {
  kind: 'recovered-from-backup' | 'unreadable' | 'migrated' | 'records-set-aside'
  message: string
  /** Where the unusable file was moved (or the set-aside records kept), so nothing is deleted. */
  keptAt?: string
  /** Records that could not be read and were set aside, each alone. */
  setAside?: number
}

/** A draft as main keeps it, with its revision. */
export type StoredDraft = Draft

export interface UpdateOptions {
  /** The revision the change was based on: refused with `draft-changed-elsewhere` when the stored one moved. */
  baseRevision?: number
  /** A lease (main/core/db/leases.ts) the change needs: refused, changing nothing, when no longer held. */
  lease?: { holds(resource: string): boolean; resource: string }
  /**
   * Sets (a marker) or clears (null) the draft's send marker in the same transaction: one commit instead of two
   * for the outbox's "sending, and this create is about to leave" and "scheduled, the create was answered".
   */
  marker?: SendMarker | null
  /**
   * `'crash'`: committed without waiting for the disk (database.ts TransactionOptions): only for a change whose
   * loss in a power cut the caller recovers from, as the outbox does a "scheduled" whose send marker it clears.
   */
  durability?: TransactionOptions['durability']
  /**
   * Decides on the row as stored now, inside the transaction that changes it: throws (an AppError) to refuse.
   * What this process holds in memory may be a second old (another process, the CLI's `sync`, sent the post
   * meanwhile); a status check made on that copy would unqueue a post already on the service. On a refusal
   * the stored row replaces the copy and listeners hear of it, so the page shows what is true now.
   */
  guard?: (current: StoredDraft) => void
}

export interface DraftStore {
  /** The database file. */
  readonly path: string
  /** What happened on open: a recovery of the old file the person should hear about; null when all was well. */
  readonly notice: StoreNotice | null
  list(): StoredDraft[]
  /** The drafts written for one profile: the only ones its calls, its outbox and its events may see. */
  listForProfile(profileId: string): StoredDraft[]
  get(id: string): StoredDraft | undefined
  /** Adds or replaces a draft whole. */
  put(draft: StoredDraft): StoredDraft
  /**
   * Applies `changes` to the stored draft (as committed now, not as `draft` was read), stamped `updatedAt: at`,
   * and returns what was stored.
   */
  update(draft: StoredDraft, changes: Partial<Draft>, at: Date, options?: UpdateOptions): StoredDraft
  /** Adds or replaces several at once: one transaction, one change event. */
  putMany(drafts: StoredDraft[]): void
  /** Removes it; `guard` decides on the row as stored now, as in update (UpdateOptions.guard). */
  remove(id: string, guard?: (current: StoredDraft) => void): boolean
  marker(id: string): SendMarker | undefined
  setMarker(id: string, marker: SendMarker | undefined): void
  lastSyncAt(): string | null
  setLastSyncAt(at: string): void
  /** Every change is committed when its call returns; kept so callers that await durability still read so. */
  flush(): Promise<void>
  /**
   * Takes in what another process (the CLI beside the app) committed since we last looked: new drafts,
   * changed ones, removed ones. `force` reads again even when no other process committed (a change made
   * through this connection beside the store, such as drafts moved to a profile). Resolves true when
   * something changed.
   */
  refresh(force?: boolean): Promise<boolean>
  onChange(listener: (drafts: StoredDraft[]) => void): () => void
}

export interface OpenDraftStoreOptions {
  /** The profile active now: the old file's drafts from before drafts had a profile become its drafts. */
  profileId?: string
  /** The data folder whose old drafts.json is imported on first open; none: nothing to import. */
  dataDir?: string
}

/** The refusal of a save based on an older revision; `current` is what is stored now, for "take theirs". */
export function changedElsewhere(id: string): AppError {
  return new AppError({
    kind: 'validation',
    ...errorReason('draft-changed-elsewhere'),
    field: 'revision',
    message: `The draft ${id} was changed elsewhere (another window or the command line) since it was opened; nothing was saved. Keep your version or take the other one.`,
  })
}

function importLegacy(database: AppDatabase, dataDir: string, context: MigrationContext): StoreNotice | null {
  const file = join(dataDir, DRAFTS_FILE)
  const backup = `${file}.bak`
  // The main file gone in the old store's crash window leaves its backup: that is the file to import.
  const path = existsSync(file) || existsSync(file + PRE_DB_SUFFIX) || !existsSync(backup) ? file : backup
  let legacy: LegacyDrafts | undefined
  const result = importLegacyFile(database, {
    name: 'drafts.json',
    path,
    read: (source) => (legacy = readLegacyDrafts(source, backup, context)),
    write: (data) => writeLegacyDrafts(database.db, data),
  })
  return result.status === 'imported' ? (legacy?.notice ?? null) : null
}

export async function openDraftStore(
  database: AppDatabase,
  options: OpenDraftStoreOptions = {},
): Promise<DraftStore> {
  const { db } = database
  const context: MigrationContext = options.profileId ? { profileId: options.profileId } : {}
  const notice = options.dataDir ? importLegacy(database, options.dataDir, context) : null

  const selectAll = db.prepare('SELECT id, revision, body FROM drafts')
  const selectRevisions = db.prepare('SELECT id, revision FROM drafts')
  const selectOne = db.prepare('SELECT id, revision, body FROM drafts WHERE id = ?')
  const upsert = db.prepare(`
    INSERT INTO drafts (id, profile_id, status, schedule_at, created_at, updated_at, revision, body)
    VALUES (:id, :profile, :status, :at, :created, :updated, 1, :body)
    ON CONFLICT (id) DO UPDATE SET profile_id = :profile, status = :status, schedule_at = :at,
      created_at = :created, updated_at = :updated, revision = drafts.revision + 1, body = :body
    RETURNING revision`)
  const deleteOne = db.prepare('DELETE FROM drafts WHERE id = ?')
  const selectMarkers = db.prepare('SELECT draft_id, marker FROM draft_sends')
  const putMarker = db.prepare(
    'INSERT INTO draft_sends (draft_id, marker) VALUES (?, ?) ON CONFLICT (draft_id) DO UPDATE SET marker = excluded.marker',
  )
  const deleteMarker = db.prepare('DELETE FROM draft_sends WHERE draft_id = ?')
  const selectState = db.prepare("SELECT value FROM outbox_state WHERE key = 'last_sync_at'")
  const putState = db.prepare(
    "INSERT INTO outbox_state (key, value) VALUES ('last_sync_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  )
  const dataVersion = db.prepare('PRAGMA data_version')

  // Through the table's declaration (draft-rows.ts): a row that is not a draft is set aside, never fatal.
  const readOne = (id: string): StoredDraft | undefined => readRow(database, draftsTable, selectOne.get(id))
  const version = () => (dataVersion.get() as { data_version: number }).data_version

  // PRAGMA data_version moves only for other connections' commits: ours never make us read everything again.
  let seen = version()
  const drafts = new Map<string, StoredDraft>()
  for (const draft of readRows(database, draftsTable, selectAll.all())) drafts.set(draft.id, draft)
  let markers = readMarkers()
  let lastSync = readLastSync()
  const listeners = new Set<(drafts: StoredDraft[]) => void>()

  function readMarkers(): Map<string, SendMarker> {
    return new Map(readRows(database, draftSendsTable, selectMarkers.all()))
  }
  function readLastSync(): string | null {
    return (selectState.get() as { value: string } | undefined)?.value ?? null
  }

  function notify(): void {
    if (listeners.size === 0) return
    const list = [...drafts.values()]
    for (const listener of listeners) listener(list)
  }

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
    }) as { revision: number }
    return { ...body, revision: row.revision }
  }

  function takeInOthers(force: boolean): boolean {
    const now = version()
    if (now === seen && !force) return false
    seen = now
    let changed = false
    const stored = new Map(
      (selectRevisions.all() as Array<{ id: string; revision: number }>).map((r) => [r.id, r.revision]),
    )
    for (const id of [...drafts.keys()]) {
      if (!stored.has(id)) {
        drafts.delete(id)
        changed = true
      }
    }
    for (const [id, revision] of stored) {
      if (drafts.get(id)?.revision === revision) continue
      // A row set aside as unreadable (core/db/rows.ts) is not a change the page can show.
      const draft = readOne(id)
      if (draft) drafts.set(id, draft)
      if (draft || drafts.delete(id)) changed = true
    }
    markers = readMarkers()
    lastSync = readLastSync()
    return changed
  }

  /** The row a guard refused, set inside the transaction and taken in once it has rolled back. */
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
      // The copy was behind: what is stored now replaces it, and the page hears of it with the refusal.
      if (current && drafts.get(current.id)?.revision !== current.revision) {
        drafts.set(current.id, current)
        notify()
      }
      throw error
    }
  }

  const store: DraftStore = {
    path: database.file,
    notice,
    list: () => [...drafts.values()],
    listForProfile: (profileId) => [...drafts.values()].filter((draft) => draft.profileId === profileId),
    get: (id) => drafts.get(id),
    put(draft) {
      const stored = database.write('the drafts', () => write(draft))
      drafts.set(stored.id, stored)
      notify()
      return stored
    },
    update(draft, changes, at, options = {}) {
      const stored = guarded(() =>
        database.write(
          'the drafts',
          () => {
            if (options.lease && !options.lease.holds(options.lease.resource)) {
              throw new AppError({
                kind: 'cancelled',
                message: `Another Mediadeck process took over sending the draft ${draft.id}; this one stopped.`,
              })
            }
            const row = readOne(draft.id)
            if (options.baseRevision !== undefined && row && row.revision !== options.baseRevision) {
              throw changedElsewhere(draft.id)
            }
            // Removed by another process meanwhile: what this one changes is written back, not lost.
            const current = row ?? draft
            if (row) check(current, options.guard)
            const written = write({ ...current, ...changes, updatedAt: at.toISOString() })
            if (options.marker) putMarker.run(draft.id, JSON.stringify(options.marker))
            else if (options.marker === null) deleteMarker.run(draft.id)
            return written
          },
          options.durability ? { durability: options.durability } : {},
        ),
      )
      if (options.marker) markers.set(stored.id, options.marker)
      else if (options.marker === null) markers.delete(stored.id)
      drafts.set(stored.id, stored)
      notify()
      return stored
    },
    putMany(list) {
      if (list.length === 0) return
      const stored = database.write('the drafts', () => list.map(write))
      for (const draft of stored) drafts.set(draft.id, draft)
      notify()
    },
    remove(id, guard) {
      const had = guarded(() =>
        database.write('the drafts', () => {
          const row = readOne(id)
          if (row) check(row, guard)
          return deleteOne.run(id).changes > 0
        }),
      )
      markers.delete(id)
      const known = drafts.delete(id)
      if (had || known) notify()
      return had || known
    },
    marker: (id) => markers.get(id),
    setMarker(id, marker) {
      database.write('the send ledger', () => {
        if (marker) putMarker.run(id, JSON.stringify(marker))
        else deleteMarker.run(id)
      })
      if (marker) markers.set(id, marker)
      else markers.delete(id)
    },
    lastSyncAt: () => lastSync,
    setLastSyncAt(at) {
      database.write('the last sync time', () => putState.run(at))
      lastSync = at
    },
    flush: async () => {},
    async refresh(force = false) {
      const changed = takeInOthers(force)
      if (changed) notify()
      return changed
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return store
}
