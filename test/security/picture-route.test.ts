// Rule: the page gets pictures of other hosts only through main's picture route (docs/security.md, "Pictures of
// other hosts"), and that route cannot be turned against this machine: no address but http(s), no loopback or
// private host but the profile's own service or sandbox, no answer but a real PNG/JPEG/WebP/GIF/AVIF; a
// refusal keeps nothing. Against the real browser-mode server on the built-in sandbox.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pictureAddress } from '../../common/pictures'
import { startBrowserMode, type BrowserMode } from '../../main/browser-mode/index'
import { avatarPng } from '../../sandbox/images'

let root: string
let dataDir: string
let mode: BrowserMode
let lan: Server
let lanHits = 0

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'security-pictures-'))
  dataDir = join(root, 'data')
  const renderer = join(root, 'renderer')
  mkdirSync(renderer, { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  mode = await startBrowserMode({ dataDir, rendererDir: renderer })
  // Something else on this machine that answers with a picture: a router's page, another app's server.
  lan = createServer((_req, res) => {
    lanHits += 1
    res.writeHead(200, { 'content-type': 'image/png' }).end(avatarPng('LAN'))
  })
  await new Promise<void>((done) => lan.listen(0, '127.0.0.1', done))
})

afterAll(async () => {
  await mode?.close()
  lan?.closeAllConnections()
  lan?.close()
  rmSync(root, { recursive: true, force: true })
})

// The query as any page could write it (pictureAddress leaves a non-http address alone, for the page's own use).
const ask = (src: string, key = src) =>
  fetch(`${mode.url}picture?${new URLSearchParams({ src, key }).toString()}`)
const kept = () => {
  const dir = join(dataDir, 'pictures')
  return existsSync(dir) ? readdirSync(dir) : []
}

describe('picture route', () => {
  it("serves the sandbox's avatar as a picture that runs nothing", async () => {
    const port = mode.host.sandbox.port
    const answer = await ask(`http://127.0.0.1:${port}/__sandbox/avatar/Kopi%20Senja.png`, 'account:a1')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/png')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(Buffer.from(await answer.arrayBuffer()).equals(avatarPng('Kopi Senja'))).toBe(true)
    expect(kept()).toHaveLength(1)
  })

  it('refuses other schemes, other local hosts, cloud metadata and SVG, keeping nothing', async () => {
    const before = kept()
    const lanPort = (lan.address() as AddressInfo).port
    const cases: Array<[string, number, RegExp]> = [
      ['file:///etc/passwd', 400, /not file/],
      [`http://127.0.0.1:${lanPort}/router.png`, 502, /local or private address/],
      [`http://localhost:${lanPort}/router.png`, 502, /local or private address/],
      ['http://169.254.169.254/latest/meta-data/', 502, /local or private address/],
      ['http://[fd00::1]/a.png', 502, /local or private address/],
      [
        `http://127.0.0.1:${mode.host.sandbox.port}/__sandbox/avatar/Ana.svg`,
        502,
        /image\/svg\+xml, not a PNG/,
      ],
    ]
    for (const [src, status, reason] of cases) {
      const answer = await ask(src)
      expect({ src, status: answer.status }).toEqual({ src, status })
      expect(await answer.text()).toMatch(reason)
    }
    expect(lanHits).toBe(0)
    expect(kept()).toEqual(before)
  })

  it('is under the token like every other address of the browser mode', async () => {
    const origin = new URL(mode.url).origin
    const answer = await fetch(`${origin}/${pictureAddress('http://127.0.0.1:1/a.png')}`)
    expect(answer.status).toBe(404)
  })
})
