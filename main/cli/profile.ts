// Where the CLI gets its credentials and data directory: the environment variables of the docs/design.md contract,
// or the profile the desktop app saved under the data dir (./saved-profile.ts). The CLI takes a resolver, so
// tests and other hosts can plug in their own.
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { ServiceCredentials } from '../core/service-client'
import { UsageError } from './args'

export interface CliProfile extends ServiceCredentials {
  dataDir: string
}

/** Resolves the active profile; throws UsageError when nothing is configured. */
export type ProfileResolver = (env: NodeJS.ProcessEnv) => Promise<CliProfile>

/** The data dir Electron's `app.getPath('userData')` gives for productName Mediadeck, so app and CLI agree. */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (env.MEDIADECK_DATA_DIR) return env.MEDIADECK_DATA_DIR
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Mediadeck')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Mediadeck')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Mediadeck')
}

/**
 * The environment names part of an identity (a base URL without an access key, or keys without their secret):
 * the saved profile's secret must not be sent to another service or for another key, so the run stops (exit
 * 2) instead of filling the gaps from it.
 */
export class IncompleteIdentityError extends UsageError {}

export const envProfileResolver: ProfileResolver = async (env) => {
  const missing = ['MEDIADECK_BASE_URL', 'MEDIADECK_ACCESS_KEY', 'MEDIADECK_SECRET_KEY'].filter(
    (k) => !env[k],
  )
  const named = ['MEDIADECK_BASE_URL', 'MEDIADECK_ACCESS_KEY'].filter((k) => env[k])
  if (named.length > 0 && missing.length > 0) {
    throw new IncompleteIdentityError(
      `${named.join(' and ')} ${named.length > 1 ? 'are' : 'is'} set without ${missing.join(', ')}: ` +
        'set all three to use another account, or none of the first two to use the saved profile',
      { showUsage: false },
    )
  }
  if (missing.length > 0) {
    throw new UsageError(`no profile: set ${missing.join(', ')} (or save a profile in the app)`, {
      showUsage: false,
    })
  }
  return {
    baseUrl: env.MEDIADECK_BASE_URL!,
    accessKey: env.MEDIADECK_ACCESS_KEY!,
    secretKey: env.MEDIADECK_SECRET_KEY!,
    dataDir: defaultDataDir(env),
  }
}

/** Tries each resolver in turn; the first that does not throw a UsageError wins. */
export function firstProfile(...resolvers: ProfileResolver[]): ProfileResolver {
  return async (env) => {
    let last: unknown
    for (const resolve of resolvers) {
      try {
        return await resolve(env)
      } catch (error) {
        if (!(error instanceof UsageError) || error instanceof IncompleteIdentityError) throw error
        last = error
      }
    }
    throw last ?? new UsageError('no profile configured')
  }
}
