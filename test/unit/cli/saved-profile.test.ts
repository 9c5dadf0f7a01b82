// The CLI reading the profile the app saved: store files written by the app's own store code (conf backend,
// profile store) in a temporary data dir, read back by the CLI's resolver and by runCli end to end.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UsageError } from '../../../main/cli/args'
import { defaultProfileResolver, runCli } from '../../../main/cli/run-cli'
import {
  appStorePath,
  createSavedProfileResolver,
  savedProfileResolver,
} from '../../../main/cli/saved-profile'
import { createProfileStore } from '../../../main/core/profiles/profile-store'
import { createSessionOnlyCipher, type SecretCipher } from '../../../main/core/profiles/secret-cipher'
import { SECRETS_FILE, createOwnerOnlySecretFile } from '../../../main/core/profiles/secret-file'
import type { ServiceClient } from '../../../main/core/service-client'
import { openAppStore } from '../../../main/core/settings/app-store'
import { createConfBackend } from '../../../main/core/settings/conf-backend'

let dataDir: string

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cli-profile-'))
})
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

/** Stands in for safeStorage: the stored text is not the secret, as in the app. */
const keychain: SecretCipher = {
  available: true,
  encrypt: (plain) => Buffer.from(`sealed:${[...plain].reverse().join('')}`).toString('base64'),
  decrypt: () => {
    throw new Error('not in this test')
  },
}

/** Saves a service profile and makes it active, through the app's own store code. */
function saveActiveProfile(name = 'Work account'): string {
  const store = openAppStore(createConfBackend(dataDir))
  const profiles = createProfileStore({ store, cipher: keychain })
  const saved = profiles.save({
    name,
    baseUrl: 'https://api.example.test/v1',
    accessKey: 'saved-access',
    secretKey: 'saved-secret',
  })
  profiles.setActiveId(saved.id)
  return saved.id
}

/** A data dir the app has opened once: defaults written, the built-in Sandbox active. */
function freshAppStore(): void {
  openAppStore(createConfBackend(dataDir))
}

async function failure(promise: Promise<unknown>): Promise<UsageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UsageError)
  return error as UsageError
}

describe('the saved profile', () => {
  it('uses the saved base URL and access key with the secret from MEDIADECK_SECRET_KEY', async () => {
    saveActiveProfile()
    const env = { MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'from-env' }
    await expect(defaultProfileResolver(env)).resolves.toEqual({
      baseUrl: 'https://api.example.test/v1',
      accessKey: 'saved-access',
      secretKey: 'from-env',
      dataDir,
    })
  })

  it('takes a whole identity from the environment over the saved profile', async () => {
    saveActiveProfile()
    await expect(
      defaultProfileResolver({
        MEDIADECK_DATA_DIR: dataDir,
        MEDIADECK_BASE_URL: 'http://127.0.0.1:9',
        MEDIADECK_ACCESS_KEY: 'env-access',
        MEDIADECK_SECRET_KEY: 'env-secret',
      }),
    ).resolves.toEqual({
      baseUrl: 'http://127.0.0.1:9',
      accessKey: 'env-access',
      secretKey: 'env-secret',
      dataDir,
    })
  })

  it('refuses part of an identity in the environment, naming what is missing, instead of completing it from the saved profile', async () => {
    const id = saveActiveProfile()
    // The browser mode's saved secret, readable by the CLI: before, a base URL alone sent it to that address.
    createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE)).set(id, 'saved-secret')
    const partial = [
      [{ MEDIADECK_BASE_URL: 'http://127.0.0.1:9' }, 'MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY'],
      [{ MEDIADECK_BASE_URL: 'http://127.0.0.1:9', MEDIADECK_SECRET_KEY: 's' }, 'MEDIADECK_ACCESS_KEY'],
      [{ MEDIADECK_ACCESS_KEY: 'other-key' }, 'MEDIADECK_BASE_URL, MEDIADECK_SECRET_KEY'],
      [{ MEDIADECK_BASE_URL: 'http://127.0.0.1:9', MEDIADECK_ACCESS_KEY: 'k' }, 'MEDIADECK_SECRET_KEY'],
    ] as const
    for (const [env, missing] of partial) {
      const error = await failure(defaultProfileResolver({ MEDIADECK_DATA_DIR: dataDir, ...env }))
      expect(error.message).toContain(`set without ${missing}:`)
      expect(error.showUsage).toBe(false)
    }
  })

  it('without MEDIADECK_SECRET_KEY says the stored secret is sealed by the OS keychain', async () => {
    saveActiveProfile()
    const error = await failure(savedProfileResolver({ MEDIADECK_DATA_DIR: dataDir }))
    expect(error.message).toBe(
      'the saved profile "Work account" has its secret key encrypted by the app with the OS keychain, ' +
        'which the CLI cannot read: set MEDIADECK_SECRET_KEY, or run the command through the installed app ' +
        '(`Mediadeck --cli …`), which can',
    )
  })

  it("with the app's decrypter (its --cli mode), opens the saved secret; the environment still wins", async () => {
    saveActiveProfile()
    const opened: string[] = []
    const resolve = createSavedProfileResolver({
      decryptSecret: (cipherText) => {
        opened.push(cipherText)
        const sealed = Buffer.from(cipherText, 'base64').toString()
        return [...sealed.replace(/^sealed:/, '')].reverse().join('')
      },
    })
    expect(await resolve({ MEDIADECK_DATA_DIR: dataDir })).toEqual({
      baseUrl: 'https://api.example.test/v1',
      accessKey: 'saved-access',
      secretKey: 'saved-secret',
      dataDir,
    })
    expect(opened).toEqual([keychain.encrypt('saved-secret')])
    expect((await resolve({ MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'env' })).secretKey).toBe(
      'env',
    )
    expect(opened).toHaveLength(1)
  })

  it('says so when the keychain cannot open the secret, or the app kept it for its session only', async () => {
    saveActiveProfile()
    const locked = createSavedProfileResolver({
      decryptSecret: () => {
        throw new Error('keychain locked')
      },
    })
    expect((await failure(locked({ MEDIADECK_DATA_DIR: dataDir }))).message).toBe(
      'the secret key of the saved profile "Work account" cannot be decrypted with this user\'s keychain: ' +
        'set MEDIADECK_SECRET_KEY, or enter the secret again in the app',
    )
    // Where the app had no keychain, it never wrote the secret.
    const store = openAppStore(createConfBackend(dataDir))
    const sessionOnly = createProfileStore({ store, cipher: { ...keychain, available: false } })
    const saved = sessionOnly.save({
      name: 'Laptop',
      baseUrl: 'https://x.test',
      accessKey: 'a',
      secretKey: 's',
    })
    sessionOnly.setActiveId(saved.id)
    const error = await failure(
      createSavedProfileResolver({ decryptSecret: () => 'x' })({ MEDIADECK_DATA_DIR: dataDir }),
    )
    expect(error.message).toMatch(
      /^the saved profile "Laptop" has no stored secret key \(the app kept it for its session only\)/,
    )
  })

  it('without MEDIADECK_SECRET_KEY reads the secret the browser mode kept in its owner-only file', async () => {
    const store = openAppStore(createConfBackend(dataDir))
    const vault = createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE))
    const profiles = createProfileStore({ store, cipher: createSessionOnlyCipher(), vault })
    const saved = profiles.save({
      name: 'Browser profile',
      baseUrl: 'https://api.example.test/v1',
      accessKey: 'saved-access',
      secretKey: 'kept-secret',
    })
    profiles.setActiveId(saved.id)
    await expect(savedProfileResolver({ MEDIADECK_DATA_DIR: dataDir })).resolves.toMatchObject({
      baseUrl: 'https://api.example.test/v1',
      accessKey: 'saved-access',
      secretKey: 'kept-secret',
    })
  })

  it('with the built-in Sandbox active, points to npm run sandbox and MEDIADECK_BASE_URL', async () => {
    freshAppStore()
    const error = await failure(
      defaultProfileResolver({ MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'x' }),
    )
    expect(error.message).toMatch(/^the active profile is the built-in Sandbox, which runs inside the app/)
    expect(error.message).toContain('`npm run sandbox`')
    expect(error.message).toContain('MEDIADECK_BASE_URL')
  })

  it('with no saved store, asks for the environment variables', async () => {
    const error = await failure(defaultProfileResolver({ MEDIADECK_DATA_DIR: dataDir }))
    expect(error.message).toMatch(
      /^no profile: set MEDIADECK_BASE_URL, MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY/,
    )
    expect(error.message).toContain(dataDir)
  })

  it('reports a damaged store file by its path', async () => {
    writeFileSync(appStorePath(dataDir), '{ not json')
    const error = await failure(
      savedProfileResolver({ MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'x' }),
    )
    expect(error.message).toBe(`cannot read the saved profiles in ${appStorePath(dataDir)}: not valid JSON`)
  })

  it('reads the store without writing to it', async () => {
    saveActiveProfile()
    const before = readFileSync(appStorePath(dataDir), 'utf8')
    await savedProfileResolver({ MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'x' })
    expect(readFileSync(appStorePath(dataDir), 'utf8')).toBe(before)
  })
})

describe('runCli with the saved profile', () => {
  function run(argv: string[], env: NodeJS.ProcessEnv) {
    const stdout = new PassThrough()
    const stderr = new PassThrough()
    let out = ''
    let err = ''
    stdout.on('data', (d) => (out += d))
    stderr.on('data', (d) => (err += d))
    const used: unknown[] = []
    const client = {
      baseUrl: '',
      storageStatistic: async () => ({
        file: { total: 1, success: 1, pending: 0 },
        usage: { total: 1000, used: 10, free: 990 },
      }),
      close: async () => undefined,
    } as unknown as ServiceClient
    return runCli(argv, {
      stdout,
      stderr,
      isTTY: false,
      env,
      onInterrupt: () => () => undefined,
      createClient: (profile) => {
        used.push(profile)
        return client
      },
    }).then((code) => ({ code, out, err, used }))
  }

  it('exits 2 on part of an identity in the environment, naming what is missing, and reaches no service', async () => {
    const id = saveActiveProfile()
    createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE)).set(id, 'saved-secret')
    const { code, err, used } = await run(['stats'], {
      MEDIADECK_DATA_DIR: dataDir,
      MEDIADECK_BASE_URL: 'http://127.0.0.1:9',
    })
    expect(code).toBe(2)
    expect(err).toMatch(/MEDIADECK_BASE_URL is set without MEDIADECK_ACCESS_KEY, MEDIADECK_SECRET_KEY/)
    expect(used).toEqual([])
  })

  // Skipped on Windows, which has no POSIX file modes (docs/security.md says what it does instead); runs on Linux
  // and macOS: here, and on the forge's ubuntu and macos runners.
  it.skipIf(process.platform === 'win32')(
    'exits 2 on a secrets file other users can read, saying the chmod that fixes it',
    async () => {
      const id = saveActiveProfile()
      const file = join(dataDir, SECRETS_FILE)
      createOwnerOnlySecretFile(file).set(id, 'saved-secret')
      chmodSync(file, 0o644)
      const { code, err, used } = await run(['stats'], { MEDIADECK_DATA_DIR: dataDir })
      expect(code).toBe(2)
      expect(err).toContain(`chmod 600 ${file}`)
      expect(used).toEqual([])
    },
  )

  it('runs a command on the saved profile', async () => {
    saveActiveProfile()
    const r = await run(['stats', '--json'], {
      MEDIADECK_DATA_DIR: dataDir,
      MEDIADECK_SECRET_KEY: 'from-env',
    })
    expect(r.code).toBe(0)
    expect(r.used).toEqual([
      { baseUrl: 'https://api.example.test/v1', accessKey: 'saved-access', secretKey: 'from-env', dataDir },
    ])
  })

  it('exits 2 with one line on stderr when the secret is missing or the Sandbox is active', async () => {
    saveActiveProfile()
    const sealed = await run(['stats'], { MEDIADECK_DATA_DIR: dataDir })
    expect(sealed.code).toBe(2)
    expect(sealed.err).toBe(
      'error: the saved profile "Work account" has its secret key encrypted by the app with the OS keychain, ' +
        'which the CLI cannot read: set MEDIADECK_SECRET_KEY, or run the command through the installed app ' +
        '(`Mediadeck --cli …`), which can\n',
    )
    expect(sealed.used).toEqual([])

    rmSync(appStorePath(dataDir))
    freshAppStore()
    const sandbox = await run(['stats'], { MEDIADECK_DATA_DIR: dataDir })
    expect(sandbox.code).toBe(2)
    expect(sandbox.err.split('\n')).toHaveLength(2)
    expect(sandbox.err).toMatch(/^error: the active profile is the built-in Sandbox/)
  })
})
