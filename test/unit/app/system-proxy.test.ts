// The app's system-proxy adapter against a mocked `electron` (no Electron binary here): it asks
// session.defaultSession.resolveProxy per origin, caches the answer, and sends each request where the answer
// says, through a real proxy on loopback or directly.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { proxyFromPac } from '../../../main/core/http/network'
import { startConnectProxy } from '../../integration/core/support/connect-proxy'
import type { TestProxy } from '../../integration/core/support/connect-proxy'

const resolveProxy = vi.hoisted(() => vi.fn<(url: string) => Promise<string>>())
vi.mock('electron', () => ({ session: { defaultSession: { resolveProxy } } }))

const { systemProxyNetwork } = await import('../../../main/app/system-proxy')

let origin: string
let proxy: TestProxy
const server = createServer((req, res) => res.end(`hello ${req.url}`))
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy = await startConnectProxy()
})
afterAll(async () => {
  await proxy.close()
  server.close()
})

describe('system proxy adapter', () => {
  it('reads PAC answers: the first usable entry, DIRECT as none', () => {
    expect(proxyFromPac('DIRECT')).toBeNull()
    expect(proxyFromPac('PROXY proxy.corp:3128; DIRECT')).toBe('http://proxy.corp:3128')
    expect(proxyFromPac('HTTPS secure.corp:443')).toBe('https://secure.corp:443')
    expect(proxyFromPac('SOCKS5 s.corp:1080')).toBe('socks5://s.corp:1080')
    expect(proxyFromPac('QUIC q:1; PROXY p:8080')).toBe('http://p:8080')
    expect(proxyFromPac('')).toBeNull()
  })

  it('routes through the proxy the system names for the address, asking once per origin', async () => {
    resolveProxy.mockReset()
    resolveProxy.mockImplementation(async () => `PROXY ${new URL(proxy.url).host}; DIRECT`)
    const dispatcher = systemProxyNetwork()({})
    try {
      for (const path of ['/a', '/b']) {
        const res = await dispatcher.request({ origin, path, method: 'GET' })
        expect(await res.body.text()).toBe(`hello ${path}`)
      }
    } finally {
      await dispatcher.close()
    }
    expect(resolveProxy.mock.calls).toEqual([[`${origin}/`]])
    expect(proxy.log.tunnelled().map((r) => r.path)).toEqual(['/a', '/b'])
  })

  it('goes direct when the system says DIRECT or cannot answer', async () => {
    const before = proxy.log.asked.length
    for (const answer of [async () => 'DIRECT', async () => Promise.reject(new Error('no PAC'))]) {
      resolveProxy.mockReset()
      resolveProxy.mockImplementation(answer)
      const dispatcher = systemProxyNetwork()({})
      try {
        const res = await dispatcher.request({ origin, path: '/direct', method: 'GET' })
        expect(await res.body.text()).toBe('hello /direct')
      } finally {
        await dispatcher.close()
      }
    }
    expect(proxy.log.asked.length).toBe(before)
  })
})
