// A real sandbox over HTTP with one gold user on the demo seed, a real database file beside it and a service
// client for that user: what the inbox outbox tests run against. Call inside a describe or a file's top level;
// the fields are filled in beforeAll and everything is closed and removed in afterAll.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { openDatabase, type AppDatabase } from '../../main/core/db/database'
import { createServiceClient, type ServiceClient } from '../../main/core/service-client'
import { startSandbox, type RunningSandbox } from '../../sandbox'

export interface SandboxDatabase {
  dir: string
  sandbox: RunningSandbox
  database: AppDatabase
  client: ServiceClient
}

export function useSandboxDatabase(
  user: { accessKey: string; secretKey: string },
  prefix: string,
): SandboxDatabase {
  const fixture = {} as SandboxDatabase
  beforeAll(async () => {
    fixture.dir = mkdtempSync(join(tmpdir(), prefix))
    fixture.sandbox = await startSandbox({
      port: 0,
      dataDir: join(fixture.dir, 'sandbox'),
      publisherIntervalMs: 0,
      config: { users: [{ ...user, tier: 'gold', storageLimit: 50_000_000, seed: 'demo' }] },
    })
    fixture.database = openDatabase({ file: join(fixture.dir, 'mediadeck.db') })
    fixture.client = createServiceClient({ baseUrl: fixture.sandbox.url, ...user, retry: { maxRetries: 0 } })
  })
  afterAll(async () => {
    await fixture.client?.close()
    fixture.database?.close()
    await fixture.sandbox?.close()
    if (fixture.dir) rmSync(fixture.dir, { recursive: true, force: true })
  })
  return fixture
}
