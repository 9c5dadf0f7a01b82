// A saved profile survives a restart of the browser mode: its secret is kept in a file only the user can read,
// so the app comes back on the person's own service instead of silently showing the sandbox's demo data.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserMode } from '../../../main/browser-mode/index'
import { startTestSandbox, type TestSandbox } from '../sandbox/helpers'

let root: string
let service: TestSandbox
const renderer = () => {
  const dir = join(root, 'renderer')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body></body></html>')
  return dir
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'profile-restart-'))
  service = await startTestSandbox()
})
afterAll(async () => {
  await service?.stop()
  rmSync(root, { recursive: true, force: true })
})

describe('browser mode profile across a restart', () => {
  it('comes back on the saved profile with its secret, kept 0600 under the data folder', async () => {
    const dataDir = join(root, 'data')
    const rendererDir = renderer()
    const first = await startBrowserMode({ dataDir, rendererDir })
    const saved = await first.host.call('profiles:save', {
      name: 'Coffee brand',
      baseUrl: service.sandbox.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    expect(saved.secretStorage).toBe('file')
    await first.host.call('profiles:activate', { id: saved.id })
    await first.close()
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600)

    const second = await startBrowserMode({ dataDir, rendererDir })
    try {
      const state = await second.host.call('profiles:list')
      expect(state.activeId).toBe(saved.id)
      expect(state.secretKeeping).toBe('file')
      expect(second.host.active()).toMatchObject({ profileId: saved.id, mode: 'service' })
      // The secret really works: an authenticated call reaches the person's service.
      const accounts = await second.host.active().client.listAccounts({ page: 1, limit: 10 })
      expect(accounts.docs.length).toBeGreaterThan(0)
    } finally {
      await second.close()
    }
  })
})
