// The offline cache over a real database: a fresh answer is kept per profile with when it was fetched, and
// answers stale while the service is unreachable; the old per-profile file is imported once.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { createOfflineCache } from '../../../../main/core/connection/offline-cache'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../../main/core/db/database'

let dir: string
let database: AppDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'offline-cache-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const offline = async (): Promise<never> => {
  throw new AppError({ kind: 'offline', message: 'offline' })
}

describe('offline cache', () => {
  it('answers the last copy as stale while unreachable, per profile, across a reopen', async () => {
    const at = new Date('2026-11-26T10:00:00Z')
    const a = createOfflineCache({ database, profileId: 'a', now: () => at })
    expect(await a.run('accounts', async () => ['x'])).toEqual({
      value: ['x'],
      stale: false,
      fetchedAt: at.toISOString(),
    })
    const reopened = createOfflineCache({
      database: openDatabase({ file: join(dir, DATABASE_FILE) }),
      profileId: 'a',
    })
    expect(await reopened.run('accounts', offline)).toEqual({
      value: ['x'],
      stale: true,
      fetchedAt: at.toISOString(),
    })
    // Another profile's copy is not this one's.
    await expect(
      createOfflineCache({ database, profileId: 'b' }).run('accounts', offline),
    ).rejects.toMatchObject({
      kind: 'offline',
    })
  })

  it('imports the old file of the profile once', async () => {
    const legacyFile = join(dir, 'a.json')
    writeFileSync(
      legacyFile,
      JSON.stringify({ accounts: { value: [1], fetchedAt: '2026-01-01T00:00:00.000Z' } }),
    )
    const cache = createOfflineCache({ database, profileId: 'a', legacyFile })
    expect(await cache.run('accounts', offline)).toMatchObject({ value: [1], stale: true })
    expect(existsSync(`${legacyFile}.pre-db`)).toBe(true)
    createOfflineCache({ database, profileId: 'a', legacyFile })
    expect(database.db.prepare('SELECT count(*) AS n FROM offline_cache').get()).toEqual({ n: 1 })
  })
})
