// The picture store against a real HTTP server on loopback, a real database file and a real folder, with the
// deadline on a manual clock. The server plays a platform's CDN (reached as cdn.test, which the injected lookup
// calls a public address while the agent connects to loopback) and the app's own service (trusted by origin).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../common/errors'
import { openDatabase, type AppDatabase } from '../../../../main/core/db/database'
import { createPictureStore, type PictureStore } from '../../../../main/core/pictures/picture-store'
import { avatarPng, gradientPng } from '../../../../sandbox/images'
import { manualClock, until, type ManualClock } from '../../../support/manual-clock'
import { sqlOf } from '../../../../main/core/db/handle'

const HOUR = 3_600_000
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

type Route = (req: IncomingMessage, res: ServerResponse) => void
let server: Server
let port: number
let routes: Record<string, Route>
let hits: string[]
let database: AppDatabase
let dir: string
let clock: ManualClock
let agent: Agent
let store: PictureStore

/** Every host name reaches the test server: the store decides by what `lookup` says, the socket by this. */
function loopbackAgent(): Agent {
  return new Agent({
    connect: {
      lookup: (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
        options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
    } as never,
  })
}

const PUBLIC_NAMES: Record<string, string> = { 'cdn.test': '203.0.113.7', 'other-cdn.test': '198.51.100.9' }
const lookup = async (host: string) =>
  host === 'localhost' ? ['127.0.0.1'] : [PUBLIC_NAMES[host] ?? '10.0.0.5']

const cdn = (path: string) => `http://cdn.test:${port}${path}`
const service = () => `http://127.0.0.1:${port}`

function open(overrides: Partial<Parameters<typeof createPictureStore>[0]> = {}): PictureStore {
  return createPictureStore({
    database,
    dir,
    lookup,
    clock: clock.clock,
    maxAgeMs: 24 * HOUR,
    deadlineMs: 10_000,
    ...overrides,
  })
}

const ask = (url: string, key = url, scope = 'p1', s = store) =>
  s.get({ scope, key, url, dispatcher: agent, trusted: [service()] })

function image(body: Buffer, type = 'image/png'): Route {
  return (_req, res) => res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body)
}

const keptFiles = () => (existsSync(dir) ? readdirSync(dir) : [])

async function refused(promise: Promise<unknown>, code: string | RegExp): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  const failure = error as AppError
  if (typeof code === 'string') expect(failure.code).toBe(code)
  else expect(failure.message).toMatch(code)
  return failure
}

beforeEach(async () => {
  routes = {}
  hits = []
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push(`${req.headers.host?.split(':')[0]}${path}`)
    const route = routes[path]
    if (route) route(req, res)
    else res.writeHead(404).end('no such picture')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
  const folder = mkdtempSync(join(tmpdir(), 'mediadeck-pictures-'))
  database = openDatabase({ file: join(folder, 'mediadeck.db') })
  dir = join(folder, 'pictures')
  clock = manualClock(Date.parse('2026-11-26T10:00:00Z'))
  agent = loopbackAgent()
  store = open()
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise<void>((done) => server.close(() => done()))
  await agent.close()
  database.close()
})

describe('picture store', () => {
  it('fetches a picture once, keeps it on disk and in the registry, and answers a new CDN address of it', async () => {
    const png = avatarPng('Kopi Senja')
    routes['/a.png'] = image(png)
    routes['/a-renewed.png'] = image(gradientPng(8, 8, [0, 0, 0], [255, 255, 255]))

    const first = await ask(cdn('/a.png'), 'account:1')
    expect(first).toMatchObject({ type: 'image/png', stale: false })
    expect(first.bytes.equals(png)).toBe(true)
    expect(keptFiles()).toHaveLength(1)
    const row = sqlOf(database).prepare('SELECT scope, key, url, type, size FROM pictures').get()
    expect(row).toEqual({
      scope: 'p1',
      key: 'account:1',
      url: cdn('/a.png'),
      type: 'image/png',
      size: png.length,
    })

    // The service hands out another address for the same avatar: the copy kept answers, nothing is fetched.
    await clock.advance(2 * HOUR)
    const again = await ask(cdn('/a-renewed.png'), 'account:1')
    expect(again.bytes.equals(png)).toBe(true)
    expect(hits).toEqual(['cdn.test/a.png'])

    // A day on, the current address is fetched and replaces the copy.
    await clock.advance(24 * HOUR)
    const renewed = await ask(cdn('/a-renewed.png'), 'account:1')
    expect(renewed.bytes.equals(png)).toBe(false)
    expect(hits).toEqual(['cdn.test/a.png', 'cdn.test/a-renewed.png'])
    expect(keptFiles()).toHaveLength(1)
  })

  it('shows the kept copy when the host is gone, and refuses a picture it never had', async () => {
    routes['/a.png'] = image(avatarPng('Ana'))
    await ask(cdn('/a.png'), 'account:1')
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
    await clock.advance(48 * HOUR)

    const offline = await ask(cdn('/a.png?sig=new'), 'account:1')
    expect(offline.stale).toBe(true)
    expect(offline.bytes.equals(avatarPng('Ana'))).toBe(true)
    const never = await refused(ask(cdn('/b.png'), 'account:2'), /could not be fetched/)
    expect(never.kind).toBe('network')
    expect(keptFiles()).toHaveLength(1)
    // The same store opened again (a restart) still has it.
    const reopened = open()
    expect((await ask(cdn('/a.png'), 'account:1', 'p1', reopened)).stale).toBe(true)
  })

  it("keeps each profile's pictures apart", async () => {
    routes['/a.png'] = image(avatarPng('Ana'))
    await ask(cdn('/a.png'), 'account:1', 'p1')
    await ask(cdn('/a.png'), 'account:1', 'p2')
    expect(hits).toEqual(['cdn.test/a.png', 'cdn.test/a.png'])
    expect(store.size()).toBe(2 * avatarPng('Ana').length)
  })

  it('accepts GIF, and asks once for a picture many rows show at the same time', async () => {
    routes['/g.gif'] = image(GIF, 'image/gif')
    const all = await Promise.all([1, 2, 3].map(() => ask(cdn('/g.gif'), 'account:9')))
    expect(all.map((p) => p.type)).toEqual(['image/gif', 'image/gif', 'image/gif'])
    expect(hits).toEqual(['cdn.test/g.gif'])
  })

  it('evicts the least recently shown pictures past its byte cap', async () => {
    const pictures = ['A', 'B', 'C'].map((name) => avatarPng(name, 48))
    const cap = pictures[0]!.length + pictures[1]!.length + pictures[2]!.length - 1
    store = open({ maxBytes: cap })
    pictures.forEach((png, i) => (routes[`/${i}.png`] = image(png)))
    await ask(cdn('/0.png'), 'account:0')
    await clock.advance(1000)
    await ask(cdn('/1.png'), 'account:1')
    await clock.advance(1000)
    await ask(cdn('/0.png'), 'account:0') // shown again: now the most recent
    await clock.advance(1000)
    await ask(cdn('/2.png'), 'account:2')

    const keys = sqlOf(database).prepare('SELECT key FROM pictures ORDER BY key').all()
    expect(keys).toEqual([{ key: 'account:0' }, { key: 'account:2' }])
    expect(keptFiles()).toHaveLength(2)
    expect(store.size()).toBeLessThanOrEqual(cap)
  })

  it('follows a redirect to a public host or the service, and refuses one to a private or loopback address', async () => {
    routes['/moved.png'] = (_req, res) =>
      res.writeHead(302, { location: cdn('/a.png').replace('cdn', 'other-cdn') }).end()
    routes['/to-service.png'] = (_req, res) => res.writeHead(301, { location: `${service()}/a.png` }).end()
    routes['/to-lan.png'] = (_req, res) =>
      res.writeHead(302, { location: `http://printer.lan:${port}/a.png` }).end()
    routes['/to-loopback.png'] = (_req, res) =>
      res.writeHead(302, { location: `http://localhost:${port}/a.png` }).end()
    routes['/to-metadata.png'] = (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end()
    routes['/to-file.png'] = (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end()
    routes['/loop.png'] = (_req, res) => res.writeHead(302, { location: '/loop.png' }).end()
    routes['/a.png'] = image(avatarPng('Ana'))

    expect((await ask(cdn('/moved.png'))).type).toBe('image/png')
    expect((await ask(cdn('/to-service.png'))).type).toBe('image/png')
    expect(hits).toEqual([
      'cdn.test/moved.png',
      'other-cdn.test/a.png',
      'cdn.test/to-service.png',
      '127.0.0.1/a.png',
    ])
    store = open({ maxBytes: 10 * 1024 * 1024 })
    sqlOf(database).exec('DELETE FROM pictures')
    const before = keptFiles().length

    await refused(ask(cdn('/to-lan.png')), /printer\.lan is a local or private address/)
    await refused(ask(cdn('/to-loopback.png')), /localhost is a local or private address/)
    await refused(ask(cdn('/to-metadata.png')), /169\.254\.169\.254 is a local or private address/)
    await refused(ask(cdn('/to-file.png')), /must be http or https, not file/)
    await refused(ask(cdn('/loop.png')), /redirected more than 3 times/)
    expect(sqlOf(database).prepare('SELECT COUNT(*) AS n FROM pictures').get()).toEqual({ n: 0 })
    expect(keptFiles()).toHaveLength(before)
  })

  it('refuses addresses that are not http(s), or name a private host, before any request', async () => {
    for (const address of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://cdn.test/a.png',
      'not a url',
    ]) {
      await refused(ask(address), 'picture-refused')
    }
    await refused(ask(`http://user:pw@cdn.test:${port}/a.png`), /user name or password/)
    await refused(ask(`http://[::1]:${port}/a.png`), /::1 is a local or private address/)
    await refused(ask(`http://[::ffff:127.0.0.1]:${port}/a.png`), /is a local or private address/)
    await refused(ask(`http://10.1.2.3:${port}/a.png`), /10\.1\.2\.3 is a local or private address/)
    expect(hits).toEqual([])
    expect(keptFiles()).toEqual([])
  })

  it('refuses what is not a picture: another type, bytes that lie, SVG, an error page', async () => {
    routes['/page.png'] = image(Buffer.from('<html>sign in</html>'), 'text/html')
    routes['/lying.png'] = image(Buffer.from('<html>not really a png</html>'))
    routes['/drawing.svg'] = image(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'image/svg+xml',
    )
    routes['/svg-as-png.png'] = image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    routes['/gone.png'] = (_req, res) => res.writeHead(403, { 'content-type': 'image/png' }).end('expired')

    await refused(ask(cdn('/page.png')), /text\/html, not a PNG, JPEG, WebP, GIF or AVIF/)
    await refused(ask(cdn('/lying.png')), /says image\/png but its bytes are no picture/)
    await refused(ask(cdn('/drawing.svg')), /image\/svg\+xml, not a PNG/)
    await refused(ask(cdn('/svg-as-png.png')), /says image\/png but its bytes are/)
    expect((await refused(ask(cdn('/gone.png')), /answered 403/)).status).toBe(403)
    expect(keptFiles()).toEqual([])
    expect(store.size()).toBe(0)
  })

  it('refuses a picture past its size cap, announced or not, without reading it all', async () => {
    store = open({ maxItemBytes: 64 * 1024 })
    const big = Buffer.concat([avatarPng('Big'), Buffer.alloc(1024 * 1024)])
    routes['/announced.png'] = image(big)
    let written = 0
    routes['/chunked.png'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' })
      const piece = Buffer.alloc(16 * 1024)
      const more = () => {
        while (written < 50 * 1024 * 1024) {
          written += piece.length
          if (!res.write(piece)) return void res.once('drain', more)
        }
        res.end()
      }
      res.on('close', () => res.removeAllListeners('drain'))
      more()
    }
    await refused(ask(cdn('/announced.png')), /is 1 MB, more than the 64 kB kept/)
    await refused(ask(cdn('/chunked.png')), /larger than the 64 kB kept/)
    // The reading stopped near the cap, not after 50 MiB.
    expect(written).toBeLessThan(10 * 1024 * 1024)
    expect(keptFiles()).toEqual([])
  })

  it('gives up on a body that trickles past the deadline, keeping nothing', async () => {
    let started = false
    routes['/slow.png'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.write(avatarPng('Slow').subarray(0, 40))
      started = true
      // ...and the rest never comes.
    }
    const outcome = refused(ask(cdn('/slow.png'), 'account:slow'), 'picture-too-slow')
    await until(() => started, 'the first bytes')
    await clock.advance(10_000)
    const failure = await outcome
    expect(failure.kind).toBe('timeout')
    expect(failure.message).toBe('The picture did not arrive within 10 s.')
    expect(keptFiles()).toEqual([])
    expect(store.size()).toBe(0)
  })
})
