// The development loop's main part (`npm run dev` runs main/browser-mode/cli.ts under `tsx watch` with
// MEDIADECK_DEV_ORIGIN, MEDIADECK_DEV_TOKEN and a fixed --port): a restart of main keeps the address the page
// loaded its bridge from, the page of Vite's dev server may use the socket and the intake, another origin may
// not, and the production browser mode still refuses Vite's origin.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { IpcResult } from '../../../common/contract'
import type { ServerMessage } from '../../../common/ws-protocol'
import { startBrowserMode } from '../../../main/browser-mode/index'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const VITE_ORIGIN = 'http://127.0.0.1:5173'
const token = randomBytes(24).toString('base64url')
let root: string
let port: number
const children = new Set<ChildProcess>()

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'shell-dev-loop-'))
  port = await freePort()
})

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts main as `npm run dev` does and resolves with the address it prints once ready. */
function startMain(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/browser-mode/cli.ts', '--port', String(port)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        MEDIADECK_DATA_DIR: join(root, 'data'),
        MEDIADECK_DEV_ORIGIN: VITE_ORIGIN,
        MEDIADECK_DEV_TOKEN: token,
      },
    },
  )
  children.add(child)
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr!.on('data', (chunk) => (err += String(chunk)))
    child.stdout!.on('data', (chunk) => {
      out += String(chunk)
      const url = /is ready on (http:\/\/\S+\/)/.exec(out)?.[1]
      if (url) resolve({ child, url })
    })
    child.once('exit', (code) => reject(new Error(`main exited (${code}): ${out}${err}`)))
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => {
      children.delete(child)
      resolve()
    })
    // What tsx watch sends on a change: the server closes, the port is free for the next start.
    child.kill('SIGTERM')
  })
}

function socket(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, { headers: { origin } })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)))
  })
}

/** The call's result; events the host sends meanwhile (the outbox's state on start) are not its answer. */
function call(ws: WebSocket, name: string): Promise<IpcResult<unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown) => {
      const message = JSON.parse(String(data)) as ServerMessage
      if (message.t !== 'result' || message.id !== 1) return
      ws.off('message', onMessage)
      resolve(message.result)
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ t: 'call', id: 1, name }))
  })
}

describe('development loop: main under a fixed token and port, the page on Vite', () => {
  it('keeps its address across a restart and accepts Vite’s origin only', async () => {
    const first = await startMain()
    expect(first.url).toBe(`http://127.0.0.1:${port}/${token}/`)
    const ws = await socket(first.url, VITE_ORIGIN)
    await expect(call(ws, 'app:info')).resolves.toMatchObject({ ok: true, value: { mode: 'browser' } })
    // The page's own address on main sends the person to Vite, which serves the page in this loop.
    const page = await fetch(first.url, { redirect: 'manual' })
    expect([page.status, page.headers.get('location')]).toEqual([302, `${VITE_ORIGIN}/`])

    const closed = new Promise((resolve) => ws.once('close', resolve))
    await stop(first.child)
    await closed
    const second = await startMain()
    expect(second.url).toBe(first.url)

    // The page reconnects to the same address, from the same origin (by any loopback name on Vite's port).
    for (const origin of [VITE_ORIGIN, 'http://localhost:5173']) {
      const again = await socket(second.url, origin)
      await expect(call(again, 'app:info')).resolves.toMatchObject({ ok: true })
      again.close()
    }
    // Another page on this machine, another site, or Vite's origin on a lookalike port: refused.
    for (const origin of ['http://127.0.0.1:5174', 'http://evil.example', `http://127.0.0.1:${port}0`]) {
      await expect(socket(second.url, origin)).rejects.toThrow('status 403')
    }
    // The bridge posts files across origins: the preflight answers Vite's origin and no other.
    const preflight = (origin: string) =>
      fetch(`${second.url}files`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    expect((await preflight(VITE_ORIGIN)).headers.get('access-control-allow-origin')).toBe(VITE_ORIGIN)
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    await stop(second.child)
  }, 90_000)

  it('leaves the production browser mode refusing Vite’s origin', async () => {
    const renderer = join(root, 'renderer')
    mkdirSync(renderer, { recursive: true })
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const mode = await startBrowserMode({ dataDir: join(root, 'prod-data'), rendererDir: renderer })
    try {
      await expect(socket(mode.url, VITE_ORIGIN)).rejects.toThrow('status 403')
      const preflight = await fetch(`${mode.url}files`, {
        method: 'OPTIONS',
        headers: { origin: VITE_ORIGIN, 'access-control-request-method': 'POST' },
      })
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await mode.close()
    }
  })

  it('refuses a dev origin that is not http on a loopback name, and a short token', async () => {
    for (const devOrigin of [
      'http://evil.example:5173',
      'https://127.0.0.1:5173',
      'http://127.0.0.1:5173/x',
    ]) {
      await expect(startBrowserMode({ dataDir: join(root, 'bad-data'), devOrigin, token })).rejects.toThrow(
        'dev server origin',
      )
    }
    await expect(
      startBrowserMode({ dataDir: join(root, 'bad-data'), devOrigin: VITE_ORIGIN, token: 'short' }),
    ).rejects.toThrow('token')
  })
})
