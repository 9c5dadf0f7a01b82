// Proxies against the real sandbox and a real proxy on loopback: the CLI honours HTTPS_PROXY / HTTP_PROXY /
// NO_PROXY for the service and the storage alike, with and without proxy credentials; the app's
// per-address resolver (what Electron's session.resolveProxy feeds) routes through the proxy it names.
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../main/cli/run-cli'
import { resolvingProxyDispatcher } from '../../../main/core/http/network'
import { createServiceClient } from '../../../main/core/service-client'
import { createUploadEngine } from '../../../main/core/uploads/upload-engine'
import { startConnectProxy } from './support/connect-proxy'
import type { TestProxy } from './support/connect-proxy'
import { USERS, sha256Of, startHarness } from './sandbox-harness'
import type { Harness } from './sandbox-harness'

let h: Harness
let proxies: TestProxy[] = []
let runs = 0
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})
afterEach(async () => {
  await Promise.all(proxies.map((p) => p.close()))
  proxies = []
})

async function proxy(credentials?: { user: string; pass: string }): Promise<TestProxy> {
  const p = await startConnectProxy({ credentials })
  proxies.push(p)
  return p
}

/** `cli upload FILE --json` in process, with the given proxy variables. */
async function upload(file: string, env: NodeJS.ProcessEnv) {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => (out += d))
  stderr.on('data', (d) => (err += d))
  const code = await runCli(['upload', file, '--json'], {
    stdout,
    stderr,
    isTTY: false,
    env: {
      MEDIADECK_BASE_URL: h.sandbox.url,
      MEDIADECK_ACCESS_KEY: USERS.main.accessKey,
      MEDIADECK_SECRET_KEY: USERS.main.secretKey,
      MEDIADECK_DATA_DIR: join(h.dir, `cli-${++runs}`),
      ...env,
    },
    onInterrupt: () => () => undefined,
  })
  return { code, out, err }
}

const hostOf = (url: string) => new URL(url).host

describe('cli upload through a proxy', () => {
  it('sends the API calls and the presigned PUT through HTTP_PROXY, via CONNECT', async () => {
    const p = await proxy()
    const file = h.file('via-proxy.bin', 300_000)
    const r = await upload(file.path, { HTTP_PROXY: p.url, HTTPS_PROXY: p.url })
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const line = JSON.parse(r.out)
    expect(line.state).toBe('success')
    expect(await sha256Of(line.url)).toBe(file.sha256)

    const targets = new Set(p.log.asked.map((a) => a.target))
    expect(targets).toEqual(new Set([hostOf(h.sandbox.url), hostOf(h.sandbox.storageUrl)]))
    const inside = p.log.tunnelled()
    const apiPaths = inside
      .filter((r) => r.target === hostOf(h.sandbox.url))
      .map((r) => `${r.method} ${r.path}`)
    expect(apiPaths).toEqual(
      expect.arrayContaining([
        'GET /public/storage/statistic',
        'POST /public/storage/file/init',
        `POST /public/storage/file/${line.id}/complete`,
      ]),
    )
    const puts = inside.filter((r) => r.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.target).toBe(hostOf(h.sandbox.storageUrl))
    expect(puts[0]!.headers['content-length']).toBe('300000')
  })

  it('with credentials in the proxy URL sends Proxy-Authorization; without them the 407 fails the upload', async () => {
    const p = await proxy({ user: 'office', pass: 's3cret:pw' })
    const file = h.file('via-auth-proxy.bin', 50_000)

    const refused = await upload(file.path, { HTTP_PROXY: p.url.replace(/\/\/[^@]+@/, '//') })
    expect(refused.code).toBe(1)
    expect(refused.err.trim().split('\n')).toHaveLength(1)
    expect(refused.err).toMatch(/^error: /)
    expect(p.log.asked.length).toBeGreaterThan(0)
    expect(p.log.asked.every((a) => a.status === 407)).toBe(true)
    expect(p.log.tunnelled()).toEqual([])

    const r = await upload(file.path, { HTTP_PROXY: p.url })
    expect(r.code).toBe(0)
    expect(await sha256Of(JSON.parse(r.out).url)).toBe(file.sha256)
    const admitted = p.log.asked.filter((a) => a.status === 200)
    expect(admitted.length).toBeGreaterThanOrEqual(2)
    const basic = `Basic ${Buffer.from('office:s3cret:pw').toString('base64')}`
    for (const a of admitted) expect(a.headers['proxy-authorization']).toBe(basic)
    expect(p.log.tunnelled().some((r) => r.method === 'PUT')).toBe(true)
  })

  it('goes direct to the hosts NO_PROXY names', async () => {
    const p = await proxy()
    const file = h.file('no-proxy.bin', 10_000)
    const storageHost = new URL(h.sandbox.storageUrl).hostname
    // The API goes through the proxy, the storage (another host name) directly.
    const r = await upload(file.path, { http_proxy: p.url, NO_PROXY: storageHost })
    expect(r.code).toBe(0)
    expect(new Set(p.log.asked.map((a) => a.target))).toEqual(new Set([hostOf(h.sandbox.url)]))
    expect(p.log.tunnelled().some((r) => r.method === 'PUT')).toBe(false)
  })
})

describe('the app: a proxy resolved per address', () => {
  it('routes each origin where the resolver says, the storage PUT included', async () => {
    const p = await proxy()
    const proxyHost = hostOf(p.url)
    const asked: string[] = []
    // Electron answers in PAC form; here the storage goes through the proxy and the API directly.
    const network = resolvingProxyDispatcher(async (url) => {
      asked.push(url)
      return url.startsWith(h.sandbox.storageUrl) ? `PROXY ${proxyHost}; DIRECT` : 'DIRECT'
    })
    const client = createServiceClient({ baseUrl: h.sandbox.url, ...USERS.main, network })
    const engine = createUploadEngine({ client, journalPath: join(h.dir, 'resolved.jsonl'), network })
    try {
      const file = h.file('resolved.bin', 120_000)
      const item = await engine.uploadOne(file.path)
      expect(item.state).toBe('done')
      expect(await sha256Of(item.url!)).toBe(file.sha256)
    } finally {
      await engine.close()
      await client.close()
    }
    expect(new Set(asked)).toEqual(new Set([`${h.sandbox.url}/`, `${h.sandbox.storageUrl}/`]))
    expect(p.log.asked.map((a) => a.target)).toEqual([hostOf(h.sandbox.storageUrl)])
    expect(p.log.tunnelled().map((r) => r.method)).toEqual(['PUT'])
  })

  it('a forward proxy in absolute form works too (undici without tunnelling for http targets)', async () => {
    const p = await proxy()
    const { ProxyAgent } = await import('undici')
    const agent = new ProxyAgent({ uri: p.url, proxyTunnel: false })
    try {
      const res = await agent.request({
        origin: h.sandbox.url,
        path: '/public/storage/statistic',
        method: 'GET',
        headers: { authorization: `Basic ${Buffer.from('it-main:it-main-secret').toString('base64')}` },
      })
      expect(res.statusCode).toBe(200)
      await res.body.dump()
    } finally {
      await agent.close()
    }
    expect(p.log.asked.map((a) => a.method)).toEqual(['GET'])
  })
})
