// Reading a stored file back to learn its hash, against a real loopback storage that answers well, floods,
// refuses or drips: only ever a hash of the right bytes, or null, or a deadline; never an endless read.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashUrl, storedHashDeadlineMs } from '../../../../main/core/uploads/content-dedupe'

let server: Server
let url: string
let agent: Agent
let answer: (res: ServerResponse) => void

beforeEach(async () => {
  agent = new Agent()
  server = createServer((req, res) => {
    req.resume()
    answer(res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/u/file.bin`
})

afterEach(async () => {
  await agent.close()
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
})

/** Writes `total` bytes as fast as the socket takes them; resolves with how many went out. */
function flood(res: ServerResponse, status: number, total: number): Promise<number> {
  const chunk = Buffer.alloc(256 * 1024, 1)
  let n = 0
  return new Promise((resolve) => {
    res.writeHead(status)
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

const read = (size: number, deadlineMs = 5_000) =>
  hashUrl(agent, url, { size, signal: new AbortController().signal, deadlineMs })

describe('hashing a stored file from its public address', () => {
  it('hashes the bytes of a well-formed answer', async () => {
    const bytes = Buffer.from('the same bytes')
    answer = (res) => res.writeHead(200).end(bytes)
    await expect(read(bytes.length)).resolves.toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('stops reading an answer longer than the stored size: not the same bytes', async () => {
    const total = 32 * 1024 * 1024
    let written: Promise<number> | undefined
    answer = (res) => {
      written = flood(res, 200, total)
    }
    await expect(read(1024 * 1024)).resolves.toBeNull()
    expect(await written).toBeLessThan(total)
  })

  it('drops a refusal unread', async () => {
    const total = 32 * 1024 * 1024
    let written: Promise<number> | undefined
    answer = (res) => {
      written = flood(res, 403, total)
    }
    await expect(read(total)).resolves.toBeNull()
    expect(await written).toBeLessThan(total)
  })

  it('gives up at its deadline on an answer that drips', async () => {
    let dripped = 0
    answer = (res) => {
      res.writeHead(200, { 'content-length': '100' })
      const timer = setInterval(
        () => (res.destroyed ? clearInterval(timer) : (res.write('x'), dripped++)),
        30,
      )
      res.on('close', () => clearInterval(timer))
    }
    await expect(read(100, 300)).rejects.toThrow()
    expect(dripped).toBeLessThan(100)
  })

  it('allows a minute plus the size at 256 KiB/s', () => {
    expect(storedHashDeadlineMs(1)).toBe(61_000)
    expect(storedHashDeadlineMs(1024 ** 3)).toBe(60_000 + 4096 * 1000)
  })
})
