// A lying or broken service must not pin or exhaust the client: real loopback servers that drip an answer a
// byte at a time or flood one far past any real size. Intervals are shortened through the client's options,
// so nothing here waits the real 60 s deadline.
import { createServer } from 'node:http'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError, isRetryable } from '../../../common/errors'
import { createServiceClient, DEFAULT_TIMEOUTS } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'

let server: Server | undefined
let client: ServiceClient | undefined

afterEach(async () => {
  await client?.close()
  server?.closeAllConnections()
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()))
  server = client = undefined
})

async function serve(handler: (res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => handler(res))
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Writes `text` one byte every `everyMs`; resolves with how many bytes went out before the client left. */
function drip(res: ServerResponse, text: string, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let at = 0
    const timer = setInterval(() => {
      if (res.destroyed || at >= text.length) {
        clearInterval(timer)
        if (!res.destroyed) res.end()
        resolve(at)
        return
      }
      res.write(text[at++])
    }, everyMs)
    res.on('close', () => {
      clearInterval(timer)
      resolve(at)
    })
  })
}

/** Writes `total` bytes of JSON-ish filler as fast as the socket takes them; resolves with the bytes written. */
function flood(res: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(256 * 1024, 0x20)
  let written = 0
  return new Promise((resolve) => {
    res.on('close', () => resolve(written))
    const pump = (): void => {
      while (written < total && !res.destroyed) {
        written += chunk.length
        if (!res.write(chunk)) return void res.once('drain', pump)
      }
      if (!res.destroyed) res.end()
    }
    pump()
  })
}

const statistic = JSON.stringify({
  file: { total: 2, success: 1, pending: 1 },
  usage: { total: 1000, used: 400, free: 600 },
})

describe('the service client bounds every answer', () => {
  it('has an overall deadline of at most 60 s by default', () => {
    expect(DEFAULT_TIMEOUTS.deadlineMs).toBeLessThanOrEqual(60_000)
  })

  it('fails a 2xx answer that drips a byte at a time with a timeout, though no chunk gap is long', async () => {
    let sent: Promise<number> | undefined
    const base = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      sent = drip(res, statistic, 40)
    })
    // Each gap (40 ms) is far under bodyMs; only the whole call's deadline can end this.
    client = createServiceClient({
      baseUrl: base,
      accessKey: 'ak',
      secretKey: 'sk',
      timeouts: { bodyMs: 5_000, deadlineMs: 400 },
    })
    const started = performance.now()
    const error = await client.storageStatistic().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind: 'timeout', code: 'deadline' })
    expect((error as AppError).message).toMatch(
      /GET \/public\/storage\/statistic: no complete answer within 400 ms/,
    )
    // Timeouts are transient: the outbox and the engine try again later rather than giving up.
    expect(isRetryable(error as AppError)).toBe(true)
    // It ended at the deadline, well before the server had dripped the whole answer.
    expect(performance.now() - started).toBeLessThan(40 * statistic.length)
    expect(await sent).toBeLessThan(statistic.length)
  })

  it('fails a request whose headers never come, inside the deadline and not the headers timeout', async () => {
    const base = await serve(() => undefined)
    client = createServiceClient({
      baseUrl: base,
      accessKey: 'ak',
      secretKey: 'sk',
      retry: { maxRetries: 0 },
      timeouts: { headersMs: 30_000, deadlineMs: 300 },
    })
    await expect(client.countAccounts()).rejects.toMatchObject({ kind: 'timeout', code: 'deadline' })
  })

  it('refuses a 2xx answer past the size cap, and stops reading it', async () => {
    const total = 32 * 1024 * 1024
    let written: Promise<number> | undefined
    const base = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      written = flood(res, total)
    })
    client = createServiceClient({
      baseUrl: base,
      accessKey: 'ak',
      secretKey: 'sk',
      maxAnswerBytes: 1024 * 1024,
    })
    const error = await client.listFiles({ page: 1, limit: 10 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'server', code: 'answer-too-large', status: 200 })
    expect((error as AppError).message).toMatch(/GET \/public\/storage\/file: the answer is larger than 1 MB/)
    // The client dropped the connection instead of reading the rest.
    expect(await written).toBeLessThan(total)
  })

  it('reads an answer of exactly the cap, and refuses one byte more', async () => {
    let body = statistic.padEnd(64 * 1024, ' ')
    const base = await serve((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body))
    client = createServiceClient({
      baseUrl: base,
      accessKey: 'ak',
      secretKey: 'sk',
      maxAnswerBytes: body.length,
    })
    await expect(client.storageStatistic()).resolves.toMatchObject({ usage: { free: 600 } })
    body += ' '
    await expect(client.storageStatistic()).rejects.toMatchObject({ code: 'answer-too-large' })
  })

  it('quotes only the start of a flooding error page, and stops reading it', async () => {
    const total = 32 * 1024 * 1024
    let written: Promise<number> | undefined
    const base = await serve((res) => {
      res.writeHead(400, { 'content-type': 'text/html' })
      written = flood(res, total)
    })
    client = createServiceClient({ baseUrl: base, accessKey: 'ak', secretKey: 'sk' })
    await expect(client.deleteFile('f1')).rejects.toMatchObject({ kind: 'validation', status: 400 })
    expect(await written).toBeLessThan(total)
  })
})

describe('retries inside the deadline', () => {
  it('does not begin a Retry-After wait that would end past the deadline: the rate limit reaches the caller', async () => {
    let requests = 0
    const base = await serve((res) => {
      requests++
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '5' })
      res.end(JSON.stringify({ code: 429, message: 'slow down' }))
    })
    client = createServiceClient({
      baseUrl: base,
      accessKey: 'ak',
      secretKey: 'sk',
      timeouts: { deadlineMs: 2_000 },
    })
    await expect(client.storageStatistic()).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 5_000,
    })
    expect(requests).toBe(1)
  })
})
