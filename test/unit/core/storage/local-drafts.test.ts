// The doctor's read of the drafts file: every profile's drafts, the backup in a write's crash window, a failure
// (never "no drafts") when nothing can be read, and no write of any kind.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readLocalDrafts } from '../../../../main/core/storage/local-drafts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'doctor-drafts-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const doc = (ids: string[]) =>
  JSON.stringify({ schemaVersion: 1, drafts: ids.map((id) => ({ id, profileId: id, status: 'draft' })) })

describe('readLocalDrafts', () => {
  it('answers no drafts when there is no file, and every profile’s drafts when there is', async () => {
    const path = join(dir, 'drafts.json')
    expect(await readLocalDrafts(path)).toEqual([])
    writeFileSync(path, doc(['a', 'b']))
    expect((await readLocalDrafts(path)).map((d) => (d as { id: string }).id)).toEqual(['a', 'b'])
  })

  it('takes the backup when the main file is missing or broken, and writes nothing', async () => {
    const path = join(dir, 'drafts.json')
    writeFileSync(`${path}.bak`, doc(['kept']))
    expect(await readLocalDrafts(path)).toHaveLength(1)
    writeFileSync(path, '{"drafts": [')
    expect(await readLocalDrafts(path)).toHaveLength(1)
    expect(readdirSync(dir).sort()).toEqual(['drafts.json', 'drafts.json.bak'])
  })

  it('fails when neither copy can be read', async () => {
    const path = join(dir, 'drafts.json')
    writeFileSync(path, 'not json')
    await expect(readLocalDrafts(path)).rejects.toThrow(/no stored file can be called unused/)
  })
})
