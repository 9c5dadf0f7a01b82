// The CLI's "or the saved profile" (docs/design.md, CLI contract): the active profile the desktop app saved in its
// store under the data dir (main/core/settings/app-store.ts, file `mediadeck.json`, written by electron-store or conf).
// The file is only read, never written: the app owns it, and may be running.
//
// MEDIADECK_SECRET_KEY alone completes the saved profile. A base URL or an access key in the environment is
// another identity, which the environment must then name whole (./profile.ts refuses a part of one): the saved
// secret is never sent to another service or for another key. The app encrypts the saved secret with
// Electron's safeStorage (the OS keychain), which plain Node has no way to open: the npm bin needs
// MEDIADECK_SECRET_KEY, while the app's own `--cli` mode (main/app/cli-mode.ts) hands in a decrypter. The
// built-in Sandbox is no help either: it runs inside the app.
// Every problem here is one of set-up, so it is a UsageError (exit 2, like a missing profile).
import { SECRETS_FILE, createOwnerOnlySecretFile } from '../core/profiles/secret-file'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SANDBOX_PROFILE_ID } from '../../common/app-state'
import { migrateAppState } from '../core/settings/app-store'
import { APP_STORE_NAME } from '../core/settings/conf-backend'
import { UsageError } from './args'
import { defaultDataDir } from './profile'
import type { ProfileResolver } from './profile'

/** Where the app keeps its store, profiles included, for a data dir. */
export function appStorePath(dataDir: string): string {
  return join(dataDir, `${APP_STORE_NAME}.json`)
}

const setUp = (message: string): UsageError => new UsageError(message, { showUsage: false })

export interface SavedProfileOptions {
  /** Opens the secret the app saved (safeStorage ciphertext, base64); only the app's own process can. */
  decryptSecret?: (cipherText: string) => string
}

/** The saved profile, its secret from MEDIADECK_SECRET_KEY (which wins) or else from the decrypter. */
export function createSavedProfileResolver({ decryptSecret }: SavedProfileOptions = {}): ProfileResolver {
  return (env) => resolveSaved(env, decryptSecret)
}

/** The npm bin's: plain Node cannot open the keychain, so the secret comes from the environment. */
export const savedProfileResolver: ProfileResolver = createSavedProfileResolver()

async function resolveSaved(
  env: NodeJS.ProcessEnv,
  decryptSecret: SavedProfileOptions['decryptSecret'],
): ReturnType<ProfileResolver> {
  const dataDir = defaultDataDir(env)
  const file = appStorePath(dataDir)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw setUp(`cannot read the saved profiles in ${file}: ${(error as Error).message}`)
    }
    throw setUp(
      'no profile: set MEDIADECK_BASE_URL, MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY ' +
        `(or save a profile in the app; none in ${dataDir})`,
    )
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw setUp(`cannot read the saved profiles in ${file}: not valid JSON`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw setUp(`cannot read the saved profiles in ${file}: not a JSON object`)
  }
  // The app's own schema and migrations, so both read a file of any version the same way.
  const state = migrateAppState(raw as Record<string, unknown>)

  if (state.activeProfileId === SANDBOX_PROFILE_ID) {
    throw setUp(
      'the active profile is the built-in Sandbox, which runs inside the app: start one with `npm run sandbox` ' +
        'and set MEDIADECK_BASE_URL to the address it prints (MEDIADECK_ACCESS_KEY=demo, ' +
        'MEDIADECK_SECRET_KEY=demo-secret)',
    )
  }
  const saved = state.profiles.find((p) => p.id === state.activeProfileId)
  if (!saved) {
    throw setUp(`the active profile ${state.activeProfileId} is not among the saved profiles in ${file}`)
  }
  const name = JSON.stringify(saved.name)
  // The browser mode keeps a saved secret in a file only the user can read (main/core/profiles/secret-file.ts);
  // the app's OS-keychain secrets open only through the app's `--cli` mode, which hands in a decrypter.
  let secretKey = env.MEDIADECK_SECRET_KEY || savedSecret(dataDir, saved.id)
  if (!secretKey && decryptSecret) {
    if (saved.encryptedSecret === undefined) {
      throw setUp(
        `the saved profile ${name} has no stored secret key (the app kept it for its session only): ` +
          'set MEDIADECK_SECRET_KEY, or save the profile again in the app where the keychain works',
      )
    }
    try {
      secretKey = decryptSecret(saved.encryptedSecret)
    } catch {
      throw setUp(
        `the secret key of the saved profile ${name} cannot be decrypted with this user's keychain: ` +
          'set MEDIADECK_SECRET_KEY, or enter the secret again in the app',
      )
    }
  }
  if (!secretKey) {
    throw setUp(
      `the saved profile ${name} has its secret key encrypted by the app with the OS keychain, ` +
        'which the CLI cannot read: set MEDIADECK_SECRET_KEY, or run the command through the installed app ' +
        '(`Mediadeck --cli …`), which can',
    )
  }
  return {
    baseUrl: saved.baseUrl,
    accessKey: saved.accessKey,
    secretKey,
    dataDir,
  }
}

function savedSecret(dataDir: string, profileId: string): string | undefined {
  try {
    return createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE)).get(profileId)
  } catch (error) {
    throw setUp((error as Error).message)
  }
}
