// Rule: the service's Basic credentials go to the service only. Through a proxy, neither the proxy itself nor
// the storage origin (reached through the proxy's tunnel) ever receives an Authorization header; the proxy
// gets only its own Proxy-Authorization, from the credentials written in its URL.
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../main/cli/run-cli'
import { startConnectProxy } from '../integration/core/support/connect-proxy'
import { USERS, startHarness } from '../integration/core/sandbox-harness'
import type { Harness } from '../integration/core/sandbox-harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

describe('no Authorization to the proxy or the storage', () => {
  it('holds for every request of a CLI upload through an authenticating proxy', async () => {
    const p = await startConnectProxy({ credentials: { user: 'u', pass: 'p' } })
    try {
      const files = [h.file('sec-a.bin', 200_000), h.file('sec-b.bin', 3)]
      const code = await runCli(['upload', ...files.map((f) => f.path), '--json'], {
        stdout: new PassThrough(),
        stderr: new PassThrough(),
        isTTY: false,
        env: {
          MEDIADECK_BASE_URL: h.sandbox.url,
          MEDIADECK_ACCESS_KEY: USERS.main.accessKey,
          MEDIADECK_SECRET_KEY: USERS.main.secretKey,
          MEDIADECK_DATA_DIR: join(h.dir, 'cli'),
          HTTPS_PROXY: p.url,
          HTTP_PROXY: p.url,
        },
        onInterrupt: () => () => undefined,
      })
      expect(code).toBe(0)

      expect(p.log.asked.length).toBeGreaterThan(0)
      for (const asked of p.log.asked) {
        expect(asked.headers.authorization).toBeUndefined()
        expect(asked.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`)
      }
      const storageHost = new URL(h.sandbox.storageUrl).host
      const inside = p.log.tunnelled()
      const storage = inside.filter((r) => r.target === storageHost)
      const api = inside.filter((r) => r.target !== storageHost)
      expect(storage.map((r) => r.method)).toEqual(['PUT', 'PUT'])
      for (const r of storage) {
        expect(r.headers.authorization).toBeUndefined()
        expect(r.headers['proxy-authorization']).toBeUndefined()
      }
      // The check can see the header: the API calls in the other tunnel carry it.
      expect(api.length).toBeGreaterThan(0)
      for (const r of api) expect(r.headers.authorization).toMatch(/^Basic /)
    } finally {
      await p.close()
    }
  })
})
