// Where there is no OS keychain (the browser mode runs in plain Node), a profile's secret key is kept the way
// command-line tools keep credentials (~/.netrc, ~/.aws/credentials): in a file that only the user's own account
// can read (mode 0600) under the data folder. It is not encryption, and docs/security.md says so; it is what
// lets a saved profile survive a restart instead of the app silently falling back to the built-in sandbox.
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'

export const SECRETS_FILE = 'secrets.json'

/** Secret keys by profile id, kept at rest. */
export interface SecretVault {
  /** Where they are kept, for the settings view and docs. */
  readonly location: string
  get(profileId: string): string | undefined
  set(profileId: string, secret: string): void
  delete(profileId: string): void
}

const fileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.string()) })

export class SecretFileError extends Error {}

export function createOwnerOnlySecretFile(file: string): SecretVault {
  function read(): Record<string, string> {
    if (!existsSync(file)) return {}
    refuseShared(file)
    let raw: unknown
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new SecretFileError(
        `the secrets file ${file} cannot be read (${(error as Error).message}); nothing was changed`,
      )
    }
    const parsed = fileSchema.safeParse(raw)
    if (!parsed.success)
      throw new SecretFileError(`the secrets file ${file} is not in the expected form; nothing was changed`)
    return parsed.data.secrets
  }
  function write(secrets: Record<string, string>): void {
    // Created 0600 from the first byte (a chmod after the write would leave a moment it is readable), under a
    // name no other process uses, then renamed over the old one: a reader sees the old file or the new one.
    const temporary = `${file}.${randomUUID()}.tmp`
    writeFileSync(temporary, JSON.stringify({ version: 1, secrets }), { mode: 0o600, flag: 'wx' })
    chmodSync(temporary, 0o600)
    renameSync(temporary, file)
  }
  return {
    location: file,
    get: (profileId) => read()[profileId],
    set(profileId, secret) {
      write({ ...read(), [profileId]: secret })
    },
    delete(profileId) {
      const secrets = read()
      if (!(profileId in secrets)) return
      delete secrets[profileId]
      write(secrets)
    },
  }
}

/**
 * A secrets file other users can read (copied in with a umask of 022, restored from a backup) has already
 * shown its secrets to them: it is refused, with the command that makes it the owner's alone, rather than used
 * as if it were private. Windows has no such mode bits; the file sits in the user's own profile folder there.
 */
function refuseShared(file: string, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') return
  const mode = statSync(file).mode & 0o777
  if ((mode & 0o077) === 0) return
  throw new SecretFileError(
    `the secrets file ${file} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}), so it ` +
      `is not used: make it yours alone with \`chmod 600 ${file}\`, and change the secret keys it holds if ` +
      'others may have read them',
  )
}
