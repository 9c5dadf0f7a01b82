// The last pages seen of the lists that make sense offline (automations, accounts, schedules), per profile.
// When the service cannot be reached, the last copy answers with `stale: true` instead of an error. Entries
// are kept on disk so they survive a restart, capped so the file stays small.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { CachedResult } from '../../../common/contract'
import { AppError, isUnreachable } from '../../../common/errors'
import type { OfflineCache } from '../ports'

const MAX_ENTRIES = 200

interface Entry {
  value: unknown
  fetchedAt: string
}

export function createOfflineCache(options: {
  file: string
  now?: () => Date
  onUnreachable?: (error: AppError) => void
}): OfflineCache {
  const now = options.now ?? (() => new Date())
  const entries = load(options.file)

  function save(): void {
    try {
      mkdirSync(dirname(options.file), { recursive: true })
      const tmp = `${options.file}.tmp`
      writeFileSync(tmp, JSON.stringify(Object.fromEntries(entries)))
      renameSync(tmp, options.file)
    } catch {
      // The cache is a convenience: failing to write it must not fail the call that just succeeded.
    }
  }

  return {
    async run<T>(key: string, fetch: () => Promise<T>): Promise<CachedResult<T>> {
      try {
        const value = await fetch()
        const fetchedAt = now().toISOString()
        entries.delete(key)
        entries.set(key, { value, fetchedAt })
        while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        save()
        return { value, stale: false, fetchedAt }
      } catch (error) {
        const appError = AppError.from(error)
        if (!isUnreachable(appError)) throw appError
        options.onUnreachable?.(appError)
        const entry = entries.get(key)
        if (!entry) throw appError
        return { value: entry.value as T, stale: true, fetchedAt: entry.fetchedAt }
      }
    },
  }
}

function load(file: string): Map<string, Entry> {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>
    return new Map(Object.entries(raw).filter(([, e]) => e && typeof e.fetchedAt === 'string'))
  } catch {
    return new Map()
  }
}
