// Rule: "Test connection" on an address the person has not saved answers the kind of failure and the HTTP
// status, never the body: the page could otherwise point it at another service on this machine and read the
// start of its error pages. A saved profile's address is the person's own service, whose message is shown.
// Against the real host and a real loopback server whose answers carry a secret.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../main/host/app-host'

const SECRET = 'INTRANET-SECRET-7f3a9c'
let root: string
let host: AppHost
let server: Server
let url: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-connection-test-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
  server = createServer((req, res) => {
    req.resume()
    if (req.url?.includes('automation'))
      return void res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 401, message: `bad keys ${SECRET}` }))
    res
      .writeHead(500, { 'content-type': 'text/html' })
      .end(`<html><body>admin console ${SECRET}</body></html>`)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await host?.close()
  server?.closeAllConnections()
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()))
  rmSync(root, { recursive: true, force: true })
})

describe('connection test on an address not saved', () => {
  it('answers the kind and the status, and nothing of the body', async () => {
    const result = await host.call('profiles:test', { baseUrl: url, accessKey: 'a', secretKey: 'b' })
    expect(result.ok).toBe(false)
    expect(['server', 'unauthorized']).toContain(result.error?.kind)
    expect(Object.keys(result.error!).sort()).toEqual(['kind', 'message', 'status'])
    expect(result.error!.message).toMatch(
      /^connection test failed \((server|unauthorized)\): the address answered HTTP (500|401)$/,
    )
    expect(JSON.stringify(result)).not.toContain(SECRET)
  })

  it('still shows the service its own message once the address is saved', async () => {
    const saved = await host.call('profiles:save', {
      name: 'Mine',
      baseUrl: url,
      accessKey: 'a',
      secretKey: 'b',
    })
    const byId = await host.call('profiles:test', { id: saved.id })
    expect(JSON.stringify(byId)).toContain(SECRET)
    const byAddress = await host.call('profiles:test', { baseUrl: `${url}/`, accessKey: 'a', secretKey: 'b' })
    expect(JSON.stringify(byAddress)).toContain(SECRET)
  })
})
