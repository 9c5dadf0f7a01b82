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

export const envProfileResolver: ProfileResolver = async (env) => {
  const missing = ['MEDIADECK_BASE_URL', 'MEDIADECK_ACCESS_KEY', 'MEDIADECK_SECRET_KEY'].filter(
    (k) => !env[k],
  )
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
        if (!(error instanceof UsageError)) throw error
        last = error
      }
    }
    throw last ?? new UsageError('no profile configured')
  }
}
