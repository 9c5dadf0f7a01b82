import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import { emptyScheduleRequest } from '../../../common/service'
import { createServiceClient } from '../../../main/core/service-client'
import type { ServiceClient } from '../../../main/core/service-client'
import { normaliseBaseUrl } from '../../../main/core/http/base-url'
import { buildQuery } from '../../../main/core/http/query'
import { backoffDelay, formatRetryAt, parseRetryAfter, sleep } from '../../../main/core/http/backoff'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
type Handler = (req: Seen, n: number, res: ServerResponse) => void

let server: Server
let base: string
let seen: Seen[]
let handler: Handler
let client: ServiceClient

const statistic = {
  file: { total: 2, success: 1, pending: 1 },
  usage: { total: 1000, used: 400, free: 600 },
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

beforeEach(async () => {
  seen = []
  handler = (_req, _n, res) => json(res, 200, statistic)
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body }
      seen.push(s)
      handler(s, seen.length, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  client = createServiceClient({
    baseUrl: `${base}/public/`,
    accessKey: 'ak',
    secretKey: 'sk',
    retry: { minDelayMs: 1, maxDelayMs: 5 },
    timeouts: { headersMs: 500, bodyMs: 500 },
  })
})

afterEach(async () => {
  await client.close()
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
})

describe('service client', () => {
  it('sends Basic auth to the normalised base URL and validates the answer', async () => {
    expect(client.baseUrl).toBe(base)
    await expect(client.storageStatistic()).resolves.toEqual(statistic)
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/public/storage/statistic' })
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ak:sk').toString('base64')}`)
  })

  it('treats any 2xx as success: init answering 201, complete and retry answering 204', async () => {
    handler = (req, _n, res) => {
      if (req.url.endsWith('/init'))
        json(res, 201, { id: 'f1', upload: 'https://s.example/u?x=1', key: 'k', url: 'https://p.example/k' })
      else res.writeHead(204).end()
    }
    const init = await client.initFile({ filename: 'a.png', size: 3, mimetype: 'image/png' })
    expect(init.id).toBe('f1')
    await client.completeFile('f1')
    await client.retrySchedule('s1')
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /public/storage/file/init',
      'POST /public/storage/file/f1/complete',
      'PUT /public/schedule/s1/retry',
    ])
    expect(JSON.parse(seen[0]!.body)).toEqual({ filename: 'a.png', size: 3, mimetype: 'image/png' })
    expect(seen[0]!.headers['content-type']).toBe('application/json')
  })

  it('writes array queries as accountIds[]= and leaves out what is not set', async () => {
    handler = (_req, _n, res) =>
      json(res, 200, {
        docs: [],
        totalDocs: 0,
        limit: 10,
        totalPages: 0,
        page: 1,
        pagingCounter: 1,
        hasPrevPage: false,
        hasNextPage: false,
        prevPage: null,
        nextPage: null,
      })
    await client.listAutomations({ page: 2, limit: 10, accountIds: ['a 1', 'b'], search: 'x&y' })
    await client.listSchedules({ page: 1, limit: 5, status: 'error', fromDate: '2026-01-01' })
    await client.deleteFiles(['f1', 'f2'])
    expect(seen.map((s) => s.url)).toEqual([
      '/public/automation?page=2&limit=10&accountIds[]=a%201&accountIds[]=b&search=x%26y',
      '/public/schedule?page=1&limit=5&status=error&fromDate=2026-01-01',
      '/public/storage/file/mass?fileIds[]=f1&fileIds[]=f2',
    ])
  })

  it.each([
    [401, 'unauthorized', 'unauthorized'],
    [402, 'invalid plan', 'plan'],
    [402, 'upgrade to get more storage', 'storage-full'],
    [403, 'forbidden', 'plan'],
    [404, 'schedule not found', 'not-found'],
    [400, 'accountId is required', 'validation'],
    [422, 'bad', 'validation'],
  ])('maps %i "%s" to %s with the service code and message', async (status, message, kind) => {
    handler = (_req, _n, res) => json(res, status, { code: status, message })
    const error = await client.retrySchedule('s1').catch((e) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ kind, status, code: status })
    expect(error.message).toContain(message)
  })

  it('retries a GET on 5xx and 429 (honouring Retry-After) but never a POST', async () => {
    handler = (_req, n, res) => {
      if (n === 1) json(res, 503, { code: 503, message: 'busy' })
      else if (n === 2) json(res, 429, { code: 429, message: 'slow down' }, { 'retry-after': '0' })
      else json(res, 200, statistic)
    }
    await expect(client.storageStatistic()).resolves.toEqual(statistic)
    expect(seen).toHaveLength(3)

    seen = []
    handler = (_req, _n, res) => json(res, 500, { code: 500, message: 'boom' })
    const error = await client.completeFile('f1').catch((e) => e)
    expect(error).toMatchObject({ kind: 'server', status: 500, message: expect.stringContaining('boom') })
    expect(seen).toHaveLength(1)
  })

  it('gives the last answer of an exhausted GET retry, with its Retry-After', async () => {
    handler = (_req, _n, res) => json(res, 429, { code: 429, message: 'too many' }, { 'retry-after': '0' })
    const error = await client.storageStatistic().catch((e) => e)
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 0 })
    expect(seen).toHaveLength(4) // first try + 3 retries
  })

  it('times out a request whose answer does not come', async () => {
    handler = () => undefined // never answers
    const error = await client.completeFile('f1').catch((e) => e)
    expect(error).toMatchObject({ kind: 'timeout' })
  })

  it('reports a network failure and a cancel as their own kinds', async () => {
    const dead = createServiceClient({
      baseUrl: 'http://127.0.0.1:1',
      accessKey: 'a',
      secretKey: 'b',
      retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 1 },
    })
    await expect(dead.storageStatistic()).rejects.toMatchObject({ kind: 'network' })
    await dead.close()
    handler = () => undefined
    const controller = new AbortController()
    const pending = client.completeFile('f1', { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' })
  })

  it('rejects a response that lacks what the app cannot do without', async () => {
    handler = (_req, _n, res) => json(res, 200, { file: { total: 1 }, usage: { total: 'many', used: 0 } })
    await expect(client.storageStatistic()).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringContaining('unexpected response shape at usage.total'),
    })
  })

  it('reads a statistic whose numbers come as text and whose free and pending are missing', async () => {
    handler = (_req, _n, res) =>
      json(res, 200, { file: { total: '3', success: 3 }, usage: { total: '1000', used: 250 } })
    expect(await client.storageStatistic()).toMatchObject({
      file: { total: 3, success: 3, pending: 0 },
      usage: { total: 1000, used: 250, free: 750 },
    })
  })

  it("reads the OpenAPI's own schedule list, whose second record has no topic, meta or additionalInfo", async () => {
    const doc = JSON.parse(
      readFileSync(new URL('../../../sandbox/reference/service-openapi.json', import.meta.url), 'utf8'),
    )
    const example = doc.paths['/public/schedule'].get.responses['200'].content['application/json'].example
    // And a record written before userId existed, as the first one.
    const { userId: _userId, ...withoutUser } = example.docs[0]
    handler = (_req, _n, res) => json(res, 200, { ...example, docs: [withoutUser, ...example.docs.slice(1)] })
    const page = await client.listSchedules({ page: 1, limit: 20 })
    expect(page.docs.map((s) => s.id)).toEqual(example.docs.map((d: { _id: string }) => d._id))
    expect(page.docs[0]!.userId).toBeUndefined()
    expect(page.skipped).toBe(0)
  })

  it('validates a request body before sending it', async () => {
    const error = await client
      .createSchedule({ ...emptyScheduleRequest(), accountId: '', scheduleAt: 'tomorrow' })
      .catch((e) => e)
    expect(error).toMatchObject({ kind: 'validation', field: 'accountId' })
    expect(seen).toHaveLength(0)
  })
})

describe('http helpers', () => {
  it('normalises base URLs', () => {
    expect(normaliseBaseUrl(' https://api.repliz.com/ ')).toBe('https://api.repliz.com')
    expect(normaliseBaseUrl('https://api.repliz.com/public')).toBe('https://api.repliz.com')
    expect(normaliseBaseUrl('http://h:8080/prefix//')).toBe('http://h:8080/prefix')
    expect(() => normaliseBaseUrl('ftp://x')).toThrow(/http or https/)
    expect(() => normaliseBaseUrl('nope')).toThrow(/invalid base URL/)
  })

  it('says when to retry as local HH:MM, with the date when it is not today', () => {
    const now = new Date(2026, 10, 24, 9, 5)
    expect(formatRetryAt(new Date(2026, 10, 24, 14, 7), now)).toBe('14:07')
    expect(formatRetryAt(new Date(2026, 10, 25, 3, 0), now)).toBe('03:00 on 2026-11-25')
  })

  it('sleeps no longer than a timer can count, and ends early on abort', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const controller = new AbortController()
      const slept = sleep(1e12, controller.signal).then(
        () => 'woke',
        () => 'aborted',
      )
      await new Promise((resolve) => setImmediate(resolve))
      controller.abort()
      expect(await slept).toBe('aborted')
      expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning')
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('builds queries', () => {
    expect(buildQuery({ a: 1, b: undefined, c: [], d: ['x'] })).toBe('?a=1&d[]=x')
    expect(buildQuery({})).toBe('')
  })

  it('parses Retry-After in seconds and as a date; backoff stays within its cap', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    // Huge or past values stay finite and within a year: something a Date and a timer can take.
    expect(parseRetryAfter('9'.repeat(400))).toBe(366 * 24 * 3600 * 1000)
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', 0)).toBe(366 * 24 * 3600 * 1000)
    expect(parseRetryAfter(new Date(1000).toUTCString(), 5000)).toBe(0)
    for (let attempt = 1; attempt < 10; attempt++) {
      const d = backoffDelay(attempt, { baseMs: 100, maxMs: 1000 })
      const cap = Math.min(1000, 100 * 2 ** (attempt - 1))
      expect(d).toBeGreaterThanOrEqual(cap / 2)
      expect(d).toBeLessThanOrEqual(cap)
    }
  })
})
