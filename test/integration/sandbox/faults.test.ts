// Fault injection for the client's reliability tests: latency, 5xx answers, dropped connections (API and
// mid-upload), storage-origin 503s, 429s with Retry-After and a short upload-address TTL, from the config and at
// runtime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { request } from 'undici'
import { call, getBytes, put, startTestSandbox, TEST_CONFIG, uploadFile, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string
/** The latency the sandbox waited, recorded rather than sat out (its `sleep`). */
const waits: number[] = []

beforeAll(async () => {
  t = await startTestSandbox({
    config: { ...TEST_CONFIG, faults: { latencyMs: 1500 } },
    sleep: async (ms) => void waits.push(ms),
  })
  base = t.sandbox.url
})
afterAll(() => t.stop())

async function init(size: number) {
  const answer = await call<{ id: string; upload: string; url: string }>(
    base,
    'POST',
    '/public/storage/file/init',
    {
      body: { filename: 'f.bin', size, mimetype: 'application/octet-stream' },
    },
  )
  expect(answer.status).toBe(201)
  return answer.json
}

describe('faults', () => {
  it('latency from the config delays answers; setFaults({}) clears it', async () => {
    await call(base, 'GET', '/public/storage/statistic')
    expect(waits).toEqual([1500])
    t.sandbox.setFaults({})
    await call(base, 'GET', '/public/storage/statistic')
    expect(waits).toEqual([1500])
  })

  it('serverErrorRate 1 answers JSON 5xx errors; 0 serves again', async () => {
    t.sandbox.setFaults({ serverErrorRate: 1 })
    for (let i = 0; i < 5; i++) {
      const answer = await call(base, 'GET', '/public/storage/statistic')
      expect(answer.status).toBeGreaterThanOrEqual(500)
      expect(answer.json).toEqual({ code: answer.status, message: expect.any(String) })
    }
    t.sandbox.setFaults({ serverErrorRate: 0 })
    expect((await call(base, 'GET', '/public/storage/statistic')).status).toBe(200)
  })

  it('serverErrorRate 0.5 fails some requests and serves others', async () => {
    t.sandbox.setFaults({ serverErrorRate: 0.5 })
    const statuses = new Set<number>()
    for (let i = 0; i < 40; i++) statuses.add((await call(base, 'GET', '/public/storage/statistic')).status)
    t.sandbox.setFaults({})
    expect(statuses.has(200)).toBe(true)
    expect([...statuses].some((s) => s >= 500)).toBe(true)
  })

  it('dropRequestRate 1 cuts API connections without an answer', async () => {
    t.sandbox.setFaults({ dropRequestRate: 1 })
    await expect(call(base, 'GET', '/public/storage/statistic')).rejects.toThrow()
    t.sandbox.setFaults({})
    expect((await call(base, 'GET', '/public/storage/statistic')).status).toBe(200)
  })

  it('dropUploadRate 1 cuts the PUT mid-body and stores nothing; the retry then succeeds', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 7)
    const file = await init(bytes.length)
    t.sandbox.setFaults({ dropUploadRate: 1 })
    await expect(put(file.upload, bytes, { 'content-type': 'application/octet-stream' })).rejects.toThrow()
    t.sandbox.setFaults({})
    expect((await call(base, 'POST', `/public/storage/file/${file.id}/complete`)).status).toBe(400)
    expect((await put(file.upload, bytes, { 'content-type': 'application/octet-stream' })).status).toBe(200)
    expect((await call(base, 'POST', `/public/storage/file/${file.id}/complete`)).status).toBe(204)
  })

  it('storageErrorRate 1 answers S3 503 SlowDown on the storage origin', async () => {
    const file = await init(3)
    t.sandbox.setFaults({ storageErrorRate: 1 })
    const answer = await put(file.upload, Buffer.from('abc'), { 'content-type': 'application/octet-stream' })
    t.sandbox.setFaults({})
    expect(answer.status).toBe(503)
    expect(answer.text).toContain('<Code>SlowDown</Code>')
  })

  it('rateLimitRate 1 answers API requests 429 with Retry-After and a JSON body; 0 serves again', async () => {
    t.sandbox.setFaults({ rateLimitRate: 1 })
    for (const [method, path] of [
      ['GET', '/public/storage/statistic'],
      ['POST', '/public/storage/file/init'],
    ] as const) {
      const answer = await call(base, method, path, {
        body: method === 'POST' ? { filename: 'f.bin', size: 3, mimetype: 'text/plain' } : undefined,
      })
      expect(answer.status).toBe(429)
      expect(answer.headers['retry-after']).toBe('1')
      expect(answer.json).toEqual({ code: 429, message: 'too many requests' })
    }
    t.sandbox.setFaults({ rateLimitRate: 0 })
    expect((await call(base, 'GET', '/public/storage/statistic')).status).toBe(200)
  })

  it('rateLimitRate 1 answers a storage PUT 429 SlowDown in S3 XML and stores nothing; the retry succeeds', async () => {
    const stored = await uploadFile(base, Buffer.from('xyz'))
    const file = await init(3)
    t.sandbox.setFaults({ rateLimitRate: 1 })
    const answer = await put(file.upload, Buffer.from('abc'), { 'content-type': 'application/octet-stream' })
    // Reading a stored file from the storage origin is not a write: it is not throttled.
    const read = await getBytes(stored.url)
    t.sandbox.setFaults({})
    expect(answer.status).toBe(429)
    expect(answer.headers['retry-after']).toBe('1')
    expect(answer.text).toContain('<Code>SlowDown</Code>')
    expect(read.status).toBe(200)
    expect((await call(base, 'POST', `/public/storage/file/${file.id}/complete`)).status).toBe(400)
    expect(
      (await put(file.upload, Buffer.from('abc'), { 'content-type': 'application/octet-stream' })).status,
    ).toBe(200)
    expect((await call(base, 'POST', `/public/storage/file/${file.id}/complete`)).status).toBe(204)
  })

  it('rateLimitRate 0.5 throttles some API requests and serves others', async () => {
    t.sandbox.setFaults({ rateLimitRate: 0.5 })
    const statuses = new Set<number>()
    for (let i = 0; i < 40; i++) statuses.add((await call(base, 'GET', '/public/storage/statistic')).status)
    t.sandbox.setFaults({})
    expect([...statuses].sort()).toEqual([200, 429])
  })

  it('a short upload-address TTL expires in real time', async () => {
    t.sandbox.setFaults({ uploadUrlTtlSeconds: 1 })
    const file = await init(3)
    t.sandbox.setFaults({})
    expect(new URL(file.upload).searchParams.get('X-Amz-Expires')).toBe('1')
    t.clock.advance(1500)
    const answer = await put(file.upload, Buffer.from('abc'), { 'content-type': 'application/octet-stream' })
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('Request has expired')
  })

  it('a client that disconnects mid-upload leaves no object and the server keeps serving', async () => {
    const file = await init(1024 * 1024)
    const controller = new AbortController()
    const body = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024)
        controller.abort()
        await new Promise((r) => setTimeout(r, 50))
        yield Buffer.alloc(64 * 1024)
      })(),
    )
    await expect(
      request(file.upload, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) },
        signal: controller.signal,
      }),
    ).rejects.toThrow()
    await new Promise((r) => setTimeout(r, 100))
    expect((await call(base, 'POST', `/public/storage/file/${file.id}/complete`)).status).toBe(400)
    expect((await call(base, 'GET', '/public/storage/statistic')).status).toBe(200)
  })

  it('setFaults refuses invalid values', () => {
    expect(() => t.sandbox.setFaults({ serverErrorRate: 3 })).toThrow(/serverErrorRate/)
    expect(() => t.sandbox.setFaults({ rateLimitRate: -0.1 })).toThrow(/rateLimitRate/)
  })
})
