// The set-up of the tests that start the app host against a real sandbox over HTTP which they stop and start
// again on the same port (the service gone, then back): a temporary folder, the sandbox in it, the hosts the
// test started (all closed at the end), and no connection check on a timer: the test says when the app looks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createOwnerOnlySecretFile, SECRETS_FILE } from '../../../main/core/profiles/secret-file'
import { createAppHost, type AppHost, type AppHostOptions } from '../../../main/host/app-host'
import type { ProfileView } from '../../../common/app-state'
import type { RunningSandbox } from '../../../sandbox/index'
import { sandboxOn } from '../drafts/helpers'

export interface AppOnSandbox {
  /** The sandbox running now (a new one after startService()). */
  readonly service: RunningSandbox
  /** A host in browser mode on the folder's one data folder, without retries and with short timeouts. */
  startApp(options?: Partial<AppHostOptions>): Promise<AppHost>
  /** A host started with a profile named `name` on the sandbox's demo user, active. */
  startActiveApp(name?: string): Promise<AppHost>
  /** Saves a profile named `name` on the sandbox's demo user in `host`, and makes it the active one. */
  activateDemo(host: AppHost, name?: string): Promise<ProfileView>
  /** The service goes away. */
  stopService(): Promise<void>
  /** The service is back on the port it had, with its data. */
  startService(): Promise<RunningSandbox>
}

/** Registers the file's beforeAll and afterAll. */
export function useAppOnSandbox(prefix: string): AppOnSandbox {
  let root = ''
  let service: RunningSandbox | undefined
  let port = 0
  const hosts: AppHost[] = []
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), prefix))
    service = await sandboxOn(join(root, 'service'))
    port = Number(new URL(service.url).port)
  })
  afterAll(async () => {
    for (const host of hosts) await host.close()
    await service?.close()
    if (root) rmSync(root, { recursive: true, force: true })
  })
  return {
    get service() {
      if (!service) throw new Error('the sandbox starts in beforeAll')
      return service
    },
    async startApp(options = {}) {
      const dataDir = join(root, 'app')
      const host = await createAppHost({
        dataDir,
        mode: 'browser',
        secretVault: createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE)),
        service: {
          retry: { maxRetries: 0 },
          timeouts: { connectMs: 1_000, headersMs: 2_000, bodyMs: 2_000 },
        },
        connection: { timers: { setTimeout: () => 0, clearTimeout: () => undefined } },
        ...options,
      })
      hosts.push(host)
      return host
    },
    async startActiveApp(name = 'Work') {
      const host = await this.startApp()
      await this.activateDemo(host, name)
      return host
    },
    async activateDemo(host, name = 'Work') {
      const profile = await host.call('profiles:save', {
        name,
        baseUrl: this.service.url,
        accessKey: 'demo',
        secretKey: 'demo-secret',
      })
      await host.call('profiles:activate', { id: profile.id })
      return profile
    },
    async stopService() {
      await service?.close()
    },
    async startService() {
      service = await sandboxOn(join(root, 'service'), port)
      return service
    },
  }
}
