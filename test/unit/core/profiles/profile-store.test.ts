// Profile secrets: encrypted with safeStorage before they reach the store, read back after a restart; where
// encryption is unavailable, kept for the session only and never written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => {
  // A reversible stand-in for the OS keychain: XOR with a key, so ciphertext never contains the plain text.
  const key = 0x5a
  const flip = (b: Buffer) => Buffer.from(b.map((x) => x ^ key))
  return {
    safeStorage: {
      available: true,
      backend: 'gnome_libsecret',
      isEncryptionAvailable: vi.fn(() => electron.safeStorage.available),
      getSelectedStorageBackend: vi.fn(() => electron.safeStorage.backend),
      encryptString: vi.fn((plain: string) => Buffer.concat([Buffer.from('v10'), flip(Buffer.from(plain))])),
      decryptString: vi.fn((cipher: Buffer) => flip(cipher.subarray(3)).toString()),
    },
  }
})
vi.mock('electron', () => electron)

const { safeStorage } = await import('electron')
const { createSafeStorageCipher } = await import('../../../../main/core/profiles/secret-cipher')
const { createProfileStore } = await import('../../../../main/core/profiles/profile-store')
const { openAppStore } = await import('../../../../main/core/settings/app-store')
const { createConfBackend } = await import('../../../../main/core/settings/conf-backend')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  electron.safeStorage.available = true
  electron.safeStorage.backend = 'gnome_libsecret'
})

function open(dir: string) {
  const store = openAppStore(createConfBackend(dir))
  return {
    store,
    profiles: createProfileStore({ store, cipher: createSafeStorageCipher(safeStorage, 'linux') }),
  }
}

const input = {
  name: 'Shop',
  baseUrl: 'https://api.repliz.com',
  accessKey: 'ak-123',
  secretKey: 'sk-very-secret-456',
}

describe('profile store', () => {
  it('encrypts the secret at rest and reads it back after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const first = open(dir)
    const view = first.profiles.save(input)
    expect(view).toMatchObject({ kind: 'service', hasSecret: true, secretStorage: 'encrypted' })
    expect(view).not.toHaveProperty('secretKey')

    const onDisk = readFileSync(first.store.path, 'utf8')
    expect(onDisk).not.toContain('sk-very-secret-456')
    expect(onDisk).toContain('encryptedSecret')

    const second = open(dir)
    expect(second.profiles.get(view.id)).toEqual({ id: view.id, ...input })
  })

  it('keeps the stored secret when an edit leaves it out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const { profiles } = open(dir)
    const view = profiles.save(input)
    profiles.save({ id: view.id, name: 'Renamed', baseUrl: input.baseUrl, accessKey: 'ak-2' })
    expect(profiles.get(view.id)).toMatchObject({
      name: 'Renamed',
      accessKey: 'ak-2',
      secretKey: input.secretKey,
    })
  })

  it('does not move the stored secret to another server unless it is typed again', () => {
    for (const available of [true, false]) {
      electron.safeStorage.available = available
      const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
      dirs.push(dir)
      const { profiles } = open(dir)
      const view = profiles.save(input)
      expect(() =>
        profiles.save({
          id: view.id,
          name: 'Shop',
          baseUrl: 'https://attacker.example',
          accessKey: 'ak-123',
        }),
      ).toThrow(expect.objectContaining({ kind: 'validation', field: 'secretKey' }))
      expect(profiles.get(view.id)).toMatchObject({ baseUrl: input.baseUrl, secretKey: input.secretKey })
      // Same server, another path: the secret stays.
      profiles.save({ id: view.id, name: 'Shop', baseUrl: `${input.baseUrl}/v2`, accessKey: 'ak-123' })
      expect(profiles.get(view.id)?.secretKey).toBe(input.secretKey)
      // Typed again: it moves.
      profiles.save({ ...input, id: view.id, baseUrl: 'https://other.example' })
      expect(profiles.get(view.id)).toMatchObject({
        baseUrl: 'https://other.example',
        secretKey: input.secretKey,
      })
    }
  })

  it('keeps the secret for the session only where encryption is unavailable', () => {
    electron.safeStorage.available = false
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const first = open(dir)
    expect(first.profiles.encryptionAvailable).toBe(false)
    const view = first.profiles.save(input)
    expect(view.secretStorage).toBe('session')
    expect(first.profiles.get(view.id)?.secretKey).toBe(input.secretKey)
    expect(readFileSync(first.store.path, 'utf8')).not.toContain(input.secretKey)

    const second = open(dir)
    expect(second.profiles.get(view.id)?.secretKey).toBeNull()
    expect(second.profiles.views()[0]).toMatchObject({ hasSecret: false, secretStorage: 'none' })
  })

  it("does not call Linux's basic_text backend encryption", () => {
    electron.safeStorage.backend = 'basic_text'
    expect(createSafeStorageCipher(safeStorage, 'linux').available).toBe(false)
    expect(createSafeStorageCipher(safeStorage, 'darwin').available).toBe(true)
  })

  it('refuses to edit the built-in Sandbox and moves the active profile back to it on delete', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const { profiles } = open(dir)
    expect(() => profiles.save({ ...input, id: 'sandbox' })).toThrow(/Sandbox/)
    const view = profiles.save(input)
    profiles.setActiveId(view.id)
    profiles.delete(view.id)
    expect(profiles.activeId()).toBe('sandbox')
    expect(profiles.views()).toEqual([])
  })

  it('records the account an edit leaves in the same write, until its work has ended', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const { profiles } = open(dir)
    const view = profiles.save(input)
    // A rename names the same account: nothing to end.
    profiles.save({ id: view.id, ...input, name: 'Shop 2' })
    expect(profiles.unfinishedEnds()).toEqual([])

    profiles.save({ id: view.id, ...input, accessKey: 'ak-rotated' })
    const former = { baseUrl: input.baseUrl, accessKey: input.accessKey }
    // Read back as another process (the next open) would: the record is on disk with the new key.
    const next = open(dir).profiles
    expect(next.get(view.id)).toMatchObject({ accessKey: 'ak-rotated' })
    expect(next.get(view.id)).not.toHaveProperty('formerAccount')
    expect(next.unfinishedEnds()).toEqual([{ profileId: view.id, kind: 'account', formerAccount: former }])
    // A second edit before the first one's work ended keeps the first account named.
    next.save({ id: view.id, ...input, accessKey: 'ak-third' })
    expect(next.unfinishedEnds()).toEqual([{ profileId: view.id, kind: 'account', formerAccount: former }])

    next.accountEnded(view.id)
    expect(open(dir).profiles.unfinishedEnds()).toEqual([])
    expect(open(dir).profiles.get(view.id)).toMatchObject({ accessKey: 'ak-third' })
  })

  it('hides a profile whose delete began, refuses to edit it, and names it until it is removed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const { profiles } = open(dir)
    const view = profiles.save(input)
    const kept = profiles.save({ ...input, name: 'Kept' })
    profiles.beginDelete(view.id)

    const next = open(dir).profiles
    expect(next.views().map((p) => p.id)).toEqual([kept.id])
    expect(next.unfinishedEnds()).toEqual([{ profileId: view.id, kind: 'delete' }])
    expect(() => next.save({ id: view.id, ...input })).toThrow(/not found/)
    next.delete(view.id)
    expect(next.unfinishedEnds()).toEqual([])
    expect(next.views().map((p) => p.id)).toEqual([kept.id])
  })

  it('drops a damaged end record, never the profiles with it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    dirs.push(dir)
    const { store, profiles } = open(dir)
    const view = profiles.save(input)
    store.update('profiles', (list) =>
      list.map((p) => ({ ...p, formerAccount: 'not an account', deleting: 'yes' }) as never),
    )
    const next = open(dir).profiles
    expect(next.views().map((p) => p.id)).toEqual([view.id])
    expect(next.unfinishedEnds()).toEqual([])
  })
})
