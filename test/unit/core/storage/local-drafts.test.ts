// The doctor's read of the drafts: every profile's drafts in the data folder's database, read afresh.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readLocalDrafts } from '../../../../main/core/storage/local-drafts'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import { sampleDraft } from '../drafts/helpers'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'doctor-drafts-'))
})
afterEach(() => {
  closeStores()
  rmSync(dir, { recursive: true, force: true })
})

describe('readLocalDrafts', () => {
  it("answers no drafts on a new folder, and every profile's drafts, as saved a moment ago, after", async () => {
    const store = await openStoreAt(join(dir, 'drafts.json'))
    expect(await readLocalDrafts(store.database)).toEqual([])
    store.put(sampleDraft({ id: 'a', profileId: 'one' }))
    const other = await openStoreAt(join(dir, 'drafts.json'))
    other.put(sampleDraft({ id: 'b', profileId: 'two' }))
    const ids = (await readLocalDrafts(store.database)).map((d) => (d as { id: string }).id)
    expect(ids.sort()).toEqual(['a', 'b'])
  })
})
