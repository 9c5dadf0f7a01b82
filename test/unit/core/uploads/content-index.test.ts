// The content index in a real database on disk: it is the account's (its identity), and the rows a queue kept
// under its own name before (the app's profile) move into the account's scope when that queue opens, so the
// files the app stored before are found by the CLI of the same account too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { sqlOf } from '../../../../main/core/db/handle'
import { openContentIndex, type StoredContent } from '../../../../main/core/uploads/content-index'

let dir: string
let database: AppDatabase
const warnings: string[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-index-'))
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  warnings.length = 0
})
afterEach(() => {
  database.close()
  rmSync(dir, { recursive: true, force: true })
})

const file = (fileId: string, size = 1000): StoredContent => ({
  fileId,
  size,
  key: `uploads/${fileId}.bin`,
  url: `http://storage.test/uploads/${fileId}.bin`,
})
const open = (scope: string, adoptScope?: string) =>
  openContentIndex({ database, scope, adoptScope, warn: (m) => warnings.push(m) })
const scopes = () =>
  sqlOf(database).prepare('SELECT scope, file_id FROM content_index ORDER BY file_id').all() as Array<{
    scope: string
    file_id: string
  }>

describe('the content index, one per account', () => {
  it("takes the rows a queue kept under its own name into its account's scope", async () => {
    // Kept by the app's queue before the index was the account's.
    await open('profile-1').remember(file('a'))
    await open('profile-1').remember(file('b'))

    const index = open('cli-0123456789abcdef', 'profile-1')

    expect((await index.sameSize(1000)).map((f) => f.fileId).sort()).toEqual(['a', 'b'])
    expect(scopes()).toEqual([
      { scope: 'cli-0123456789abcdef', file_id: 'a' },
      { scope: 'cli-0123456789abcdef', file_id: 'b' },
    ])
    expect(warnings).toEqual([])
  })

  it('a file the account already holds stays once', async () => {
    await open('cli-0123456789abcdef').remember({ ...file('a'), sha256: 'f'.repeat(64) })
    await open('profile-1').remember(file('a'))

    const index = open('cli-0123456789abcdef', 'profile-1')

    expect(await index.sameSize(1000)).toEqual([{ ...file('a'), sha256: 'f'.repeat(64) }])
    expect(scopes()).toEqual([{ scope: 'cli-0123456789abcdef', file_id: 'a' }])
  })

  it("another account's rows are not taken", async () => {
    await open('cli-aaaaaaaaaaaaaaaa').remember(file('theirs'))

    const index = open('cli-0123456789abcdef', 'profile-1')

    expect(await index.sameSize(1000)).toEqual([])
    expect(scopes()).toEqual([{ scope: 'cli-aaaaaaaaaaaaaaaa', file_id: 'theirs' }])
  })
})
