// A tiny HTTP proxy in front of the sandbox that can lose answers on purpose: the request is forwarded and
// carried out by the service, but the client never sees the answer. That is exactly the "answer lost" case
// (a reset or timeout after the service acted) that the sandbox's own faults cannot produce, since they fail
// a request before it is served. It can also hand a request to the service late: held whole, then forwarded when
// the test says (a slow line, a queue in front of the service), with the client left waiting (`delay`) or cut off
// as its own deadline would (`delay-cut`), the late answer going nowhere; or with the late answer handed back to
// the client (`slow`: a slow service).
import { createServer, request as httpRequest } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type ProxyAction = 'pass' | 'drop-answer' | 'hold-answer' | 'refuse' | 'delay' | 'delay-cut' | 'slow'

export interface AnswerDroppingProxy {
  url: string
  /** Decides for each request; the default passes everything. */
  setRule(rule: (method: string, path: string) => ProxyAction): void
  /** Requests seen, as `METHOD path`. */
  readonly seen: string[]
  /** Requests held by `delay`/`delay-cut`/`slow` and not yet handed on. */
  held(): number
  /** Hands every held request to the service now; resolves once the service has answered each. */
  release(): Promise<void>
  close(): Promise<void>
}

export async function startAnswerDroppingProxy(upstream: string): Promise<AnswerDroppingProxy> {
  const target = new URL(upstream)
  let rule: (method: string, path: string) => ProxyAction = () => 'pass'
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const delayed: Array<{
    method: string
    path: string
    headers: IncomingHttpHeaders
    body: Buffer
    /** `slow`: the client waiting for the answer. */
    res?: ServerResponse
  }> = []
  const handOn = (held: (typeof delayed)[number]) =>
    new Promise<void>((resolve, reject) => {
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: held.method,
          path: held.path,
          headers: { ...held.headers, host: target.host },
        },
        (answer) => {
          answer.on('end', resolve)
          if (!held.res) return void answer.resume()
          held.res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(held.res)
        },
      )
      forward.on('error', reject)
      forward.end(held.body)
    })

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    seen.push(`${method} ${path}`)
    const action = rule(method, path.split('?')[0]!)
    if (action === 'refuse') {
      req.socket.destroy()
      return
    }
    if (action === 'delay' || action === 'delay-cut' || action === 'slow') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        delayed.push({ method, path, headers: req.headers, body, ...(action === 'slow' ? { res } : {}) })
        if (action === 'delay-cut') req.socket.destroy()
      })
      return
    }
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        // The sandbox tells its API from its storage origin by Host: keep the API's.
        headers: { ...req.headers, host: target.host },
      },
      (upstreamRes) => {
        if (action === 'pass') {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers)
          upstreamRes.pipe(res)
          return
        }
        // Let the service finish, then lose its answer.
        upstreamRes.resume()
        upstreamRes.on('end', () => {
          if (action === 'drop-answer') req.socket.destroy()
        })
      },
    )
    forward.on('error', () => req.socket.destroy())
    req.pipe(forward)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    setRule(next) {
      rule = next
    },
    seen,
    held: () => delayed.length,
    async release() {
      for (const held of delayed.splice(0)) await handOn(held)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
