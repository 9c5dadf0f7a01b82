// The data folder as the host opens it, on a real folder: one that other users could read is made private and
// said once, with the key of its text, so the app says it in the person's language (it was English-only).
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../../../main/core/db/database'
import { openDataFolder } from '../../../main/host/data-folder'
import { silentLogger } from '../../../main/host/logging'

const unix = process.platform !== 'win32'
const roots: string[] = []

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe.skipIf(!unix)('the data folder opened by the host (Linux, macOS: Windows has no such modes)', () => {
  it('says a folder made private with the key of its text, and nothing at the next open', () => {
    const root = mkdtempSync(join(tmpdir(), 'data-folder-'))
    roots.push(root)
    const dataDir = join(root, 'data')
    mkdirSync(dataDir)
    chmodSync(dataDir, 0o755)
    writeFileSync(join(dataDir, DATABASE_FILE), '', { mode: 0o644 })

    const first = openDataFolder(dataDir, silentLogger)
    first.database.close()
    expect(first.startupNotices).toEqual([
      {
        message: expect.stringContaining('it is now readable by you alone'),
        key: 'data.madePrivate',
        params: { folder: dataDir },
      },
    ])

    const next = openDataFolder(dataDir, silentLogger)
    next.database.close()
    expect(next.startupNotices).toEqual([])
  })
})
