// The PUT of a file's bytes against storage origins that misbehave after taking the bytes: an answer that
// floods or drips. Real loopback servers; intervals shortened through putFile's options.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { putFile } from '../../../../main/core/uploads/storage-put'

let server: Server
let url: string
let agent: Agent
let dir: string
let answer: (req: IncomingMessage, res: ServerResponse) => void

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'put-bounds-'))
  agent = new Agent()
  server = createServer((req, res) => answer(req, res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/k/a.bin?X-Amz-Signature=abc`
})

afterEach(async () => {
  await agent.close()
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
  rmSync(dir, { recursive: true, force: true })
})

function put(size: number, timeouts: { stallTimeoutMs: number; headersTimeoutMs: number }) {
  const path = join(dir, 'a.bin')
  writeFileSync(path, Buffer.alloc(size, 7))
  return putFile({
    dispatcher: agent,
    uploadUrl: url,
    path,
    size,
    mimetype: 'application/octet-stream',
    signal: new AbortController().signal,
    chunkBytes: 64 * 1024,
    onProgress: () => undefined,
    ...timeouts,
  })
}

/** After the whole request body, answers `status` and writes `text` a byte every `everyMs`. */
function dripAnswer(status: number, text: string, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    answer = (req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(status, { 'content-type': 'application/xml' })
        let at = 0
        const timer = setInterval(() => {
          if (at >= text.length) {
            clearInterval(timer)
            res.end()
            return resolve(at)
          }
          res.write(text[at++])
        }, everyMs)
        res.on('close', () => {
          clearInterval(timer)
          resolve(at)
        })
      })
    }
  })
}

const S3_ERROR = `<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>${'x'.repeat(80)}</Message></Error>`

describe('the storage PUT bounds the answer', () => {
  it('quotes the start of a flooding error page and stops reading it', async () => {
    const total = 32 * 1024 * 1024
    const written = new Promise<number>((resolve) => {
      answer = (req, res) => {
        req.resume()
        req.on('end', () => {
          res.writeHead(403, { 'content-type': 'application/xml' })
          res.write('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>')
          const chunk = Buffer.alloc(256 * 1024, 0x20)
          let n = 0
          res.on('close', () => resolve(n))
          const pump = (): void => {
            while (n < total && !res.destroyed) {
              n += chunk.length
              if (!res.write(chunk)) return void res.once('drain', pump)
            }
            if (!res.destroyed) res.end()
          }
          pump()
        })
      }
    })
    await expect(put(1000, { stallTimeoutMs: 5_000, headersTimeoutMs: 5_000 })).rejects.toMatchObject({
      kind: 'storage-rejected',
      status: 403,
      message: expect.stringContaining('Request has expired'),
    })
    expect(await written).toBeLessThan(total)
  })

  it('fails an error answer that drips a byte at a time with a timeout', async () => {
    const dripped = dripAnswer(500, S3_ERROR, 30)
    // Each gap (30 ms) is far under the 400 ms bodyTimeout undici applies; only the answer's deadline ends it.
    await expect(put(1000, { stallTimeoutMs: 5_000, headersTimeoutMs: 400 })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/storage answer to upload not complete within 400 ms/),
    })
    expect(await dripped).toBeLessThan(S3_ERROR.length)
  })

  it('counts a 2xx whose body drips on, and drops that body at the deadline', async () => {
    const dripped = dripAnswer(200, S3_ERROR, 30)
    await expect(put(300 * 1024, { stallTimeoutMs: 5_000, headersTimeoutMs: 400 })).resolves.toBeUndefined()
    expect(await dripped).toBeLessThan(S3_ERROR.length)
  })
})

describe('the storage PUT bounds the sending by stalls, not by total time', () => {
  // Pins what held before this change too (putFile arms no timer on the whole transfer, only a stall timer
  // pushed back on every chunk the socket takes): a silent storage is cut after the stall interval.
  it('fails with a timeout when no byte moves for the stall interval', async () => {
    answer = (req) => {
      req.once('data', () => req.pause())
    }
    await expect(
      put(8 * 1024 * 1024, { stallTimeoutMs: 200, headersTimeoutMs: 5_000 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('upload stalled: no progress for 200 ms'),
    })
  })
})
