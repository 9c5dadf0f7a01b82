// Stored files' names by address, on a real database: the replica's copies of any library page read (the
// newest copy winning), then this data folder's own uploads asked of the service by id, a bounded number,
// an answer about another address refused, and a service out of reach leaving the key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page, StoredFile } from '../../../../common/service'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createReplica } from '../../../../main/core/replica/replica'
import { MAX_NAMES_ASKED, storedFileNames } from '../../../../main/core/storage/file-names'
import { openContentIndex, storedFileIdsOf } from '../../../../main/core/uploads/content-index'

let dir: string
let database: AppDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-names-'))
  database = openDatabase({ file: join(dir, DATABASE_FILE) })
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const url = (n: number) => `https://storage.example/uploads/u1/key-${n}.jpg`
const file = (n: number, filename: string) => ({ id: `f${n}`, url: url(n), filename }) as StoredFile
const page = (docs: StoredFile[]): Page<StoredFile> =>
  ({
    docs,
    totalDocs: docs.length,
    page: 1,
    limit: 100,
    totalPages: 1,
    hasNextPage: false,
  }) as Page<StoredFile>

describe('storedFileNames', () => {
  it('takes the names the replica copied from any page read, the newest copy first', async () => {
    let clock = new Date('2026-11-20T00:00:00.000Z')
    const replica = createReplica({ database, profileId: 'p1', identity: 'id-1', now: () => clock })
    await replica.list('files', { page: 3, limit: 100 }, async () => page([file(1, 'old name.jpg')]))
    clock = new Date('2026-11-21T00:00:00.000Z')
    await replica.list('files', { page: 1, limit: 20, search: 'pel' }, async () =>
      page([file(1, 'pelaminan.jpg'), file(2, 'akad.jpg')]),
    )
    // Another profile's copy is not this one's.
    expect(createReplica({ database, profileId: 'p2', identity: 'id-2' }).fileNames([url(1)])).toEqual(
      new Map(),
    )
    const names = await storedFileNames([url(1), url(2), url(3)], {
      copied: (urls) => replica.fileNames(urls),
      fileIdsOf: () => new Map(),
      getFile: () => Promise.reject(new Error('not asked')),
    })
    expect(names).toEqual({ [url(1)]: 'pelaminan.jpg', [url(2)]: 'akad.jpg' })
  })

  it('asks the service by id for this folder’s uploads, at most a bounded number, refusing another file', async () => {
    const index = openContentIndex({ database, scope: 's1', warn: () => undefined })
    for (let n = 1; n <= MAX_NAMES_ASKED + 5; n++)
      await index.remember({ fileId: `f${n}`, size: n, key: `k${n}`, url: url(n) })
    await index.settled()
    const asked: string[] = []
    const urls = Array.from({ length: MAX_NAMES_ASKED + 5 }, (_, i) => url(i + 1))
    const names = await storedFileNames(urls, {
      copied: () => new Map(),
      fileIdsOf: (wanted) => storedFileIdsOf(database, wanted),
      getFile: async (id) => {
        asked.push(id)
        if (id === 'f2') throw new Error('unreachable')
        // A hostile or confused answer: another address than the one asked for.
        if (id === 'f3') return file(99, 'not this one.jpg')
        return file(Number(id.slice(1)), `name ${id}.jpg`)
      },
    })
    expect(asked).toHaveLength(MAX_NAMES_ASKED)
    expect(names[url(1)]).toBe('name f1.jpg')
    expect(url(2) in names).toBe(false)
    expect(url(3) in names).toBe(false)
    expect(Object.keys(names)).toHaveLength(MAX_NAMES_ASKED - 2)
  })
})
