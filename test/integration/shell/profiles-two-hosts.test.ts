// Two hosts on one data folder (two real processes, as two browser-mode hosts or the app beside one) saving
// profiles at the same moment: every profile and every secret of both is kept. Each save reads the profiles
// file and the secrets file as they are now and writes them under the database's write lock; before, each host
// wrote its own copy of the list and the last writer's won.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDataFolder } from '../../../main/host/data-folder'
import { silentLogger } from '../../../main/host/logging'

const SAVES = 12

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'profiles-two-hosts-'))
  // Created once before the two start, as a folder already in use is.
  openDataFolder(dir, silentLogger).database.close()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const module = (relative: string) => JSON.stringify(new URL(`../../../${relative}`, import.meta.url).pathname)

/** A host of the folder: opens it as the host does, says "ready", then saves SAVES profiles on "go". */
function host(who: string) {
  const script = `
    const { join } = await import('node:path')
    const { openDataFolder } = await import(${module('main/host/data-folder.ts')})
    const { silentLogger } = await import(${module('main/host/logging.ts')})
    const { createProfileStore } = await import(${module('main/core/profiles/profile-store.ts')})
    const { createSessionOnlyCipher } = await import(${module('main/core/profiles/secret-cipher.ts')})
    const { SECRETS_FILE, createOwnerOnlySecretFile } = await import(${module('main/core/profiles/secret-file.ts')})
    const dir = ${JSON.stringify(dir)}
    const folder = openDataFolder(dir, silentLogger)
    const profiles = createProfileStore({
      store: folder.store,
      cipher: createSessionOnlyCipher(),
      vault: createOwnerOnlySecretFile(join(dir, SECRETS_FILE)),
    })
    process.stdout.write('ready\\n')
    await new Promise((resolve) => process.stdin.once('data', resolve))
    let last
    for (let i = 0; i < ${SAVES}; i += 1) {
      last = profiles.save({
        name: '${who}-' + i,
        baseUrl: 'http://127.0.0.1:9/${who}',
        accessKey: '${who}-key-' + i,
        secretKey: '${who}-secret-' + i,
      })
    }
    // An edit of its own last profile, with the other host saving beside it.
    profiles.save({ id: last.id, name: '${who}-edited', baseUrl: 'http://127.0.0.1:9/${who}', accessKey: 'k' })
    folder.database.close()
    process.stdout.write('done\\n')`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let out = ''
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes(`${word}\n`)) resolve()
      }
      child.stdout.on('data', (chunk) => {
        out += String(chunk)
        check()
      })
      child.once('exit', (code) =>
        out.includes(`${word}\n`) ? resolve() : reject(new Error(`${who} exited ${code}`)),
      )
      check()
    })
  return { ready: said('ready'), done: said('done'), go: () => child.stdin.end('go\n') }
}

describe('two hosts saving profiles at once', () => {
  it('keeps every profile and every secret of both', async () => {
    const a = host('a')
    const b = host('b')
    await Promise.all([a.ready, b.ready])
    a.go()
    b.go()
    await Promise.all([a.done, b.done])

    const settings = JSON.parse(readFileSync(join(dir, 'mediadeck.json'), 'utf8')) as {
      profiles: Array<{ id: string; name: string }>
    }
    const names = settings.profiles.map((profile) => profile.name).sort()
    const expected = ['a', 'b']
      .flatMap((who) => [...Array.from({ length: SAVES - 1 }, (_, i) => `${who}-${i}`), `${who}-edited`])
      .sort()
    expect(names).toEqual(expected)
    const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as {
      secrets: Record<string, string>
    }
    // Every profile's secret, by its id, and none of a profile that is not there.
    expect(Object.keys(secrets.secrets).sort()).toEqual(settings.profiles.map((profile) => profile.id).sort())
    expect(Object.values(secrets.secrets).filter((secret) => secret.startsWith('a-'))).toHaveLength(SAVES)
    expect(Object.values(secrets.secrets).filter((secret) => secret.startsWith('b-'))).toHaveLength(SAVES)
  }, 60_000)
})
