// A stand-in storage origin for unit tests: accepts PUTs, hashes what arrives, records the headers, and can be
// told to misbehave per request (status codes, S3 XML errors, connection resets, stalls, redirects).
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPut {
  path: string
  rawUrl: string
  headers: IncomingHttpHeaders
  bytes: number
  sha256: string
  /** false when the request was cut before its body ended. */
  complete: boolean
}

export type SinkBehaviour =
  /** Answers 200 after `delayMs`, and not before `until` (a test's own event) has resolved. */
  | { kind: 'ok'; delayMs?: number; until?: Promise<void> }
  /** Reads slowly (a chunk per `everyMs`); answers 200 at the end only when `answer`. */
  | { kind: 'trickle'; everyMs: number; answer: boolean }
  /** Calls `touch` on the first chunk, holding the body back a moment so the client is mid-file. */
  | { kind: 'ok-touch'; touch: () => void }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'reset-after'; bytes: number }
  | { kind: 'stall-after'; bytes: number }
  | { kind: 'redirect'; location: string }

export interface StorageSink {
  url: string
  received: ReceivedPut[]
  /** Most requests open at once (from arrival to the end of the answer). */
  maxActive: number
  /** Answers sent in full (any status): how many PUTs have finished, as the client sees it. */
  answered: number
  /** Successful, complete PUTs per path. */
  okCount(path: string): number
  /** Decides the fate of the n-th request (0-based) overall. */
  behave: (req: IncomingMessage, n: number) => SinkBehaviour
  close(): Promise<void>
}

export const S3_EXPIRED =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'

export async function startStorageSink(): Promise<StorageSink> {
  let n = 0
  let active = 0
  const sink: StorageSink = {
    url: '',
    received: [],
    okCount: (path) => sink.received.filter((r) => r.path === path && r.complete).length,
    behave: () => ({ kind: 'ok' }),
    maxActive: 0,
    answered: 0,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const behaviour = sink.behave(req, n++)
    active++
    sink.maxActive = Math.max(sink.maxActive, active)
    res.on('close', () => active--)
    res.on('finish', () => sink.answered++)
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (behaviour.kind === 'redirect') {
      req.resume()
      res.writeHead(307, { location: behaviour.location }).end()
      return
    }
    const hash = createHash('sha256')
    let bytes = 0
    let cut = false
    let trickle: NodeJS.Timeout | undefined
    if (behaviour.kind === 'trickle') {
      trickle = setInterval(() => req.resume(), behaviour.everyMs)
      req.on('close', () => clearInterval(trickle))
    }
    req.on('data', (chunk: Buffer) => {
      if (behaviour.kind === 'trickle') req.pause()
      if (behaviour.kind === 'ok-touch' && bytes === 0) {
        behaviour.touch()
        req.pause()
        setTimeout(() => req.resume(), 50)
      }
      hash.update(chunk)
      bytes += chunk.length
      if (behaviour.kind === 'reset-after' && bytes >= behaviour.bytes && !cut) {
        cut = true
        req.socket.destroy()
      }
      if (behaviour.kind === 'stall-after' && bytes >= behaviour.bytes && !cut) {
        cut = true
        req.pause()
      }
    })
    req.on('close', () => {
      if (behaviour.kind === 'trickle' && !req.complete) cut = true
      if (cut)
        sink.received.push({
          path,
          rawUrl: req.url ?? '',
          headers: req.headers,
          bytes,
          sha256: '',
          complete: false,
        })
    })
    req.on('end', () => {
      if (cut) return
      const ok = behaviour.kind === 'ok' || behaviour.kind === 'ok-touch' || behaviour.kind === 'trickle'
      sink.received.push({
        path,
        rawUrl: req.url ?? '',
        headers: req.headers,
        bytes,
        sha256: hash.digest('hex'),
        complete: ok,
      })
      if (behaviour.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/xml', ...behaviour.headers })
        res.end(behaviour.body ?? '')
        return
      }
      clearInterval(trickle)
      if (behaviour.kind === 'trickle' && !behaviour.answer) return
      const delay = behaviour.kind === 'ok' ? (behaviour.delayMs ?? 0) : 0
      const until = behaviour.kind === 'ok' ? behaviour.until : undefined
      setTimeout(
        () => void (until ?? Promise.resolve()).then(() => res.writeHead(200, { etag: '"x"' }).end()),
        delay,
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return sink
}
