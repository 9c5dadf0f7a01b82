// The app's host and the CLI on one data folder (two processes) while the app deletes a profile, or points it
// at another access key, whose credentials the CLI uses for its drafts. Before, the identity that leads the
// CLI's drafts to an app profile stayed recorded: a `drafts add` after the delete wrote into the deleted
// profile (no profile showed it, no delete would ever take it), and one with the old key after the edit wrote
// into the profile that now names the new account, whose keys would send it. Now the profile's end forgets
// that identity in the transaction that removes its work: a CLI draft is the profile's while it is, and its
// own (the credentials' identity) after. The host stays open on the folder throughout.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlOf } from '../../../main/core/db/handle'
import { credentialsIdentity } from '../../../main/core/drafts/profile-identity'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { cliArgs } from '../support/cli-bin'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
// `drafts add` asks no service: the address needs no one listening.
const CLIENT = { baseUrl: 'http://127.0.0.1:9', accessKey: 'client-key', secretKey: 'client-secret' }

let root: string
let host: AppHost
let body: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'profile-end-cli-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
  body = join(root, 'post.json')
  writeFileSync(body, JSON.stringify({ description: 'from the command line', type: 'text', medias: [] }))
})
afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

/** `mediadeck drafts add` with `credentials`, a process of its own on the host's data folder. */
async function cliAdd(credentials: { baseUrl: string; accessKey: string }): Promise<void> {
  const child = spawn(process.execPath, cliArgs(['drafts', 'add', body]), {
    cwd: ROOT,
    env: {
      ...process.env,
      MEDIADECK_BASE_URL: credentials.baseUrl,
      MEDIADECK_ACCESS_KEY: credentials.accessKey,
      MEDIADECK_DATA_DIR: host.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code, stderr).toBe(0)
}

/** How many drafts each profile id holds. */
function draftsByProfile(): Record<string, number> {
  const rows = sqlOf(host.database)
    .prepare('SELECT profile_id, count(*) AS n FROM drafts GROUP BY profile_id')
    .all() as Array<{ profile_id: string; n: number }>
  return Object.fromEntries(rows.map((row) => [row.profile_id, Number(row.n)]))
}

/** A profile of the CLI's credentials, recorded as their owner as the app does (at a switch to it). */
async function profileOfTheCli(name: string): Promise<string> {
  const profile = await host.call('profiles:save', { name, ...CLIENT })
  await host.call('drafts:list')
  await host.call('profiles:activate', { id: profile.id })
  await host.call('profiles:activate', { id: 'sandbox' })
  await cliAdd(CLIENT)
  // Sanity: the CLI's draft is the profile's, as the app shows it.
  expect(draftsByProfile()[profile.id]).toBe(1)
  return profile.id
}

describe('the CLI adding drafts while the app ends a profile of its credentials', () => {
  it('a delete: what the CLI adds after it is never left in the deleted profile', async () => {
    const profileId = await profileOfTheCli('Client')
    await host.call('profiles:delete', { id: profileId })
    await cliAdd(CLIENT)

    const left = draftsByProfile()
    expect(left[profileId]).toBeUndefined()
    expect(left[credentialsIdentity(CLIENT.baseUrl, CLIENT.accessKey)]).toBe(1)
    // Cleared for the next case.
    sqlOf(host.database).prepare('DELETE FROM drafts').run()
  }, 60_000)

  it('another access key: a draft of the old key is not the profile’s, to go with the new key', async () => {
    const profileId = await profileOfTheCli('Client 2')
    await host.call('profiles:save', { id: profileId, name: 'Client 2', ...CLIENT, accessKey: 'rotated-key' })
    await cliAdd(CLIENT)

    const left = draftsByProfile()
    // The draft added before the edit stays the profile's (the person was told); the later one is the old key's.
    expect(left[profileId]).toBe(1)
    expect(left[credentialsIdentity(CLIENT.baseUrl, CLIENT.accessKey)]).toBe(1)
  }, 60_000)
})
