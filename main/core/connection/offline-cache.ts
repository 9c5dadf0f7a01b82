// The last pages seen of the lists that make sense offline (automations, accounts, schedules), per profile.
// When the service cannot be reached, the last copy answers with `stale: true` instead of an error. Entries
// live in the data folder's database (`offline_cache`, keyed by profile and key, with when they were
// fetched), capped per profile so it stays small; the old per-profile JSON file is imported once.
import { readFileSync } from 'node:fs'
import type { CachedResult } from '../../../common/contract'
import { AppError, isUnreachable } from '../../../common/errors'
import type { AppDatabase } from '../db/database'
import { importLegacyFile } from '../db/legacy-import'
import type { OfflineCache } from '../ports'

const MAX_ENTRIES = 200

interface Entry {
  value: unknown
  fetchedAt: string
}

export function createOfflineCache(options: {
  database: AppDatabase
  profileId: string
  /** The profile's cache file from before the database (cache/<profile>.json): imported once. */
  legacyFile?: string
  now?: () => Date
  onUnreachable?: (error: AppError) => void
}): OfflineCache {
  const { database, profileId } = options
  const now = options.now ?? (() => new Date())
  const { db } = database
  const put = db.prepare(`
    INSERT INTO offline_cache (profile_id, key, value, fetched_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (profile_id, key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at`)
  const trim = db.prepare(`
    DELETE FROM offline_cache WHERE profile_id = :profile AND key NOT IN (
      SELECT key FROM offline_cache WHERE profile_id = :profile ORDER BY fetched_at DESC LIMIT :max)`)
  const get = db.prepare('SELECT value, fetched_at FROM offline_cache WHERE profile_id = ? AND key = ?')

  if (options.legacyFile) {
    try {
      importLegacyFile(database, {
        name: `offline-cache:${profileId}`,
        path: options.legacyFile,
        read: readLegacyCache,
        write(entries) {
          for (const [key, entry] of entries)
            put.run(profileId, key, JSON.stringify(entry.value), entry.fetchedAt)
          return entries.length
        },
      })
    } catch {
      // A convenience: a cache that cannot be imported only means one stale answer fewer while offline.
    }
  }

  function save(key: string, value: unknown, fetchedAt: string): void {
    try {
      database.write('the offline copy', () => {
        put.run(profileId, key, JSON.stringify(value ?? null), fetchedAt)
        trim.run({ profile: profileId, max: MAX_ENTRIES })
      })
    } catch {
      // The cache is a convenience: failing to write it must not fail the call that just succeeded.
    }
  }

  return {
    async run<T>(key: string, fetch: () => Promise<T>): Promise<CachedResult<T>> {
      try {
        const value = await fetch()
        const fetchedAt = now().toISOString()
        save(key, value, fetchedAt)
        return { value, stale: false, fetchedAt }
      } catch (error) {
        const appError = AppError.from(error)
        if (!isUnreachable(appError)) throw appError
        options.onUnreachable?.(appError)
        const row = get.get(profileId, key) as { value: string; fetched_at: string } | undefined
        if (!row) throw appError
        return { value: JSON.parse(row.value) as T, stale: true, fetchedAt: row.fetched_at }
      }
    },
  }
}

/** The old file: `{ key: { value, fetchedAt } }`, oldest first. A damaged one imports as empty. */
function readLegacyCache(file: string): Array<[string, Entry]> {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>
    return Object.entries(raw).filter(([, e]) => e && typeof e.fetchedAt === 'string')
  } catch {
    return []
  }
}
