// A real HTTP proxy on loopback for the proxy tests: CONNECT tunnels (what undici's proxy agents use, for
// http:// targets too) and plain forward requests in absolute form (`GET http://host/path`), with optional
// Basic credentials (407 without them). It records what it was asked and, since the sandbox speaks plain
// HTTP, the request heads that went through each tunnel, so a test can see every header the origin received.
import { createServer, request as httpRequest } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'

export interface TunnelledRequest {
  /** host:port of the CONNECT. */
  target: string
  method: string
  path: string
  /** Header names in lower case. */
  headers: Record<string, string>
}

export interface ProxyLog {
  /** Each CONNECT and forward request the proxy itself received, with its own headers. */
  asked: { method: string; target: string; headers: IncomingHttpHeaders; status: number }[]
  /** The requests inside the tunnels, parsed when asked for. */
  tunnelled(): TunnelledRequest[]
}

export interface TestProxy {
  url: string
  log: ProxyLog
  close(): Promise<void>
}

const HEAD = /(GET|PUT|POST|DELETE|PATCH|HEAD) (\S+) HTTP\/1\.1\r\n((?:[^\r\n]+\r\n)*)\r\n/g

export async function startConnectProxy(
  options: { credentials?: { user: string; pass: string } } = {},
): Promise<TestProxy> {
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.pass}`).toString('base64')}`
    : undefined
  const asked: ProxyLog['asked'] = []
  const streams: { target: string; chunks: Buffer[] }[] = []
  const sockets = new Set<Socket>()
  const authorised = (headers: IncomingHttpHeaders): boolean =>
    !expected || headers['proxy-authorization'] === expected

  const server = createServer((req, res) => {
    // Absolute-form request: `PUT http://host:port/path HTTP/1.1`.
    const target = new URL(req.url ?? '')
    const ok = authorised(req.headers)
    asked.push({ method: req.method!, target: target.host, headers: req.headers, status: ok ? 0 : 407 })
    if (!ok) {
      req.resume()
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', 'content-length': 0 }).end()
      return
    }
    const { 'proxy-authorization': _drop, 'proxy-connection': _drop2, ...headers } = req.headers
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: target.pathname + target.search,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })

  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    const target = req.url ?? ''
    if (!authorised(req.headers)) {
      asked.push({ method: 'CONNECT', target, headers: req.headers, status: 407 })
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n' +
          'Content-Length: 0\r\nConnection: close\r\n\r\n',
      )
      return
    }
    asked.push({ method: 'CONNECT', target, headers: req.headers, status: 200 })
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.slice(target.lastIndexOf(':') + 1)]
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      const stream = { target, chunks: head.length ? [Buffer.from(head)] : [] }
      streams.push(stream)
      if (head.length) upstream.write(head)
      client.on('data', (chunk: Buffer) => stream.chunks.push(Buffer.from(chunk)))
      client.pipe(upstream)
      upstream.pipe(client)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@`
    : ''
  return {
    url: `http://${auth}127.0.0.1:${port}`,
    log: {
      asked,
      tunnelled() {
        const found: TunnelledRequest[] = []
        for (const { target, chunks } of streams) {
          const text = Buffer.concat(chunks).toString('latin1')
          for (const m of text.matchAll(HEAD)) {
            const headers: Record<string, string> = {}
            for (const line of m[3]!.split('\r\n').filter(Boolean)) {
              const colon = line.indexOf(':')
              headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
            }
            found.push({ target, method: m[1]!, path: m[2]!, headers })
          }
        }
        return found
      },
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
