// The installed app's `--cli` mode, against a mocked `electron` (the real binary cannot run here) and the real
// sandbox: the profile the app saved opens with the secret only safeStorage can decrypt, the command runs
// after ready, and the process exits with the command's code once its output is written.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CliIo } from '../../../main/cli/context'
import { createProfileStore } from '../../../main/core/profiles/profile-store'
import { createSafeStorageCipher } from '../../../main/core/profiles/secret-cipher'
import { openAppStore } from '../../../main/core/settings/app-store'
import { createConfBackend } from '../../../main/core/settings/conf-backend'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox } from '../../../sandbox'

const fake = vi.hoisted(() => {
  const calls: string[] = []
  let exited: (code: number) => void = () => undefined
  const ready = { resolve: () => undefined as void, promise: Promise.resolve() }
  // The keychain stand-in: what is stored is not the secret, and only this object turns it back.
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    decryptString: (sealed: Buffer) => {
      calls.push('decrypt')
      return [...sealed.toString().replace(/^sealed:/, '')].reverse().join('')
    },
  }
  return {
    calls,
    ready,
    safeStorage,
    whenExited: () => new Promise<number>((resolve) => (exited = resolve)),
    electron: {
      app: {
        disableHardwareAcceleration: () => calls.push('disableHardwareAcceleration'),
        setPath: (name: string, path: string) => calls.push(`setPath ${name} ${path}`),
        getPath: () => '/nowhere/userData',
        whenReady: () => {
          calls.push('whenReady')
          return ready.promise.then(() => calls.push('ready'))
        },
        exit: (code: number) => {
          calls.push(`exit ${code}`)
          exited(code)
        },
        requestSingleInstanceLock: () => {
          calls.push('lock')
          return true
        },
      },
      safeStorage,
      BrowserWindow: class {
        constructor() {
          calls.push('window')
        }
      },
    },
  }
})
vi.mock('electron', () => ({ default: fake.electron, ...fake.electron }))

const { cliArguments, startCliMode } = await import('../../../main/app/cli-mode')

let sandbox: RunningSandbox
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mediadeck-cli-mode-'))
  sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    publisherIntervalMs: 0,
    config: {
      users: [
        { accessKey: 'app', secretKey: 'app-secret', tier: 'premium', storageLimit: 5_000_000, seed: 'demo' },
      ],
    },
  })
})
afterAll(async () => {
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  fake.calls.length = 0
})

/** A data folder where the app saved the sandbox user as its active profile, its secret sealed by safeStorage. */
function appDataDir(name: string): string {
  const dataDir = join(dir, name)
  const store = openAppStore(createConfBackend(dataDir))
  const profiles = createProfileStore({ store, cipher: createSafeStorageCipher(fake.safeStorage, 'linux') })
  const saved = profiles.save({
    name: 'Work',
    baseUrl: sandbox.url,
    accessKey: 'app',
    secretKey: 'app-secret',
  })
  profiles.setActiveId(saved.id)
  return dataDir
}

function io(env: NodeJS.ProcessEnv) {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  const cliIo: CliIo = { stdout, stderr, isTTY: false, env, onInterrupt: () => () => undefined }
  return { cliIo, out: () => out, err: () => err }
}

describe('the app as the command line tool', () => {
  it('finds the CLI arguments after --cli, from the packaged app or a checkout', () => {
    expect(cliArguments(['/opt/Mediadeck/mediadeck', '--cli', 'stats', '--json'])).toEqual([
      'stats',
      '--json',
    ])
    expect(cliArguments(['electron', '/repo', '--cli'])).toEqual([])
    expect(cliArguments(['/opt/Mediadeck/mediadeck', 'mediadeck://planner'])).toBeNull()
  })

  it('leaves a normal start alone', () => {
    expect(startCliMode(['/opt/Mediadeck/mediadeck'], () => io({}).cliIo)).toBe(false)
    expect(fake.calls).toEqual([])
  })

  it("runs a command on the app's saved profile with its keychain secret, after ready, and exits 0", async () => {
    const dataDir = appDataDir('saved')
    const t = io({ MEDIADECK_DATA_DIR: dataDir })
    const exited = fake.whenExited()
    let release!: () => void
    fake.ready.promise = new Promise<void>((resolve) => (release = resolve))
    expect(startCliMode(['/opt/Mediadeck/mediadeck', '--cli', 'stats', '--json'], () => t.cliIo)).toBe(true)
    // Nothing is read before ready: safeStorage cannot decrypt until then.
    await new Promise((resolve) => setImmediate(resolve))
    expect(fake.calls).toEqual(['disableHardwareAcceleration', `setPath userData ${dataDir}`, 'whenReady'])
    release()
    expect(await exited).toBe(0)
    expect(t.err()).toBe('')
    expect(JSON.parse(t.out())).toMatchObject({ usage: { total: 5_000_000 } })
    expect(fake.calls).toContain('decrypt')
    // No window, no single-instance lock: the running app and any number of CLI runs share the data folder.
    expect(fake.calls.filter((c) => c === 'window' || c === 'lock')).toEqual([])
    fake.ready.promise = Promise.resolve()
  })

  it('exits 2 with one line for a usage error, and 1 when the service refuses the keys', async () => {
    const dataDir = appDataDir('usage')
    const usage = io({ MEDIADECK_DATA_DIR: dataDir })
    let exited = fake.whenExited()
    startCliMode(['mediadeck', '--cli', 'stats', '--frob'], () => usage.cliIo)
    expect(await exited).toBe(2)
    expect(usage.err()).toMatch(/^error: Unknown option '--frob'.*\(usage: mediadeck stats \[--json\]\)\n$/)

    // The environment still wins over the saved secret, as in the npm bin.
    const refused = io({ MEDIADECK_DATA_DIR: dataDir, MEDIADECK_SECRET_KEY: 'wrong' })
    exited = fake.whenExited()
    startCliMode(['mediadeck', '--cli', 'stats'], () => refused.cliIo)
    expect(await exited).toBe(1)
    expect(refused.err().trim().split('\n')).toHaveLength(1)
    expect(refused.err()).toMatch(/^error: .*check the access key and secret key\n$/)
  })
})
