// kill -9 in the middle of the old drafts file's import and in the middle of a transaction of the drafts
// store: a real child process, stopped by SIGKILL at a known point inside its open transaction (it says so
// and then blocks), then the folder opened again. Nothing of the killed transaction is kept, nothing is lost,
// and the import done again on reopen doubles nothing.
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeStores, openStoreAt } from '../../support/draft-store'
import { sampleDraft } from '../../unit/core/drafts/helpers'
import { tempFolder } from './helpers'
import { sqlOf } from '../../../main/core/db/handle'
import { killedAtMid as killedAtMidOf, repoModule } from '../../support/killed-at-mid'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('kill-mid-'))
})
afterEach(async () => {
  closeStores()
  await cleanup()
})

/** Runs `body` in a child with `database` and `store` open on `dir`; kills it once it writes "mid". */
async function killedAtMid(body: string): Promise<void> {
  await killedAtMidOf(`
    const { openDatabase } = await import(${repoModule('main/core/db/database.ts')})
    const { openDraftStore } = await import(${repoModule('main/core/drafts/draft-store.ts')})
    const { sqlOf } = await import(${repoModule('main/core/db/handle.ts')})
    const dir = ${JSON.stringify(dir)}
    const database = openDatabase({ file: dir + '/mediadeck.db' })
    ${body}`)
}

const DRAFTS = 2_000

describe('kill -9', () => {
  it('during the import of drafts.json: the reopen imports it once, whole', async () => {
    const file = path.join(dir, 'drafts.json')
    const drafts = Array.from({ length: DRAFTS }, (_, i) => sampleDraft({ id: `d${i}` }))
    await writeFile(file, JSON.stringify({ schemaVersion: 4, drafts, sends: {}, lastSyncAt: null }))
    // Every draft row is written in the import's transaction; the kill lands before its `imports` row.
    await killedAtMid(`
      const db = sqlOf(database)
      const prepare = db.prepare.bind(db)
      db.prepare = (sql) => {
        if (sql.includes('INSERT INTO imports')) mid()
        return prepare(sql)
      }
      await openDraftStore(database, { dataDir: dir })`)
    expect(existsSync(file)).toBe(true)

    const store = await openStoreAt(file)
    expect(store.list()).toHaveLength(DRAFTS)
    const count = (sql: string) => (sqlOf(store.database).prepare(sql).get() as { n: number }).n
    expect(count('SELECT count(*) AS n FROM drafts')).toBe(DRAFTS)
    expect(count("SELECT count(*) AS n FROM imports WHERE name = 'drafts.json'")).toBe(1)
    expect(existsSync(`${file}.pre-db`)).toBe(true)
    // And once more: nothing doubled.
    expect((await openStoreAt(file)).list()).toHaveLength(DRAFTS)
  }, 60_000)

  it('during a transaction of the drafts store: nothing of it is kept, and what was saved before stays', async () => {
    const file = path.join(dir, 'drafts.json')
    const before = await openStoreAt(file)
    before.put(sampleDraft({ id: 'kept', status: 'queued' }))
    closeStores()
    await killedAtMid(`
      const store = await openDraftStore(database, { dataDir: dir })
      const base = store.get('kept')
      database.transaction(() => {
        store.update(base, { status: 'draft' }, new Date())
        store.putMany(Array.from({ length: ${DRAFTS} }, (_, i) => ({ ...base, id: 'new' + i })))
        mid()
      })`)

    const after = await openStoreAt(file)
    expect(after.list().map((d) => [d.id, d.status])).toEqual([['kept', 'queued']])
    // The database is whole and takes writes again.
    expect(sqlOf(after.database).prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
    after.put(sampleDraft({ id: 'later' }))
    expect((await openStoreAt(file)).list()).toHaveLength(2)
  }, 60_000)
})
