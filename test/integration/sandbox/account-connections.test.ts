// Accounts the config holds disconnected (`users[].disconnectedAccounts`, by id or username): served so from
// the first answer, set again at every start (a reconnection through the programmatic API lasts until the
// next start), and a name that matches no account of the user stops the start with one clear line.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSandboxConfig, startSandbox, type SandboxConfig } from '../../../sandbox/index'
import { GOLD_AUTH, TEST_CONFIG, call, startTestSandbox, type TestSandbox } from './helpers'

interface AccountAnswer {
  docs: Array<{ _id: string; username: string; type: string; isConnected: boolean }>
}

function withDisconnected(names: string[]): SandboxConfig {
  return {
    ...TEST_CONFIG,
    users: TEST_CONFIG.users.map((u) => (u.accessKey === 'gold' ? { ...u, disconnectedAccounts: names } : u)),
  }
}

const connections = async (t: TestSandbox) => {
  const answer = await call<AccountAnswer>(t.sandbox.url, 'GET', '/public/account?page=1&limit=100', {
    auth: GOLD_AUTH,
  })
  return Object.fromEntries(answer.json.docs.map((a) => [a.username, a.isConnected]))
}

let running: TestSandbox | undefined
afterEach(async () => {
  await running?.stop()
  running = undefined
})

describe('disconnectedAccounts', () => {
  it('holds the named accounts disconnected, by username or id, from the first answer and at every start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-disconnected-'))
    try {
      running = await startTestSandbox({ dataDir, config: withDisconnected(['kopisenja.id']) })
      expect(await connections(running)).toEqual({
        kopisenja: true,
        'kopisenja.id': false,
        batiklestari: false,
      })

      // Reconnected through the programmatic API: so until the next start, which applies the config again.
      const list = await call<AccountAnswer>(running.sandbox.url, 'GET', '/public/account?page=1&limit=100', {
        auth: GOLD_AUTH,
      })
      const instagram = list.json.docs.find((a) => a.type === 'instagram')!
      const facebook = list.json.docs.find((a) => a.type === 'facebook')!
      expect(await running.sandbox.setAccountConnected(instagram._id, true)).toBe(true)
      expect((await connections(running))['kopisenja.id']).toBe(true)
      await running.stop()

      running = await startTestSandbox({ dataDir, config: withDisconnected(['kopisenja.id', facebook._id]) })
      expect(await connections(running)).toEqual({
        kopisenja: false,
        'kopisenja.id': false,
        batiklestari: false,
      })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it("stops the start on a name that matches none of the user's accounts", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-disconnected-'))
    try {
      await expect(
        startSandbox({ dataDir, port: 0, config: withDisconnected(['nobody']), publisherIntervalMs: 0 }),
      ).rejects.toThrow('users.gold.disconnectedAccounts: no account nobody (give an id or a username)')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses a config whose list is not a list of names', () => {
    expect(() => parseSandboxConfig(withDisconnected([''] as string[]))).toThrow(
      /users\.1\.disconnectedAccounts\.0/,
    )
    expect(() =>
      parseSandboxConfig({
        ...TEST_CONFIG,
        users: [{ ...TEST_CONFIG.users[0]!, disconnectedAccounts: 'x' }],
      }),
    ).toThrow(/users\.0\.disconnectedAccounts/)
  })
})
