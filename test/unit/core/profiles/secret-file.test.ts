import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SecretFileError, createOwnerOnlySecretFile } from '../../../../main/core/profiles/secret-file'

const folder = () => mkdtempSync(join(tmpdir(), 'secret-file-'))

describe('owner-only secret file', () => {
  it('keeps secrets across instances in a file only the owner can read or write', () => {
    const dir = folder()
    const file = join(dir, 'secrets.json')
    createOwnerOnlySecretFile(file).set('p1', 'sk-1')
    createOwnerOnlySecretFile(file).set('p2', 'sk-2')
    const again = createOwnerOnlySecretFile(file)
    expect(again.get('p1')).toBe('sk-1')
    expect(again.get('p2')).toBe('sk-2')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    again.delete('p1')
    expect(createOwnerOnlySecretFile(file).get('p1')).toBeUndefined()
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // Nothing is left behind by the writes.
    expect(readdirSync(dir)).toEqual(['secrets.json'])
  })

  it('a missing file holds nothing', () => {
    expect(createOwnerOnlySecretFile(join(folder(), 'secrets.json')).get('p1')).toBeUndefined()
  })

  it('a torn or foreign file is refused with a clear error and not overwritten', () => {
    const file = join(folder(), 'secrets.json')
    writeFileSync(file, '{"version":1,"secr', { mode: 0o600 })
    const vault = createOwnerOnlySecretFile(file)
    expect(() => vault.get('p1')).toThrow(SecretFileError)
    expect(() => vault.set('p1', 'sk')).toThrow(/cannot be read .* nothing was changed/)
    writeFileSync(file, JSON.stringify({ version: 1, secrets: { p1: 5 } }))
    expect(() => vault.get('p1')).toThrow(/not in the expected form/)
  })

  it.skipIf(process.platform === 'win32')(
    'a file other users can read is refused, with the chmod that fixes it, and not rewritten',
    () => {
      const file = join(folder(), 'secrets.json')
      const text = JSON.stringify({ version: 1, secrets: { p1: 'sk-1' } })
      writeFileSync(file, text)
      chmodSync(file, 0o644)
      const vault = createOwnerOnlySecretFile(file)
      expect(() => vault.get('p1')).toThrow(SecretFileError)
      expect(() => vault.get('p1')).toThrow(`can be read by other users (mode 0644), so it is not used`)
      expect(() => vault.set('p2', 'sk-2')).toThrow(`chmod 600 ${file}`)
      expect(readFileSync(file, 'utf8')).toBe(text)
      chmodSync(file, 0o600)
      expect(vault.get('p1')).toBe('sk-1')
    },
  )
})
