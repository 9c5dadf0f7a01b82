// A TCP proxy on loopback that makes the sink behave like a service far away: every byte waits `rttMs / 2`
// in each direction, and a new connection waits one round trip before its first byte (the TCP handshake a
// real distance charges). Bandwidth is not limited: what is measured is what round trips cost, and so what
// kept-alive connections, inits ahead of the slot and completes outside it save.
import { connect, createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'

export interface DelayProxy {
  url: string
  /** Connections accepted so far: how many TCP handshakes the client paid for. */
  connections(): number
  close(): Promise<void>
}

/** Forwards `from` to `to`, each chunk `delayMs` late, in order. */
function delayed(from: Socket, to: Socket, delayMs: number): void {
  const queue: { due: number; chunk: Buffer }[] = []
  let timer: NodeJS.Timeout | undefined
  let ended = false
  const flush = (): void => {
    timer = undefined
    const now = performance.now()
    while (queue.length > 0 && queue[0]!.due <= now) to.write(queue.shift()!.chunk)
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.due - now)
    else if (ended) to.end()
  }
  from.on('data', (chunk: Buffer) => {
    queue.push({ due: performance.now() + delayMs, chunk })
    timer ??= setTimeout(flush, delayMs)
  })
  from.on('end', () => {
    ended = true
    timer ??= setTimeout(flush, 0)
  })
}

export async function startDelayProxy(targetPort: number, rttMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server = createServer((client) => {
    accepted++
    client.pause()
    const upstream = connect(targetPort, '127.0.0.1')
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.setNoDelay(true)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    // The handshake's round trip, then bytes flow, each way half a round trip late.
    setTimeout(() => {
      delayed(client, upstream, rttMs / 2)
      delayed(upstream, client, rttMs / 2)
      client.resume()
    }, rttMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
