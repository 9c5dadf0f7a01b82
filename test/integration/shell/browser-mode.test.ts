// The browser-mode server: everything behind the token, loopback Host/Origin only, the same calls and events
// over its WebSocket, files streamed in and granted, and the preload-only door closed to pages.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { IpcResult } from '../../../common/contract'
import type { PickedFile } from '../../../common/app-state'
import { startBrowserMode, type BrowserMode } from '../../../main/browser-mode/index'

let root: string
let mode: BrowserMode
let origin: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'shell-browser-'))
  // A minimal built renderer, so this test does not depend on a vite build.
  const renderer = join(root, 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(
    join(renderer, 'index.html'),
    '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>',
  )
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(root, 'outside.txt'), 'secret')
  mode = await startBrowserMode({
    dataDir: join(root, 'data'),
    rendererDir: renderer,
    maxUploadBytes: 1024 * 1024,
  })
  origin = new URL(mode.url).origin
})

afterAll(async () => {
  await mode?.close()
  rmSync(root, { recursive: true, force: true })
})

function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function rawWithHeaders(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

function socket(headers: Record<string, string> = { origin }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${mode.url.replace('http', 'ws')}ws`, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)))
  })
}

function call(ws: WebSocket, name: string, req?: unknown): Promise<IpcResult<unknown>> {
  const id = Math.floor(Math.random() * 1e9)
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { t: string; id: number; result: IpcResult<unknown> }
      if (message.t === 'result' && message.id === id) {
        ws.off('message', onMessage)
        resolve(message.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ t: 'call', id, name, request: req }))
  })
}

describe('browser mode server', () => {
  it('prints a loopback address with the token and serves the page with the bridge injected first', async () => {
    expect(mode.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{20,}\/$/)
    const page = await raw(new URL(mode.url).pathname)
    expect(page.status).toBe(200)
    expect(page.body.indexOf('mediadeck-bridge.js')).toBeLessThan(page.body.indexOf('./assets/app.js'))
    const bridge = await raw(`${new URL(mode.url).pathname}mediadeck-bridge.js`)
    expect(bridge.status).toBe(200)
    expect(bridge.body).toContain('mediadeck')
    // Handed the API's names, it bundles neither the contract nor its schemas: every page runs it before the
    // app (it was 840 KB with them).
    expect(bridge.body.startsWith('var MEDIADECK_API_SURFACE = {')).toBe(true)
    expect(bridge.body.length).toBeLessThan(64 * 1024)
  })

  it('answers 404 without the token and refuses foreign Host headers and path escapes', async () => {
    expect((await raw('/')).status).toBe(404)
    expect((await raw('/index.html')).status).toBe(404)
    expect((await raw('/wrong-token/index.html')).status).toBe(404)
    const tokenPath = new URL(mode.url).pathname
    expect((await raw(tokenPath, { host: 'evil.example' })).status).toBe(404)
    expect((await raw(`${tokenPath}..%2f..%2foutside.txt`)).status).toBe(404)
    expect((await raw(`${tokenPath}assets/%E0%A4%A.js`)).status).toBe(404)
  })

  it('refuses a WebSocket from another origin', async () => {
    await expect(socket({ origin: 'http://evil.example' })).rejects.toThrow()
  })

  it('serves the page and its WebSocket alike under each loopback name, and no other', async () => {
    const port = new URL(origin).port
    const tokenPath = new URL(mode.url).pathname
    // Connected to 127.0.0.1 whatever the name: what matters is the Host and Origin the browser sends.
    for (const authority of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const page = await rawWithHeaders(tokenPath, { host: authority })
      expect(page.status).toBe(200)
      const csp = page.headers['content-security-policy'] as string
      // An IPv6 literal cannot be a CSP source (Chromium ignores it with a console error): 'self' covers it.
      if (authority.startsWith('[')) expect(csp).not.toContain('[::1]')
      else expect(csp).toContain(`ws://${authority}`)
      const ws = await socket({ host: authority, origin: `http://${authority}` })
      await expect(call(ws, 'app:info')).resolves.toMatchObject({ ok: true, value: { mode: 'browser' } })
      ws.close()
    }
    // DNS rebinding: a foreign name in Host, with or without its own Origin.
    await expect(
      socket({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` }),
    ).rejects.toThrow('status 403')
    // Another page on the same machine (another port) or another loopback name than the Host asked for.
    await expect(socket({ host: `localhost:${port}`, origin: `http://localhost:1` })).rejects.toThrow(
      'status 403',
    )
    await expect(socket({ host: `localhost:${port}`, origin: 'http://evil.example' })).rejects.toThrow(
      'status 403',
    )
  })

  it('carries calls, validation errors and events over the socket', async () => {
    const ws = await socket()
    try {
      const stats = await call(ws, 'storage:stats')
      expect(stats).toMatchObject({ ok: true, value: { file: { total: expect.any(Number) } } })
      await expect(call(ws, 'storage:files', { page: 0, limit: 1 })).resolves.toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      })
      await expect(call(ws, 'no:such-call')).resolves.toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      })
      const event = new Promise((resolve) =>
        ws.on('message', (data) => {
          const m = JSON.parse(String(data)) as { t: string; name: string; payload: unknown }
          if (m.t === 'event' && m.name === 'settings:changed') resolve(m.payload)
        }),
      )
      await call(ws, 'settings:update', { theme: 'dark' })
      await expect(event).resolves.toMatchObject({ theme: 'dark' })
    } finally {
      ws.close()
    }
  })

  it('does not let a page grant paths: files come in through the intake only', async () => {
    const ws = await socket()
    try {
      await expect(
        call(ws, 'files:grant-dropped', { paths: [join(root, 'outside.txt')] }),
      ).resolves.toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      })
      // Nor grant them by dropping: the drop's one call is the preload's too.
      await expect(
        call(ws, 'uploads:start-dropped', { paths: [join(root, 'outside.txt')] }),
      ).resolves.toMatchObject({ ok: false, error: { kind: 'validation' } })
      await expect(call(ws, 'uploads:start', { paths: [join(root, 'outside.txt')] })).resolves.toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      })

      const response = await fetch(`${mode.url}files?name=${encodeURIComponent('../holiday photo.png')}`, {
        method: 'POST',
        headers: { origin },
        body: Buffer.alloc(3000, 7),
      })
      expect(response.status).toBe(200)
      const picked = (await response.json()) as PickedFile
      expect(picked).toMatchObject({ name: 'holiday photo.png', size: 3000, mimetype: 'image/png' })
      expect(picked.path.startsWith(join(root, 'data', 'browser-uploads'))).toBe(true)
      expect(readFileSync(picked.path).length).toBe(3000)
      const started = await call(ws, 'uploads:start', { paths: [picked.path] })
      expect(started).toMatchObject({ ok: true, value: [{ name: 'holiday photo.png' }] })
    } finally {
      ws.close()
    }
  })

  it('takes in a file whose name is long in bytes though short in characters', async () => {
    const name = `${'写真'.repeat(60)}.png`
    const response = await fetch(`${mode.url}files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { origin },
      body: Buffer.alloc(10, 1),
    })
    expect(response.status).toBe(200)
    const picked = (await response.json()) as PickedFile
    expect(picked).toMatchObject({ size: 10, mimetype: 'image/png' })
    expect(readFileSync(picked.path).length).toBe(10)
  })

  it('refuses files over the size limit and intake without the token', async () => {
    const big = await fetch(`${mode.url}files?name=big.bin`, {
      method: 'POST',
      body: Buffer.alloc(2 * 1024 * 1024),
    })
    expect(big.status).toBe(400)
    const noToken = await fetch(`${origin}/files?name=x.bin`, { method: 'POST', body: 'x' })
    expect(noToken.status).toBe(404)
  })

  it('exposes the embedded sandbox so tests can take the service offline on the same port', async () => {
    const port = mode.host.sandbox.port
    await mode.host.sandbox.stop()
    await expect(mode.host.call('connection:check')).resolves.toMatchObject({ status: 'offline' })
    await mode.host.sandbox.start()
    expect(mode.host.sandbox.port).toBe(port)
    await expect(mode.host.call('connection:check')).resolves.toMatchObject({ status: 'online' })
  })
})
