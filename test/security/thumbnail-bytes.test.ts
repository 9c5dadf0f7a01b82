// Thumbnails arrive from a page as bytes: through the real dispatch (contract schema) and the real cache in a
// temporary data folder, a thumbnail over the size bound or not an image is refused, a key never names a path,
// and the total stays under its bound with the least recently used dropped first.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_THUMBNAIL_BYTES } from '../../common/contract'
import { AppError } from '../../common/errors'
import {
  createThumbnailCache,
  DEFAULT_THUMBNAIL_CACHE_BYTES,
  THUMBNAILS_DIR,
} from '../../main/core/thumbnails/thumbnail-cache'
import { dispatchCall } from '../../main/host/dispatch'
import { createThumbnailHandlers } from '../../main/handlers/thumbnail-handlers'
import type { Handlers } from '../../main/handlers/types'
import { silentLogger } from '../../main/host/logging'

const webp = (size: number, fill = 1) => {
  const bytes = Buffer.alloc(size, fill)
  bytes.write('RIFF', 0, 'ascii')
  bytes.write('WEBP', 8, 'ascii')
  return bytes
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thumbs-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function call(name: 'thumbnails:put' | 'thumbnails:get', request: unknown) {
  const thumbnails = createThumbnailCache({
    dir: join(dir, THUMBNAILS_DIR),
    maxBytes: DEFAULT_THUMBNAIL_CACHE_BYTES,
    maxItemBytes: MAX_THUMBNAIL_BYTES,
  })
  const handlers = createThumbnailHandlers({ thumbnails }) as unknown as Handlers
  return dispatchCall(handlers, name, request, silentLogger)
}

describe('thumbnails from a page', () => {
  it("keeps a WebP and answers with its address on the page's picture route, never the bytes", async () => {
    const bytes = webp(2000)
    expect(await call('thumbnails:put', { key: 'https://s/a.png', data: bytes.toString('base64') })).toEqual({
      ok: true,
      value: undefined,
    })
    const got = await call('thumbnails:get', { keys: ['https://s/a.png', 'https://s/none.png'] })
    expect(got).toEqual({
      ok: true,
      value: { 'https://s/a.png': 'picture?thumb=https%3A%2F%2Fs%2Fa.png' },
    })
  })

  it('refuses bytes that are no image, a thumbnail over the bound, and data that is not base64', async () => {
    const html = Buffer.from('<script>alert(1)</script>').toString('base64')
    expect(await call('thumbnails:put', { key: 'k', data: html })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    const big = webp(MAX_THUMBNAIL_BYTES + 1).toString('base64')
    expect(await call('thumbnails:put', { key: 'k', data: big })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    expect(await call('thumbnails:put', { key: 'k', data: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    expect(existsSync(join(dir, 'thumbnails')) ? readdirSync(join(dir, 'thumbnails')) : []).toEqual([])
  })

  it('writes every key inside the thumbnails folder, a path-like key included', async () => {
    await call('thumbnails:put', { key: '../../outside.webp', data: webp(100).toString('base64') })
    expect(existsSync(join(dir, 'outside.webp'))).toBe(false)
    const names = readdirSync(join(dir, 'thumbnails'))
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/^[0-9a-f]{64}\.thumb$/)
  })

  it('keeps the total under its bound, dropping the least recently used first', async () => {
    let clock = 1_000_000
    const cache = createThumbnailCache({
      dir: join(dir, 'thumbnails'),
      maxBytes: 3000,
      maxItemBytes: 2000,
      now: () => clock++,
    })
    await cache.put('a', webp(1000, 1))
    await cache.put('b', webp(1000, 2))
    await cache.put('c', webp(1000, 3))
    // Reading a makes b the least recently used.
    expect(await cache.kept(['a'])).toEqual(['a'])
    await cache.put('d', webp(1000, 4))
    expect((await cache.kept(['a', 'b', 'c', 'd'])).sort()).toEqual(['a', 'c', 'd'])
    expect((await cache.read('d'))?.bytes).toEqual(webp(1000, 4))
    expect(await cache.read('b')).toBeUndefined()
    expect(await cache.size()).toBeLessThanOrEqual(3000)
    await expect(cache.put('e', webp(2001))).rejects.toBeInstanceOf(AppError)
    // A new cache over the same folder finds what is there and keeps to the bound.
    const reopened = createThumbnailCache({
      dir: join(dir, 'thumbnails'),
      maxBytes: 3000,
      maxItemBytes: 2000,
    })
    expect(await reopened.size()).toBe(3000)
  })
})
