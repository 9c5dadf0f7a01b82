// Profiles: the built-in Sandbox first, then the service profiles. Secrets never leave main: the renderer
// sees `hasSecret` and where it is kept.
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import type { ConnectionTestResult, ProfilesState, ProfileView } from '../../common/app-state'
import { AppError } from '../../common/errors'
import { kindAndStatusOnly, testConnection } from '../core/connection/connection-test'
import { normaliseBaseUrl } from '../core/http/base-url'
import type { HostDeps } from './host-deps'
import type { HandlerGroup } from './types'
import { errorReason } from '../../common/messages/index'

type ProfileCall =
  | 'profiles:list'
  | 'profiles:save'
  | 'profiles:delete'
  | 'profiles:held-work'
  | 'profiles:activate'
  | 'profiles:test'

/** What these handlers use of the host, and all they are given (main/handlers/index.ts). */
export const PROFILE_HANDLER_NEEDS = [
  'activate',
  'emit',
  'network',
  'profileWork',
  'profiles',
  'refreshActive',
  'sandbox',
] as const
export type ProfileHandlerDeps = Pick<HostDeps, (typeof PROFILE_HANDLER_NEEDS)[number]>

export function sandboxProfileView(deps: Pick<HostDeps, 'sandbox'>): ProfileView {
  return {
    id: SANDBOX_PROFILE_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    baseUrl: deps.sandbox.running ? deps.sandbox.url : '',
    accessKey: deps.sandbox.credentials.accessKey,
    // The demo keys are built in, not the user's: nothing to encrypt, and nothing lost on quit.
    hasSecret: true,
    secretStorage: 'session',
  }
}

export function profilesState(deps: Pick<HostDeps, 'sandbox' | 'profiles'>): ProfilesState {
  return {
    profiles: [sandboxProfileView(deps), ...deps.profiles.views()],
    activeId: deps.profiles.activeId(),
    encryptionAvailable: deps.profiles.encryptionAvailable,
    secretKeeping: deps.profiles.secretKeeping,
  }
}

export function createProfileHandlers(deps: ProfileHandlerDeps): HandlerGroup<ProfileCall> {
  const changed = (): ProfilesState => {
    const state = profilesState(deps)
    deps.emit('profiles:changed', state)
    return state
  }
  return {
    'profiles:list': async () => profilesState(deps),
    'profiles:save': async (input) => {
      const before = input.id === undefined ? undefined : deps.profiles.get(input.id)
      // The save records the old account with the new one when they differ (profile-store.ts): killed before
      // the lines below end its work, the next open ends it (main/host/profile-ending.ts).
      const view = deps.profiles.save(input)
      const after = deps.profiles.get(view.id)
      // Only a change of address or keys needs a new client (and restarts the upload queue); a rename does not.
      // Another address or access key is another account, whether the profile is the active one or not: the
      // work begun for the old one ends there (uploads cancelled, replies and copies gone), none reaches it.
      const accountChanged =
        before !== undefined && (before.baseUrl !== after?.baseUrl || before.accessKey !== after?.accessKey)
      if (accountChanged) {
        await deps.profileWork.accountChanged(view.id, before)
        deps.profiles.accountEnded(view.id)
      }
      const reconnect = accountChanged || before?.secretKey !== after?.secretKey
      if (view.id === deps.profiles.activeId() && reconnect) await deps.refreshActive()
      changed()
      return view
    },
    'profiles:delete': async ({ id }) => {
      if (id === SANDBOX_PROFILE_ID) {
        throw new AppError({
          kind: 'validation',
          field: 'id',
          ...errorReason('profile-builtin'),
          message: 'the built-in Sandbox cannot be deleted',
        })
      }
      const profile = deps.profiles.get(id)
      if (!profile) {
        // Not a profile (any more): the store says so.
        deps.profiles.delete(id)
        return changed()
      }
      // Off the screen first, so that nothing new is queued for it; then marked as being deleted (hidden from
      // every list, in the file other processes read); then its work ends on its account (uploads cancelled,
      // their pending files deleted) and leaves the data folder; then the profile itself. Killed after the
      // mark, the next open finishes the delete: what is left is all of the profile or none of it.
      if (deps.profiles.activeId() === id) await deps.activate(SANDBOX_PROFILE_ID)
      deps.profiles.beginDelete(id)
      await deps.profileWork.deleted(id, profile)
      // Another host opened on this folder meanwhile finishes a delete it finds begun (profile-ending.ts).
      if (deps.profiles.get(id)) deps.profiles.delete(id)
      return changed()
    },
    'profiles:held-work': async ({ id }) => deps.profileWork.count(id),
    'profiles:activate': async ({ id }) => {
      await deps.activate(id)
      return profilesState(deps)
    },
    'profiles:test': async (request): Promise<ConnectionTestResult> => {
      if ('id' in request) {
        if (request.id === SANDBOX_PROFILE_ID) {
          await deps.sandbox.start()
          return testConnection({ baseUrl: deps.sandbox.url, ...deps.sandbox.credentials })
        }
        const profile = deps.profiles.get(request.id)
        if (!profile)
          throw new AppError({
            kind: 'not-found',
            ...errorReason('profile-not-found'),
            message: 'profile not found',
          })
        if (!profile.secretKey) {
          throw new AppError({
            kind: 'validation',
            field: 'secretKey',
            ...errorReason('secret-required'),
            message: 'enter the secret key again',
          })
        }
        return testConnection(
          { baseUrl: profile.baseUrl, accessKey: profile.accessKey, secretKey: profile.secretKey },
          deps.network,
        )
      }
      // An address typed but not saved may be anything the page names, another service on this machine
      // included: its answer's body (an error page, a JSON message) is not handed to the page, only what kind of
      // failure it was and the HTTP status. A saved profile's address is the person's own service.
      const result = await testConnection(request, deps.network)
      return isSavedBaseUrl(deps, request.baseUrl) ? result : kindAndStatusOnly(result)
    },
  }
}

/** Whether `baseUrl` is, once normalised, the address of a profile the person saved. */
function isSavedBaseUrl(deps: Pick<HostDeps, 'profiles'>, baseUrl: string): boolean {
  const normal = (url: string): string | undefined => {
    try {
      return normaliseBaseUrl(url)
    } catch {
      return undefined
    }
  }
  const wanted = normal(baseUrl)
  return wanted !== undefined && deps.profiles.views().some((view) => normal(view.baseUrl) === wanted)
}
