// The replica of the service, per profile: what it last answered, each with when it was fetched, in the data
// folder's database (migration 5). Views render from it at once (`replica:peek`, never the network) and then
// refresh through the live calls, which write it. When the service cannot be reached, a live list answers its
// last copy with `stale: true`; a 401 marks the whole replica stale until a call succeeds again. A profile
// whose base URL or access key changed starts from an empty replica: the copy was another service's.
//
// Nothing that deletes or judges by the service's current state may read it (storage unused/free-up, the
// storage doctor): those read the service fresh (main/core/storage).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type {
  CachedResult,
  ReplicaPeekAnswer,
  ReplicaPeekRequest,
  ReplicaValues,
} from '../../../common/contract'
import { AppError, isUnreachable } from '../../../common/errors'
import { checking, confirmed, stale, type Freshness } from '../../../common/freshness'
import type { Schedule } from '../../../common/service'
import type { AppDatabase } from '../db/database'
import { importLegacyFile } from '../db/legacy-import'
import { columnsOf, parseRow, readRow, readRows } from '../db/rows'
import { canonicalJson } from './canonical'
import { createReplicaPosts, forgetPosts, type PostsRequest } from './replica-posts'
import { copiedFileNames } from './replica-files'
import { replicaListsTable, replicaProfilesTable } from './replica-rows'
import { sqlOf } from '../db/handle'

const stateOf = columnsOf(replicaProfilesTable, 'identity', 'stale_since')

/** The lists kept whole per request; `reports` is kept for the automation reports' offline answer. */
export type ListWhat = 'accounts' | 'automations' | 'files' | 'storage' | 'reports'

/** Lists kept per profile, past which the least recently fetched go (a search typed is a request of its own). */
const MAX_LISTS = 200

/** Pages gathered as they arrive, so a refresh that fails half-way still gives what came. */
export interface Collected<T> {
  docs: T[]
  skipped: number
  /** Every page arrived: the list may replace the copy (a partial one only merges into it). */
  complete: boolean
}
export const collecting = <T>(): Collected<T> => ({ docs: [], skipped: 0, complete: false })

/** One identity per service and key: a change of either clears the profile's replica. */
export function replicaIdentity(baseUrl: string, accessKey: string): string {
  return createHash('sha256').update(`${baseUrl}\n${accessKey}`).digest('hex').slice(0, 32)
}

export interface Replica {
  /** replicaIdentity() of the service and key it copies: what other copies of the profile's data are keyed by. */
  readonly identity: string
  /** A list answered in one call (a page of automations or files, the storage statistic, reports). */
  list<T>(what: ListWhat, request: unknown, fetch: () => Promise<T>): Promise<CachedResult<T>>
  /** A list paged through to its end (accounts): a partial refresh merges by id into the copy. */
  pagedList<T extends { id: string }>(
    what: ListWhat,
    request: unknown,
    fetch: (into: Collected<T>) => Promise<Collected<T>>,
  ): Promise<CachedResult<T[]>>
  /** The posts of a range: replaced when every page arrived, merged otherwise (replica-posts.ts). */
  schedules(
    request: PostsRequest,
    fetch: (into: Collected<Schedule>) => Promise<Collected<Schedule>>,
  ): Promise<CachedResult<Schedule[]>>
  /** The last known value, without the network; null when none is known. */
  peek(request: ReplicaPeekRequest): ReplicaPeekAnswer
  /**
   * Posts or stored files this app just deleted on the service: gone from the copy now, so a view drawn from
   * it before the next refresh (or offline, after a restart) does not show them again. Never throws.
   */
  forget(what: 'posts' | 'files', ids: readonly string[]): void
  /** Stored files' names by address, from every copied page of the library (replica-files.ts). */
  fileNames(urls: readonly string[]): Map<string, string>
  /** A 401: every answer says stale until a call succeeds. Never throws. */
  markStale(): void
  clear(): void
}

export interface ReplicaOptions {
  database: AppDatabase
  profileId: string
  /** replicaIdentity() of the profile's base URL and access key. */
  identity: string
  /** The profile's cache file from before the database (cache/<profile>.json): imported once. */
  legacyFile?: string
  now?: () => Date
  /** A call found the service unreachable (the connection monitor hears of it). */
  onUnreachable?: (error: AppError) => void
  /** The connection monitor's word: a copy peeked while offline is stale, not being checked. */
  isOffline?: () => boolean
}

interface Stored<T> {
  value: T
  fetchedAt: string
}

export function createReplica(options: ReplicaOptions): Replica {
  const { database, profileId } = options
  const db = sqlOf(database)
  const now = options.now ?? (() => new Date())
  const posts = createReplicaPosts(database, profileId)

  const getState = db.prepare('SELECT identity, stale_since FROM replica_profiles WHERE profile_id = ?')
  const putState = db.prepare(
    `INSERT INTO replica_profiles (profile_id, identity, stale_since) VALUES (?, ?, ?)
     ON CONFLICT (profile_id) DO UPDATE SET identity = excluded.identity, stale_since = excluded.stale_since`,
  )
  const setStale = db.prepare('UPDATE replica_profiles SET stale_since = ? WHERE profile_id = ?')
  const putList = db.prepare(
    `INSERT INTO replica_lists (profile_id, what, key, value, fetched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (profile_id, what, key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at`,
  )
  const trimLists = db.prepare(
    `DELETE FROM replica_lists WHERE profile_id = :profile AND rowid NOT IN (
       SELECT rowid FROM replica_lists WHERE profile_id = :profile ORDER BY fetched_at DESC LIMIT :max)`,
  )
  const getList = db.prepare(
    'SELECT profile_id, what, key, value, fetched_at FROM replica_lists WHERE profile_id = ? AND what = ? AND key = ?',
  )
  const filesLists = db.prepare(
    "SELECT profile_id, what, key, value, fetched_at FROM replica_lists WHERE profile_id = ? AND what = 'files'",
  )
  const rewriteList = db.prepare(
    'UPDATE replica_lists SET value = ? WHERE profile_id = ? AND what = ? AND key = ?',
  )
  const latestList = db.prepare(
    'SELECT profile_id, what, key, value, fetched_at FROM replica_lists WHERE profile_id = ? AND what = ? ORDER BY fetched_at DESC LIMIT 1',
  )

  const clearRows = () => deleteRows(database, profileId)
  const filesPages = () => readRows(database, replicaListsTable, filesLists.all(profileId))

  // Another service (or key) than the copy was made from: nothing of it may show as this one's. A profile
  // with no identity recorded yet (imported from the offline cache) keeps its copy.
  database.write('the replica', () => {
    const state = parseRow('replica_profiles', stateOf, getState.get(profileId))
    if (state && state.identity !== options.identity) clearRows()
    if (!state || state.identity !== options.identity) putState.run(profileId, options.identity, null)
    posts.prune(now())
  })
  if (options.legacyFile) importLegacy(options.legacyFile)

  function markStale(): void {
    try {
      database.write('the replica', () => setStale.run(now().toISOString(), profileId))
    } catch {
      // Only a word on the answers: a disk that refuses it must not turn a 401 into another failure.
    }
  }

  const isStale = () => Boolean(parseRow('replica_profiles', stateOf, getState.get(profileId))?.stale_since)

  /** The replica is a convenience: failing to write it must not fail the call that just succeeded. */
  function save(fn: () => void): void {
    try {
      database.write('the replica', () => {
        fn()
        setStale.run(null, profileId)
      })
    } catch {
      // Kept as it was.
    }
  }

  function read<T>(what: ListWhat, key: string): Stored<T> | undefined {
    const row = readRow(database, replicaListsTable, getList.get(profileId, what, key))
    return row && { value: row.value as T, fetchedAt: row.fetched_at }
  }

  function storeList(what: ListWhat, key: string, value: unknown, fetchedAt: string): void {
    putList.run(profileId, what, key, JSON.stringify(value ?? null), fetchedAt)
    trimLists.run({ profile: profileId, max: MAX_LISTS })
  }

  /** A failed refresh: a 401 marks the replica stale; unreachable answers the copy; anything else throws. */
  function failed<T>(error: unknown, copy: () => Stored<T> | undefined): CachedResult<T> {
    const appError = AppError.from(error)
    if (appError.kind === 'unauthorized') markStale()
    if (!isUnreachable(appError)) throw appError
    options.onUnreachable?.(appError)
    const stored = copy()
    if (!stored) throw appError
    return {
      value: stored.value,
      stale: true,
      fetchedAt: stored.fetchedAt,
      freshness: stale(stored.fetchedAt),
    }
  }

  function importLegacy(file: string): void {
    try {
      importLegacyFile(database, {
        name: `offline-cache:${profileId}`,
        path: file,
        read: readLegacyCache,
        write(entries) {
          for (const [key, entry] of entries) {
            const space = key.indexOf(' ')
            const what = (space < 0 ? key : key.slice(0, space)).replace(/:list$/, '')
            const request = space < 0 ? {} : (JSON.parse(key.slice(space + 1)) as unknown)
            if (what === 'schedules') {
              const docs = docsOf<Schedule>(entry.value)
              posts.record(request as PostsRequest, docs, true, new Date(entry.fetchedAt))
            } else storeList(what as ListWhat, canonicalJson(request), entry.value, entry.fetchedAt)
          }
          return entries.length
        },
      })
    } catch {
      // A convenience: a cache that cannot be imported only means one stale answer fewer while offline.
    }
  }

  /**
   * A copy read without the network: stale when nothing can refresh it (a 401, or offline), else checking,
   * since it is peeked by a view that refreshes it at once (renderer/stores/replica.ts) and is not yet confirmed.
   */
  function peeked<T>(value: T, fetchedAt: string): CachedResult<T> {
    const cannotRefresh = isStale() || options.isOffline?.() === true
    const freshness: Freshness = cannotRefresh ? stale(fetchedAt) : checking(confirmed(fetchedAt))
    return { value, stale: isStale(), fetchedAt, freshness }
  }

  function peekList<T>(what: ListWhat, request: unknown): CachedResult<T> | null {
    const stored = read<T>(what, canonicalJson(request))
    return stored ? peeked(stored.value, stored.fetchedAt) : null
  }

  return {
    identity: options.identity,
    async list(what, request, fetch) {
      const key = canonicalJson(request)
      try {
        const value = await fetch()
        const fetchedAt = now().toISOString()
        save(() => storeList(what, key, value, fetchedAt))
        return { value, stale: false, fetchedAt, freshness: confirmed(fetchedAt) }
      } catch (error) {
        return failed(error, () => read(what, key))
      }
    },

    async pagedList<T extends { id: string }>(
      what: ListWhat,
      request: unknown,
      fetch: (into: Collected<T>) => Promise<Collected<T>>,
    ): Promise<CachedResult<T[]>> {
      const key = canonicalJson(request)
      const into = collecting<T>()
      const skippedOf = (n: number) => (n > 0 ? { skipped: n } : {})
      try {
        const result = await fetch(into)
        const fetchedAt = now().toISOString()
        const value = result.complete
          ? result.docs
          : mergeById(docsOf<T>(read(what, key)?.value), result.docs)
        save(() => storeList(what, key, { docs: value, skipped: result.skipped }, fetchedAt))
        return {
          value,
          stale: false,
          fetchedAt,
          freshness: confirmed(fetchedAt),
          ...skippedOf(result.skipped),
        }
      } catch (error) {
        // What arrived before the failure is merged in (never deleting): the copy answered is the fuller one.
        // The copy keeps its time: the records that did not arrive are only as recent as that.
        if (into.docs.length > 0) {
          const stored = read<unknown>(what, key)
          const merged = mergeById(docsOf<T>(stored?.value), into.docs)
          const at = stored?.fetchedAt ?? now().toISOString()
          save(() => storeList(what, key, { docs: merged, skipped: into.skipped }, at))
        }
        const answer = failed<unknown>(error, () => read(what, key))
        return { ...answer, value: docsOf<T>(answer.value) }
      }
    },

    async schedules(request, fetch) {
      const into = collecting<Schedule>()
      try {
        const result = await fetch(into)
        const at = now()
        // A record left out (unreadable) may be one of the range's: the range is not known whole then.
        save(() => posts.record(request, result.docs, result.complete && result.skipped === 0, at))
        return {
          value: result.docs,
          stale: false,
          fetchedAt: at.toISOString(),
          freshness: confirmed(at),
          ...(result.skipped > 0 ? { skipped: result.skipped } : {}),
        }
      } catch (error) {
        if (into.docs.length > 0) save(() => posts.record(request, into.docs, false, now()))
        return failed(error, () => {
          const known = posts.peek(request, now())
          return known ? { value: known.posts, fetchedAt: known.fetchedAt } : undefined
        })
      }
    },

    peek(request) {
      switch (request.what) {
        case 'accounts': {
          const stored =
            peekList<unknown>('accounts', request.request ?? {}) ??
            latestOf<unknown>('accounts', request.request)
          return stored && { ...stored, value: docsOf<ReplicaValues['accounts'][number]>(stored.value) }
        }
        case 'schedules': {
          const known = posts.peek(request.request, now())
          return known && peeked(known.posts, known.fetchedAt)
        }
        case 'automations':
          return peekList<ReplicaValues['automations']>('automations', request.request)
        case 'files':
          return peekList<ReplicaValues['files']>('files', request.request)
        case 'storage':
          return peekList<ReplicaValues['storage']>('storage', {})
      }
    },

    forget(what, ids) {
      const gone = new Set(ids)
      try {
        database.write('the replica', () => {
          if (what === 'posts') return posts.forget(gone)
          for (const row of filesPages()) {
            const page = row.value as { docs?: Array<{ id: string }> } | null
            if (!page?.docs?.some((file) => gone.has(file.id))) continue
            const docs = page.docs.filter((file) => !gone.has(file.id))
            rewriteList.run(JSON.stringify({ ...page, docs }), profileId, 'files', row.key)
          }
        })
      } catch {
        // The next refresh of the list says the same.
      }
    },

    fileNames: (urls) => copiedFileNames(filesPages(), urls),
    markStale,

    clear() {
      database.write('the replica', clearRows)
    },
  }

  /** Accounts asked with no filter fall back to the latest list of any filter: better some than none. */
  function latestOf<T>(what: ListWhat, request: unknown): CachedResult<T> | null {
    if (request !== undefined && canonicalJson(request) !== '{}') return null
    const row = readRow(database, replicaListsTable, latestList.get(profileId, what))
    return row ? peeked(row.value as T, row.fetched_at) : null
  }
}

/** The profile's lists here, its posts and ranges through their repository (replica-posts.ts). */
function deleteRows(database: AppDatabase, profileId: string): void {
  sqlOf(database).prepare('DELETE FROM replica_lists WHERE profile_id = ?').run(profileId)
  forgetPosts(database, profileId)
}

/** A profile deleted: its replica goes with it, identity included. */
export function forgetReplica(database: AppDatabase, profileId: string): void {
  try {
    database.write('the replica', () => {
      deleteRows(database, profileId)
      sqlOf(database).prepare('DELETE FROM replica_profiles WHERE profile_id = ?').run(profileId)
    })
  } catch {
    // Rows of a deleted profile are never read; the next delete or a clear takes them.
  }
}

/** A stored list: `{docs, skipped}`, or a bare array as the offline cache kept some. */
function docsOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  const docs = (value as { docs?: unknown } | null | undefined)?.docs
  return Array.isArray(docs) ? (docs as T[]) : []
}

/** The copy with what arrived laid over it by id; nothing of the copy goes. */
function mergeById<T extends { id: string }>(copy: readonly T[], arrived: readonly T[]): T[] {
  const byId = new Map(copy.map((item) => [item.id, item]))
  for (const item of arrived) byId.set(item.id, item)
  return [...byId.values()]
}

/** The old file: `{ key: { value, fetchedAt } }`. A damaged one imports as empty. */
function readLegacyCache(file: string): Array<[string, Stored<unknown>]> {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stored<unknown>>
    return Object.entries(raw).filter(([, e]) => e && typeof e.fetchedAt === 'string')
  } catch {
    return []
  }
}
