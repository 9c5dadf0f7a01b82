// The benchmarks' far end, in a process of its own so its CPU does not count against the uploader:
// a storage sink that reads and discards PUT bodies (counting bytes), and a light stand-in of the service's
// storage endpoints (statistic, init, complete, delete) so the real engine can run its full flow.
// Prints `{"port":N}` once listening. GET /__last-put answers the last PUT's size and the time the sink spent
// receiving it (headers to last byte), the same clock for curl and the CLI (bench/cli.ts).
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

let received = 0
let puts = 0
let lastPut: { path: string; bytes: number; seconds: number } | null = null

const server = createServer((req, res) => {
  const url = req.url ?? '/'
  if (req.method === 'PUT' && url.startsWith('/store/')) {
    let bytes = 0
    const started = process.hrtime.bigint()
    req.on('data', (chunk: Buffer) => (bytes += chunk.length))
    req.on('end', () => {
      received += bytes
      puts++
      lastPut = { path: url.split('?')[0]!, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 }
      const expected = Number(req.headers['content-length'])
      res.writeHead(bytes === expected ? 200 : 400, { 'content-length': 0 }).end()
    })
    return
  }
  req.resume()
  req.on('end', () => {
    const json = (status: number, body: unknown): void => {
      const text = JSON.stringify(body)
      res
        .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        .end(text)
    }
    if (url === '/public/storage/statistic') {
      return json(200, {
        file: { total: 0, success: 0, pending: 0 },
        usage: { total: 2 ** 50, used: 0, free: 2 ** 50 },
      })
    }
    if (url === '/public/storage/file/init') {
      const id = randomUUID()
      const host = req.headers.host
      return json(201, {
        id,
        key: `u/${id}`,
        url: `http://${host}/public-files/${id}`,
        upload: `http://${host}/store/${id}?X-Amz-Signature=abc&x-amz-checksum-crc32=AAAAAA%3D%3D&x-amz-sdk-checksum-algorithm=CRC32`,
      })
    }
    if (/^\/public\/storage\/file\/[^/]+\/complete$/.test(url) || req.method === 'DELETE') {
      return void res.writeHead(204).end()
    }
    if (url === '/__stats') return json(200, { received, puts })
    if (url === '/__last-put') return json(200, lastPut)
    json(404, { code: 404, message: 'not found' })
  })
})

server.keepAliveTimeout = 30_000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: (server.address() as AddressInfo).port }) + '\n')
})
