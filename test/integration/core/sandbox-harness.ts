// Shared set-up for the integration tests: a real sandbox on a free port with users for each scenario.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { startSandbox } from '../../../sandbox'
import type { RunningSandbox, SandboxConfig } from '../../../sandbox'

export const USERS = {
  main: { accessKey: 'it-main', secretKey: 'it-main-secret' },
  small: { accessKey: 'it-small', secretKey: 'it-small-secret' },
}

export const SMALL_LIMIT = 1_000_000

export function sandboxConfig(): SandboxConfig {
  return {
    users: [
      { ...USERS.main, tier: 'premium', storageLimit: 8 * 1024 ** 3, seed: 'empty' },
      { ...USERS.small, tier: 'standard', storageLimit: SMALL_LIMIT, seed: 'empty' },
    ],
    uploadUrlTtlSeconds: 600,
    randomSeed: 7,
  }
}

export interface Harness {
  sandbox: RunningSandbox
  dir: string
  /** The sandbox's clock: tests move it to expire upload addresses. */
  clock: { offsetMs: number }
  file(name: string, size: number): { path: string; sha256: string }
  sparse(name: string, size: number): string
  close(): Promise<void>
}

export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-it-'))
  const clock = { offsetMs: 0 }
  const sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    config: sandboxConfig(),
    now: () => new Date(Date.now() + clock.offsetMs),
    publisherIntervalMs: 0,
  })
  return {
    sandbox,
    dir,
    clock,
    file(name, size) {
      // Seeded by the whole name: two names make different bytes (identical ones would be stored once).
      const seed = createHash('sha256').update(name).digest()
      const pattern = Buffer.from(
        Array.from({ length: 251 }, (_, i) => (i * 131 + seed[i % seed.length]!) & 0xff),
      )
      const data = Buffer.alloc(size, pattern)
      const path = join(dir, name)
      writeFileSync(path, data)
      return { path, sha256: createHash('sha256').update(data).digest('hex') }
    },
    sparse(name, size) {
      const path = join(dir, name)
      writeFileSync(path, 'x')
      truncateSync(path, size)
      return path
    },
    async close() {
      await sandbox.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Downloads a public file URL and hashes it: what a follower of the post would get. */
export async function sha256Of(url: string): Promise<string> {
  const { statusCode, body } = await request(url)
  if (statusCode !== 200) throw new Error(`GET ${url}: ${statusCode}`)
  const hash = createHash('sha256')
  for await (const chunk of body) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
