// The app:// protocol's picture route against a mocked `electron` (no Electron binary here): the handler
// serveAppProtocol registers is called as Electron would call it, with a Request for app://mediadeck/picture,
// and answers from the host's real picture server (main/host/pictures.ts) over a real database and a real
// HTTP server playing the service, which the profile trusts.
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pictureAddress } from '../../../common/pictures'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { directDispatcher } from '../../../main/core/http/network'
import { createThumbnailCache } from '../../../main/core/thumbnails/thumbnail-cache'
import { silentLogger } from '../../../main/host/logging'
import { createPictureServer, type PictureServer } from '../../../main/host/pictures'
import { avatarPng } from '../../../sandbox/images'
import { sqlOf } from '../../../main/core/db/handle'

type Handler = (request: Request) => Promise<Response>
const electron = vi.hoisted(() => {
  const handlers = new Map<string, Handler>()
  return {
    handlers,
    protocol: { handle: (scheme: string, handler: Handler) => void handlers.set(scheme, handler) },
  }
})
vi.mock('electron', () => ({ protocol: electron.protocol }))

const { protocol } = await import('electron')
const { serveAppProtocol } = await import('../../../main/app/app-protocol')

let server: Server
let base: string
let database: AppDatabase
let pictures: PictureServer | undefined
let hits = 0

beforeEach(async () => {
  hits = 0
  server = createServer((req, res) => {
    hits += 1
    if (req.url === '/avatar.png') res.writeHead(200, { 'content-type': 'image/png' }).end(avatarPng('Ana'))
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-protocol-'))
  database = openDatabase({ file: join(dir, 'mediadeck.db') })
  pictures = createPictureServer({
    dataDir: dir,
    database,
    thumbnails: createThumbnailCache({ dir: join(dir, 'thumbnails'), maxBytes: 1e6, maxItemBytes: 1e5 }),
    sandbox: { running: false, port: 0 },
    active: () => ({ profileId: 'p1', mode: 'service', client: { baseUrl: `${base}/api` } }),
    account: () => 'p1-account',
    network: directDispatcher,
    log: silentLogger,
  })
  serveAppProtocol(protocol, { root: dir, csp: "default-src 'self'", pictures: () => pictures })
})

afterEach(async () => {
  await pictures?.close()
  database.close()
  server.closeAllConnections()
  await new Promise<void>((done) => server.close(() => done()))
})

const handle = (path: string, init?: RequestInit) =>
  electron.handlers.get('app')!(new Request(new URL(path, 'app://mediadeck/'), init))

describe('app:// picture route', () => {
  it('answers the page-relative picture address with the picture main fetched, then from what it keeps', async () => {
    const address = pictureAddress(`${base}/avatar.png`, 'account:1')
    const first = await handle(address)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await first.arrayBuffer()).equals(avatarPng('Ana'))).toBe(true)

    // The service is gone; the picture still shows.
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
    const offline = await handle(pictureAddress(`${base}/avatar.png?renewed`, 'account:1'))
    expect(offline.status).toBe(200)
    expect(Buffer.from(await offline.arrayBuffer()).equals(avatarPng('Ana'))).toBe(true)
    expect(hits).toBe(1)
  })

  it('refuses what is not a picture and bad addresses with a status, and keeps nothing', async () => {
    const page = await handle(pictureAddress(`${base}/login`, 'account:2'))
    expect(page.status).toBe(502)
    expect(await page.text()).toMatch(/text\/html, not a PNG/)
    const file = await handle(`picture?src=${encodeURIComponent('file:///etc/passwd')}`)
    expect(file.status).toBe(400)
    expect(await file.text()).toMatch(/must be http or https, not file/)
    expect((await handle('picture')).status).toBe(400)
    expect(sqlOf(database).prepare('SELECT COUNT(*) AS n FROM pictures').get()).toEqual({ n: 0 })
  })

  it('answers HEAD without a body, refuses other methods, and says 503 before the host is up', async () => {
    const head = await handle(pictureAddress(`${base}/avatar.png`, 'account:1'), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await handle('picture?src=x', { method: 'POST' })).status).toBe(405)
    const saved = pictures
    pictures = undefined
    expect((await handle(pictureAddress(`${base}/avatar.png`))).status).toBe(503)
    pictures = saved
  })
})
