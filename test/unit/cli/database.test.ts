import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
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
    // Torn, but private as Mediadeck makes it: the one thing to say is the damage.
    writeFileSync(join(dataDir, 'mediadeck.db'), 'torn'.repeat(1000), { mode: 0o600 })
    const stderr = new PassThrough()
    openCliDatabase(dataDir, { stderr }).close()
    const text = String(stderr.read())
    expect(text.trim().split('\n')).toHaveLength(1)
    expect(text).toMatch(
      /^mediadeck: The local database was damaged .* set aside as .*mediadeck\.db\.damaged-/,
    )
  })

  // Skipped on Windows, which has no POSIX file modes (docs/security.md says what it does instead); runs on Linux
  // and macOS: here, and on the forge's ubuntu and macos runners.
  it.skipIf(process.platform === 'win32')(
    'says once, in one stderr line, that a data folder others could read is now private',
    () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'mediadeck-cli-db-')), 'data')
      mkdirSync(dataDir, { mode: 0o755 })
      chmodSync(dataDir, 0o755)
      const first = new PassThrough()
      openCliDatabase(dataDir, { stderr: first }).close()
      expect(String(first.read())).toBe(
        `mediadeck: Other users of this computer could read Mediadeck's data folder ${dataDir} (drafts, the ` +
          'copy of your accounts and posts, the upload history); it is now readable by you alone.\n',
      )
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      const second = new PassThrough()
      openCliDatabase(dataDir, { stderr: second }).close()
      expect(second.read()).toBeNull()
    },
  )
})
