// A stored file timed by ranges against a real HTTP server on loopback: a storage without ranges answered
// within the budget, a redirect to a private address refused by the picture fetch's guard, and a header that
// lies past the budget refused rather than downloaded.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remoteMediaDuration } from '../../../../main/core/inbox/remote-duration'

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}
function mp4(seconds: number, dataBytes: number): Buffer {
  const mvhd = Buffer.alloc(96)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(seconds * 1000, 16)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1')),
    box('mdat', Buffer.alloc(dataBytes)),
    box('moov', box('mvhd', mvhd)),
  ])
}

let server: Server
let origin = ''
const ranges: string[] = []
const small = mp4(7, 1000)
const large = mp4(9, 300_000)

beforeAll(async () => {
  server = createServer((req, res) => {
    ranges.push(`${req.url} ${req.headers.range ?? ''}`)
    if (req.url === '/whole.mp4') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(small)
    if (req.url === '/large-whole.mp4') return res.writeHead(200).end(large)
    if (req.url === '/away.mp4') return res.writeHead(302, { location: 'http://10.9.8.7/x.mp4' }).end()
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const dispatcher = new Agent()
const options = (maxBytes = 100_000) => ({
  dispatcher,
  trusted: [origin],
  lookup: async () => ['93.184.216.34'],
  maxBytes,
  deadlineMs: 10_000,
  timers: { setTimeout: () => 0, clearTimeout: () => undefined },
})

describe('remoteMediaDuration', () => {
  it('reads a storage that answers the whole file instead of a range, within the budget', async () => {
    expect(await remoteMediaDuration(`${origin}/whole.mp4`, options())).toBe(7)
  })

  it('refuses a redirect to a private address, as the picture fetch does', async () => {
    await expect(remoteMediaDuration(`${origin}/away.mp4`, options())).rejects.toMatchObject({
      code: 'picture-refused',
    })
  })

  it('stops at the budget instead of downloading a file whose header lies past it', async () => {
    await expect(remoteMediaDuration(`${origin}/large-whole.mp4`, options(100_000))).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/past the first/),
    })
  })

  it('names a missing file', async () => {
    await expect(remoteMediaDuration(`${origin}/gone.mp4`, options())).rejects.toMatchObject({
      kind: 'not-found',
      status: 404,
    })
  })
})
