// Service profiles: name, base URL, access key and secret key. The secret is encrypted with the SecretCipher
// before it reaches the store; where the cipher is unavailable it stays in this process's memory only.
// The built-in Sandbox profile is not stored: it is always there and always first.
import { randomUUID } from 'node:crypto'
import { SANDBOX_PROFILE_ID } from '../../../common/app-state'
import type { ProfilesState, ProfileView } from '../../../common/app-state'
import { AppError } from '../../../common/errors'
import type { AppStore, StoredProfile } from '../settings/app-store'
import type { SecretCipher } from './secret-cipher'
import type { SecretVault } from './secret-file'

export interface ProfileInput {
  id?: string
  name: string
  baseUrl: string
  accessKey: string
  /** Omitted on edit: keep the stored secret. */
  secretKey?: string
}

export interface ServiceProfile {
  id: string
  name: string
  baseUrl: string
  accessKey: string
  secretKey: string | null
}

export interface ProfileStore {
  readonly encryptionAvailable: boolean
  /** How a saved secret is kept at rest: see ProfilesState.secretKeeping. */
  readonly secretKeeping: ProfilesState['secretKeeping']
  views(): ProfileView[]
  /** The stored profile with its secret (null when lost: a session-only secret after a restart). */
  get(id: string): ServiceProfile | undefined
  save(input: ProfileInput): ProfileView
  delete(id: string): void
  /** Hides the profile and records that its delete began, before its work ends (see `unfinishedEnds`). */
  beginDelete(id: string): void
  /** The old account's work of an edit has ended: the record written with the edit goes. */
  accountEnded(id: string): void
  /** The deletes and account edits whose work a kill (or a failure) left unfinished, as recorded. */
  unfinishedEnds(): UnfinishedEnd[]
  activeId(): string
  setActiveId(id: string): void
}

/**
 * A profile's end of work recorded in the same write as its cause: a delete begun, or an edit that named
 * another account (the one it named before). What a kill left undone there is finished at the next open.
 */
export type UnfinishedEnd =
  | { profileId: string; kind: 'delete' }
  | { profileId: string; kind: 'account'; formerAccount: { baseUrl: string; accessKey: string } }

export interface ProfileStoreOptions {
  store: AppStore
  cipher: SecretCipher
  /**
   * Where secrets are kept when the cipher is unavailable (the browser mode: a file only the user can read).
   * Without one they live in this process's memory for the session only.
   */
  vault?: SecretVault
  /** Called with every secret the store learns, so logs can redact it. */
  onSecret?: (secret: string) => void
}

export function createProfileStore({ store, cipher, vault, onSecret }: ProfileStoreOptions): ProfileStore {
  const sessionSecrets = new Map<string, string>()
  const list = (): StoredProfile[] => store.get('profiles')

  function secretOf(profile: StoredProfile): string | null {
    const session = sessionSecrets.get(profile.id)
    if (session !== undefined) return session
    const kept = cipher.available ? undefined : vault?.get(profile.id)
    if (kept !== undefined) {
      onSecret?.(kept)
      return kept
    }
    if (profile.encryptedSecret === undefined) return null
    try {
      const secret = cipher.decrypt(profile.encryptedSecret)
      onSecret?.(secret)
      return secret
    } catch {
      // A secret encrypted under another OS user or keyring cannot be read back: ask for it again.
      return null
    }
  }

  function view(profile: StoredProfile): ProfileView {
    const hasStored = profile.encryptedSecret !== undefined
    const hasSession = sessionSecrets.has(profile.id)
    const hasFile = !cipher.available && vault?.get(profile.id) !== undefined
    return {
      id: profile.id,
      name: profile.name,
      kind: 'service',
      baseUrl: profile.baseUrl,
      accessKey: profile.accessKey,
      hasSecret: hasStored || hasSession || hasFile,
      secretStorage: hasSession ? 'session' : hasStored ? 'encrypted' : hasFile ? 'file' : 'none',
    }
  }

  return {
    encryptionAvailable: cipher.available,
    secretKeeping: cipher.available ? 'encrypted' : vault ? 'file' : 'session',
    views: () =>
      list()
        .filter((profile) => !profile.deleting)
        .map(view),
    get(id) {
      const profile = list().find((p) => p.id === id)
      if (!profile) return undefined
      const { id: _id, name, baseUrl, accessKey } = profile
      return { id, name, baseUrl, accessKey, secretKey: secretOf(profile) }
    },
    save(input) {
      if (input.id === SANDBOX_PROFILE_ID) {
        throw new AppError({
          kind: 'validation',
          field: 'id',
          message: 'the built-in Sandbox cannot be edited',
        })
      }
      // Read, changed and written under the data folder's lock, from the file as it is now: a profile another
      // process (the browser mode beside the app) saved a moment ago is kept, not overwritten by our copy.
      return store.exclusive(() => {
        let saved: StoredProfile | undefined
        store.update('profiles', (profiles) => {
          const existing = input.id === undefined ? undefined : profiles.find((p) => p.id === input.id)
          if (input.id !== undefined && (!existing || existing.deleting)) {
            throw new AppError({ kind: 'not-found', message: 'profile not found' })
          }
          // The stored secret goes only where it went before: moving a profile to another server takes the
          // secret typed again, or a compromised page could send it anywhere in a Basic auth header without
          // ever reading it.
          if (
            existing &&
            input.secretKey === undefined &&
            originOf(input.baseUrl) !== originOf(existing.baseUrl)
          ) {
            throw new AppError({
              kind: 'validation',
              field: 'secretKey',
              message: 'enter the secret key again to use it with a new server address',
            })
          }
          const next: StoredProfile = {
            id: existing?.id ?? randomUUID(),
            name: input.name,
            baseUrl: input.baseUrl,
            accessKey: input.accessKey,
          }
          // Another account: the one named before is recorded in this same write, so that its work here ends
          // even when the process dies before it ended it. An earlier one not ended yet is kept (the work of
          // both is the profile's rows).
          const accountChanged =
            existing !== undefined &&
            (existing.baseUrl !== next.baseUrl || existing.accessKey !== next.accessKey)
          const formerAccount =
            existing?.formerAccount ??
            (accountChanged ? { baseUrl: existing.baseUrl, accessKey: existing.accessKey } : undefined)
          if (formerAccount) next.formerAccount = formerAccount
          if (input.secretKey !== undefined) {
            onSecret?.(input.secretKey)
            if (cipher.available) {
              next.encryptedSecret = cipher.encrypt(input.secretKey)
              sessionSecrets.delete(next.id)
            } else if (vault) {
              vault.set(next.id, input.secretKey)
              sessionSecrets.delete(next.id)
            } else {
              sessionSecrets.set(next.id, input.secretKey)
            }
          } else if (existing?.encryptedSecret !== undefined) {
            next.encryptedSecret = existing.encryptedSecret
          }
          saved = next
          return existing ? profiles.map((p) => (p.id === next.id ? next : p)) : [...profiles, next]
        })
        return view(saved!)
      })
    },
    delete(id) {
      store.exclusive(() => {
        store.update('profiles', (profiles) => {
          if (!profiles.some((p) => p.id === id))
            throw new AppError({ kind: 'not-found', message: 'profile not found' })
          return profiles.filter((p) => p.id !== id)
        })
        sessionSecrets.delete(id)
        if (!cipher.available) vault?.delete(id)
        if (store.get('activeProfileId') === id) store.set('activeProfileId', SANDBOX_PROFILE_ID)
      })
    },
    beginDelete(id) {
      store.update('profiles', (profiles) =>
        profiles.map((p) => (p.id === id ? { ...p, deleting: true as const } : p)),
      )
    },
    accountEnded(id) {
      store.update('profiles', (profiles) =>
        profiles.map((p) => {
          if (p.id !== id || !p.formerAccount) return p
          const { formerAccount: _ended, ...rest } = p
          return rest
        }),
      )
    },
    unfinishedEnds: () =>
      list().flatMap((p): UnfinishedEnd[] => {
        if (p.deleting) return [{ profileId: p.id, kind: 'delete' }]
        if (p.formerAccount) return [{ profileId: p.id, kind: 'account', formerAccount: p.formerAccount }]
        return []
      }),
    activeId: () => store.get('activeProfileId'),
    setActiveId: (id) => store.set('activeProfileId', id),
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}
