// The storage flow over real HTTP: init -> presigned PUT on the storage origin -> complete, the statistic,
// the public URL (Range too), the file list/get/delete endpoints, and every refusal the service's OpenAPI
// description lists (sandbox/reference/service-openapi.json).
import { request as httpRequest } from 'node:http'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  DEMO_AUTH,
  getBytes,
  put,
  STD_AUTH,
  startTestSandbox,
  uploadFile,
  type TestSandbox,
} from './helpers'

let t: TestSandbox
let base: string

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
})
afterAll(() => t.stop())

async function init(body: unknown, auth = DEMO_AUTH) {
  return call<{ id: string; upload: string; key: string; url: string }>(
    base,
    'POST',
    '/public/storage/file/init',
    {
      auth,
      body,
    },
  )
}

interface Statistic {
  file: { total: number; success: number; pending: number }
  usage: { total: number; used: number; free: number }
}

describe('auth', () => {
  it.each([
    ['no header', null],
    ['wrong secret', `Basic ${Buffer.from('demo:nope').toString('base64')}`],
    ['unknown user', `Basic ${Buffer.from('who:demo-secret').toString('base64')}`],
    ['not basic', 'Bearer demo'],
    ['garbage', 'Basic %%%'],
  ])('401 unauthorized with %s', async (_name, auth) => {
    const answer = await call(base, 'GET', '/public/storage/statistic', { auth })
    expect(answer.status).toBe(401)
    expect(answer.json).toEqual({ code: 401, message: 'unauthorized' })
  })

  it('unknown paths are JSON 404s', async () => {
    const answer = await call(base, 'GET', '/public/nope')
    expect(answer.status).toBe(404)
    expect(answer.json).toMatchObject({ code: 404 })
  })
})

describe('upload flow', () => {
  it('init -> PUT -> complete stores the bytes, shows in the statistic and at the public URL', async () => {
    const before = (await call<Statistic>(base, 'GET', '/public/storage/statistic')).json
    const bytes = randomBytes(200_000)
    const created = await init({ filename: 'clip.mp4', size: bytes.length, mimetype: 'video/mp4' })
    expect(created.status).toBe(201)
    const { id, upload, key, url } = created.json
    expect(id).toMatch(/^[0-9a-f]{24}$/)
    expect(key).toMatch(/^uploads\/[0-9a-f]{24}\/[0-9a-f-]{36}\.mp4$/)
    expect(url).toBe(`${t.sandbox.storageUrl}/${key}`)
    const u = new URL(upload)
    expect(u.origin).toBe(t.sandbox.storageUrl)
    expect(u.origin).not.toBe(new URL(base).origin)
    expect(u.pathname).toBe(`/${key}`)
    expect([...u.searchParams.keys()]).toEqual([
      'X-Amz-Algorithm',
      'X-Amz-Content-Sha256',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-Signature',
      'X-Amz-SignedHeaders',
      'x-amz-checksum-crc32',
      'x-amz-sdk-checksum-algorithm',
      'x-id',
    ])
    expect(u.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256')
    expect(u.searchParams.get('X-Amz-Content-Sha256')).toBe('UNSIGNED-PAYLOAD')
    expect(u.searchParams.get('X-Amz-Expires')).toBe('600')
    expect(u.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host')
    expect(u.searchParams.get('x-id')).toBe('PutObject')
    expect(u.searchParams.get('X-Amz-Credential')).toMatch(/^\w+\/\d{8}\/auto\/s3\/aws4_request$/)

    const pending = (await call<Statistic>(base, 'GET', '/public/storage/statistic')).json
    expect(pending.file.pending).toBe(before.file.pending + 1)
    expect(pending.usage.used).toBe(before.usage.used + bytes.length)

    // Not public before complete.
    expect((await getBytes(url)).status).toBe(404)
    const stored = await put(upload, bytes, {
      'content-type': 'video/mp4',
      'x-amz-checksum-crc32': 'AAAAAA==',
      'x-amz-sdk-checksum-algorithm': 'CRC32',
    })
    expect(stored.status).toBe(200)
    expect(stored.headers.etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect((await getBytes(url)).status).toBe(404)

    const complete = await call(base, 'POST', `/public/storage/file/${id}/complete`, { body: {} })
    expect(complete.status).toBe(204)
    expect(complete.text).toBe('')

    const after = (await call<Statistic>(base, 'GET', '/public/storage/statistic')).json
    expect(after.file).toEqual({
      total: before.file.total + 1,
      success: before.file.success + 1,
      pending: before.file.pending,
    })
    expect(after.usage.used).toBe(before.usage.used + bytes.length)
    expect(after.usage.free).toBe(after.usage.total - after.usage.used)

    const served = await getBytes(url)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('video/mp4')
    expect(Buffer.compare(served.bytes, bytes)).toBe(0)

    const ranged = await getBytes(url, { range: 'bytes=100-199' })
    expect(ranged.status).toBe(206)
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`)
    expect(Buffer.compare(ranged.bytes, bytes.subarray(100, 200))).toBe(0)
    const suffix = await getBytes(url, { range: 'bytes=-10' })
    expect(Buffer.compare(suffix.bytes, bytes.subarray(bytes.length - 10))).toBe(0)
    const open = await getBytes(url, { range: `bytes=${bytes.length - 5}-` })
    expect(open.bytes.length).toBe(5)
    expect((await getBytes(url, { range: `bytes=${bytes.length}-` })).status).toBe(416)

    // Completing twice is harmless.
    expect((await call(base, 'POST', `/public/storage/file/${id}/complete`)).status).toBe(204)
  })

  it('complete is 400 before the PUT and when the stored size differs, 404 for unknown ids', async () => {
    const created = await init({ filename: 'a.txt', size: 10, mimetype: 'text/plain' })
    const early = await call(base, 'POST', `/public/storage/file/${created.json.id}/complete`)
    expect(early.status).toBe(400)
    expect(early.json).toMatchObject({ code: 400 })
    expect(
      (await put(created.json.upload, Buffer.from('short'), { 'content-type': 'text/plain' })).status,
    ).toBe(200)
    const mismatch = await call(base, 'POST', `/public/storage/file/${created.json.id}/complete`)
    expect(mismatch.status).toBe(400)
    expect(mismatch.json.message).toMatch(/size/)
    const unknown = await call(base, 'POST', '/public/storage/file/ffffffffffffffffffffffff/complete')
    expect(unknown.json).toEqual({ code: 404, message: 'file not found' })
  })

  it('the storage origin refuses bad signatures, Authorization, a wrong Content-Type, no Content-Length', async () => {
    const created = await init({ filename: 'b.png', size: 4, mimetype: 'image/png' })
    const { upload } = created.json
    const body = Buffer.from('abcd')
    const tampered = upload.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`,
    )
    const bad = await put(tampered, body, { 'content-type': 'image/png' })
    expect(bad.status).toBe(403)
    expect(bad.text).toContain('<Code>SignatureDoesNotMatch</Code>')
    expect(String(bad.headers['content-type'])).toContain('xml')

    const otherKey = upload.replace(/\/[0-9a-f-]{36}\.png/, '/00000000-0000-4000-8000-000000000000.png')
    expect((await put(otherKey, body, { 'content-type': 'image/png' })).status).toBe(403)

    const wrongType = await put(upload, body, { 'content-type': 'image/jpeg' })
    expect(wrongType.status).toBe(403)

    const withAuth = await put(upload, body, { 'content-type': 'image/png', authorization: DEMO_AUTH })
    expect(withAuth.status).toBe(400)
    expect(withAuth.text).toContain('<Code>InvalidArgument</Code>')

    const unsigned = await put(upload.split('?')[0]!, body, { 'content-type': 'image/png' })
    expect(unsigned.status).toBe(403)
    expect(unsigned.text).toContain('AccessDenied')

    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(upload, { method: 'PUT', headers: { 'content-type': 'image/png' } }, (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.write('ab')
      req.end('cd')
    })
    expect(chunked.status).toBe(411)
    expect(chunked.text).toContain('MissingContentLength')

    // After all those refusals the address still works.
    expect((await put(upload, body, { 'content-type': 'image/png' })).status).toBe(200)
  })

  it('an address expires after the TTL with S3 AccessDenied "Request has expired"', async () => {
    const created = await init({ filename: 'late.txt', size: 3, mimetype: 'text/plain' })
    t.clock.advance(601_000)
    try {
      const late = await put(created.json.upload, Buffer.from('abc'), { 'content-type': 'text/plain' })
      expect(late.status).toBe(403)
      expect(late.text).toContain('<Code>AccessDenied</Code>')
      expect(late.text).toContain('Request has expired')
    } finally {
      t.clock.advance(-601_000)
    }
  })

  it('init validates its body: missing/mistyped fields, bad mimetype, non-positive size, malformed JSON', async () => {
    const bodies: unknown[] = [
      {},
      { filename: 'a.txt', size: 1 },
      { filename: 'a.txt', mimetype: 'text/plain' },
      { size: 1, mimetype: 'text/plain' },
      { filename: 'a.txt', size: '1', mimetype: 'text/plain' },
      { filename: 'a.txt', size: 0, mimetype: 'text/plain' },
      { filename: 'a.txt', size: -5, mimetype: 'text/plain' },
      { filename: 'a.txt', size: 1.5, mimetype: 'text/plain' },
      { filename: 'a.txt', size: 1, mimetype: 'not a mime' },
      { filename: '', size: 1, mimetype: 'text/plain' },
      [],
      'text',
      null,
    ]
    for (const body of bodies) {
      const answer = await init(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.json).toMatchObject({ code: 400 })
    }
    const malformed = await call(base, 'POST', '/public/storage/file/init', {
      rawBody: '{"filename":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json).toMatchObject({ code: 400, message: expect.stringContaining('JSON') })
  })

  it('init is 402 "upgrade to get more storage" past the storage limit, and pending files count', async () => {
    const limit = 1024 * 1024
    const first = await init(
      { filename: 'big.bin', size: limit - 10, mimetype: 'application/octet-stream' },
      STD_AUTH,
    )
    expect(first.status).toBe(201)
    const refused = await init(
      { filename: 'more.bin', size: 11, mimetype: 'application/octet-stream' },
      STD_AUTH,
    )
    expect(refused.status).toBe(402)
    expect(refused.json).toEqual({ code: 402, message: 'upgrade to get more storage' })
    const stat = await call<Statistic>(base, 'GET', '/public/storage/statistic', { auth: STD_AUTH })
    expect(stat.json).toEqual({
      file: { total: 1, success: 0, pending: 1 },
      usage: { total: limit, used: limit - 10, free: 10 },
    })
    // Concurrent inits cannot both squeeze into the last 10 bytes: 5 + 5 fit, a third does not.
    const racing = await Promise.all(
      [5, 5, 5].map((size) => init({ filename: 'race.bin', size, mimetype: 'text/plain' }, STD_AUTH)),
    )
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 402])
    for (const r of racing.filter((r) => r.status === 201)) {
      await call(base, 'DELETE', `/public/storage/file/${r.json.id}`, { auth: STD_AUTH })
    }
    expect((await init({ filename: 'fits.bin', size: 10, mimetype: 'text/plain' }, STD_AUTH)).status).toBe(
      201,
    )
    // Deleting the pending file frees its reservation.
    expect(
      (await call(base, 'DELETE', `/public/storage/file/${first.json.id}`, { auth: STD_AUTH })).status,
    ).toBe(204)
    const freed = await call<Statistic>(base, 'GET', '/public/storage/statistic', { auth: STD_AUTH })
    expect(freed.json.usage.used).toBe(10)
  })
})

describe('file endpoints', () => {
  it('lists, searches, gets and deletes files; mass delete takes every array encoding', async () => {
    const made = []
    for (const name of ['holiday-one.txt', 'Holiday-two.txt', 'other.txt']) {
      made.push(await uploadFile(base, Buffer.from(name), { filename: name, mimetype: 'text/plain' }))
    }
    const listed = await call(base, 'GET', '/public/storage/file?page=1&limit=100&search=HOLIDAY')
    expect(listed.status).toBe(200)
    expect(listed.json.docs.map((f: { filename: string }) => f.filename).sort()).toEqual([
      'Holiday-two.txt',
      'holiday-one.txt',
    ])
    const one = await call(base, 'GET', `/public/storage/file/${made[0]!.id}`)
    expect(one.json).toMatchObject({
      _id: made[0]!.id,
      id: made[0]!.id,
      filename: 'holiday-one.txt',
      mimetype: 'text/plain',
      size: 15,
      key: made[0]!.key,
      url: made[0]!.url,
      status: 'success',
    })
    expect((await call(base, 'GET', '/public/storage/file/nope')).json).toEqual({
      code: 404,
      message: 'file not found',
    })

    expect((await call(base, 'DELETE', `/public/storage/file/${made[0]!.id}`)).status).toBe(204)
    expect((await call(base, 'GET', `/public/storage/file/${made[0]!.id}`)).status).toBe(404)
    expect((await getBytes(made[0]!.url)).status).toBe(404)
    expect((await call(base, 'DELETE', `/public/storage/file/${made[0]!.id}`)).status).toBe(404)

    const massA = await call(base, 'DELETE', `/public/storage/file/mass?fileIds[]=${made[1]!.id}`)
    expect(massA.status).toBe(204)
    const massB = await call(
      base,
      'DELETE',
      `/public/storage/file/mass?fileIds[0]=${made[2]!.id}&fileIds[1]=zzz`,
    )
    expect(massB.status).toBe(204)
    expect((await call(base, 'GET', `/public/storage/file/${made[2]!.id}`)).status).toBe(404)
    expect((await call(base, 'DELETE', '/public/storage/file/mass')).status).toBe(400)
  })

  it('keeps the list newest first as files come and go between reads (its sort is kept between pages)', async () => {
    const names = async () =>
      (await call(base, 'GET', '/public/storage/file?page=1&limit=100&search=order-')).json.docs.map(
        (f: { filename: string }) => f.filename,
      )
    const upload = (name: string) =>
      uploadFile(base, Buffer.from(name), { filename: name, mimetype: 'text/plain' })
    const first = await upload('order-a.txt')
    t.clock.advance(1000)
    await upload('order-b.txt')
    expect(await names()).toEqual(['order-b.txt', 'order-a.txt'])
    expect(await names()).toEqual(['order-b.txt', 'order-a.txt'])
    t.clock.advance(1000)
    await upload('order-c.txt')
    expect(await names()).toEqual(['order-c.txt', 'order-b.txt', 'order-a.txt'])
    expect((await call(base, 'DELETE', `/public/storage/file/${first.id}`)).status).toBe(204)
    expect(await names()).toEqual(['order-c.txt', 'order-b.txt'])
    // Another user's list is sorted on its own.
    expect(
      (await call(base, 'GET', '/public/storage/file?page=1&limit=100&search=order-', { auth: STD_AUTH }))
        .json.docs,
    ).toEqual([])
  })

  it('the demo user has stored files served at their public URLs', async () => {
    const listed = await call(base, 'GET', '/public/storage/file?page=1&limit=100&search=.png')
    const demo = (
      listed.json.docs as { url: string; size: number; status: string; filename: string }[]
    ).filter((f) => f.status === 'success' && f.filename !== 'b.png')
    expect(demo.length).toBeGreaterThanOrEqual(3)
    const file = demo[0]!
    const served = await getBytes(file.url)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.bytes.length).toBe(file.size)
    expect(served.bytes.subarray(1, 4).toString()).toBe('PNG')
  })

  it('file list pagination validates page and limit', async () => {
    for (const q of [
      '',
      'page=1',
      'limit=10',
      'page=0&limit=10',
      'page=1&limit=0',
      'page=1&limit=101',
      'page=x&limit=1',
    ]) {
      const answer = await call(base, 'GET', `/public/storage/file?${q}`)
      expect(answer.status, q).toBe(400)
    }
  })
})
