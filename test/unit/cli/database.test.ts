import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { openCliDatabase } from '../../../main/cli/database'

describe('openCliDatabase', () => {
  it('creates the database in a new data folder and says nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'mediadeck-cli-db-')), 'nested')
    const stderr = new PassThrough()
    openCliDatabase(dataDir, { stderr }).close()
    expect(existsSync(join(dataDir, 'mediadeck.db'))).toBe(true)
    expect(stderr.read()).toBeNull()
  })

  it('says in one stderr line that a damaged database was set aside', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-db-'))
    writeFileSync(join(dataDir, 'mediadeck.db'), 'torn'.repeat(1000))
    const stderr = new PassThrough()
    openCliDatabase(dataDir, { stderr }).close()
    const text = String(stderr.read())
    expect(text.trim().split('\n')).toHaveLength(1)
    expect(text).toMatch(
      /^mediadeck: The local database was damaged .* set aside as .*mediadeck\.db\.damaged-/,
    )
  })
})
