// The hosts' picture route (main/host/pictures.ts) over a real database and real HTTP servers on loopback:
// which loopback origins the active profile trusts (its service, the running sandbox, and nothing else on this
// machine), which network a picture goes through (the profile's proxy for a service, direct for the sandbox),
// and the status each failure gets; and the library's thumbnails, answered from main's cache without a fetch.
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import { directDispatcher, type DispatcherFactory } from '../../../main/core/http/network'
import { silentLogger } from '../../../main/host/logging'
import {
  createThumbnailCache,
  DEFAULT_THUMBNAIL_CACHE_BYTES,
  THUMBNAILS_DIR,
  type ThumbnailCache,
} from '../../../main/core/thumbnails/thumbnail-cache'
import { MAX_THUMBNAIL_BYTES } from '../../../common/contract'
import { thumbnailAddress } from '../../../common/pictures'
import { createPictureServer, type PictureServer } from '../../../main/host/pictures'
import { avatarPng } from '../../../sandbox/images'
import { sqlOf } from '../../../main/core/db/handle'

const servers: Server[] = []
let database: AppDatabase
let dataDir: string
let thumbnails: ThumbnailCache
let made: string[]
/** The active profile's account, as the host gives it (its replica identity). */
let account: string
const open: PictureServer[] = []

async function pictureHost(): Promise<number> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(avatarPng('A')),
  )
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  servers.push(server)
  return (server.address() as AddressInfo).port
}

/** The proxy-aware factory of the app, here direct, noting each dispatcher it makes. */
const network: DispatcherFactory = (options) => {
  made.push('network')
  return directDispatcher(options)
}

function serve(mode: 'sandbox' | 'service', baseUrl: string, sandboxPort: number): PictureServer {
  const server = createPictureServer({
    dataDir,
    database,
    thumbnails,
    sandbox: { running: mode === 'sandbox', port: sandboxPort },
    active: () => ({ profileId: mode, mode, client: { baseUrl } }),
    account: () => account,
    network,
    log: silentLogger,
  })
  open.push(server)
  return server
}

const query = (src: string, key?: string) => new URLSearchParams({ src, ...(key ? { key } : {}) })

beforeEach(() => {
  made = []
  account = 'account-a'
  dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-host-pictures-'))
  database = openDatabase({ file: join(dataDir, 'mediadeck.db') })
  thumbnails = createThumbnailCache({
    dir: join(dataDir, THUMBNAILS_DIR),
    maxBytes: DEFAULT_THUMBNAIL_CACHE_BYTES,
    maxItemBytes: MAX_THUMBNAIL_BYTES,
  })
})

afterEach(async () => {
  for (const server of open.splice(0)) await server.close()
  database.close()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
  }
})

describe('picture route of the hosts', () => {
  it('on the sandbox, fetches the sandbox pictures directly and refuses any other loopback host', async () => {
    const sandbox = await pictureHost()
    const other = await pictureHost()
    const pictures = serve('sandbox', `http://127.0.0.1:${sandbox}`, sandbox)

    const ok = await pictures.answer(query(`http://localhost:${sandbox}/__sandbox/avatar/A.png`, 'account:1'))
    expect(ok.status).toBe(200)
    expect(ok.headers['content-type']).toBe('image/png')
    const local = await pictures.answer(query(`http://127.0.0.1:${other}/admin.png`))
    expect(local.status).toBe(502)
    expect(String(local.body)).toMatch(/127\.0\.0\.1 is a local or private address/)
    expect(made).toEqual([])
  })

  it("on a service, trusts the service's origin under each loopback name and goes through the profile's network", async () => {
    const service = await pictureHost()
    const pictures = serve('service', `http://localhost:${service}/api/`, 0)
    const answer = await pictures.answer(query(`http://127.0.0.1:${service}/avatar.png`, 'account:1'))
    expect(answer.status).toBe(200)
    expect(made).toEqual(['network'])
  })

  it('keeps a picture per account: a profile edited to another account is not shown the old one under its key', async () => {
    let painted = 'A'
    const server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(avatarPng(painted)),
    )
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    servers.push(server)
    const port = (server.address() as AddressInfo).port
    const pictures = serve('service', `http://127.0.0.1:${port}/api/`, 0)
    const avatar = query(`http://127.0.0.1:${port}/avatar.png`, 'account:1')

    expect((await pictures.answer(avatar)).body).toEqual(avatarPng('A'))
    // The same profile, its keys now another account's, whose account 1 has another picture.
    painted = 'B'
    account = 'account-b'
    expect((await pictures.answer(avatar)).body).toEqual(avatarPng('B'))
    // Back to the first account: its own copy, kept.
    account = 'account-a'
    expect((await pictures.answer(avatar)).body).toEqual(avatarPng('A'))
  })

  it('says 400 for an address that is none and 502 for a host it refuses, keeping nothing', async () => {
    const pictures = serve('service', 'https://api.repliz.test', 0)
    expect((await pictures.answer(query('javascript:alert(1)'))).status).toBe(400)
    expect((await pictures.answer(new URLSearchParams())).status).toBe(400)
    const refused = await pictures.answer(query(`http://[::1]:${await pictureHost()}/a.png`))
    expect(refused.status).toBe(502)
    expect(refused.headers['content-type']).toMatch(/^text\/plain/)
    expect(sqlOf(database).prepare('SELECT COUNT(*) AS n FROM pictures').get()).toEqual({ n: 0 })
  })

  it("answers a library thumbnail from main's cache, the same bytes the page put, without fetching", async () => {
    const fileUrl = `http://127.0.0.1:${await pictureHost()}/storage/photo.png`
    const bytes = avatarPng('T')
    await thumbnails.put(fileUrl, bytes)
    const pictures = serve('service', 'https://api.repliz.test', 0)
    const address = new URL(thumbnailAddress(fileUrl), 'app://mediadeck/')
    const kept = await pictures.answer(address.searchParams)
    expect(kept.status).toBe(200)
    expect(kept.headers['content-type']).toBe('image/png')
    expect(kept.headers['x-content-type-options']).toBe('nosniff')
    expect(Buffer.from(kept.body as Buffer).equals(bytes)).toBe(true)
    // One never kept is a 404 (the tile makes it), asked of nobody: no dispatcher was made.
    expect((await pictures.answer(new URLSearchParams({ thumb: `${fileUrl}?other` }))).status).toBe(404)
    expect((await pictures.answer(new URLSearchParams({ thumb: '' }))).status).toBe(400)
    // A key is hashed into a name, never a path: the data folder's own files are not reachable by it.
    expect((await pictures.answer(new URLSearchParams({ thumb: '../mediadeck.db' }))).status).toBe(404)
    expect(made).toEqual([])
  })
})
