import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent } from 'undici'
import { describe, expect, it } from 'vitest'
import { detectMimetype, probeFile } from '../../../../main/core/uploads/file-probe'
import {
  checksumHeadersFromUrl,
  putFile,
  readWholeFile,
  splitUrlVerbatim,
} from '../../../../main/core/uploads/storage-put'
import { startStorageSink } from '../support/storage-sink'

describe('presigned address handling', () => {
  it('splits the address without re-encoding its query', () => {
    const url =
      'https://repliz.acct.r2.cloudflarestorage.com/uploads/u/a%20b.png?X-Amz-Credential=k%2F20260101%2Fauto&x-amz-checksum-crc32=AAAAAA%3D%3D'
    expect(splitUrlVerbatim(url)).toEqual({
      origin: 'https://repliz.acct.r2.cloudflarestorage.com',
      path: '/uploads/u/a%20b.png?X-Amz-Credential=k%2F20260101%2Fauto&x-amz-checksum-crc32=AAAAAA%3D%3D',
    })
    expect(splitUrlVerbatim('http://h:9000?x=1')).toEqual({ origin: 'http://h:9000', path: '/?x=1' })
    expect(splitUrlVerbatim('http://h/p?q=1#frag')).toEqual({ origin: 'http://h', path: '/p?q=1' })
  })

  it('echoes the checksum parameters as headers, decoded', () => {
    expect(
      checksumHeadersFromUrl(
        'https://s/k?X-Amz-Signature=abc&x-amz-checksum-crc32=AAAAAA%3D%3D&x-amz-sdk-checksum-algorithm=CRC32&x-id=PutObject',
      ),
    ).toEqual({ 'x-amz-checksum-crc32': 'AAAAAA==', 'x-amz-sdk-checksum-algorithm': 'CRC32' })
    expect(checksumHeadersFromUrl('https://s/k')).toEqual({})
  })
})

describe('file probe', () => {
  it('takes the type from the extension and checks it against the magic bytes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    expect(await detectMimetype('a.png', png)).toEqual({ mimetype: 'image/png' })
    expect(await detectMimetype('a.gif', png)).toMatchObject({
      mimetype: 'image/gif',
      mimeWarning: expect.any(String),
    })
    expect(await detectMimetype('noext', png)).toEqual({ mimetype: 'image/png' })
    expect(await detectMimetype('noext', Buffer.from('hello'))).toEqual({
      mimetype: 'application/octet-stream',
    })
    expect(await detectMimetype('notes.txt', Buffer.from('hello'))).toEqual({ mimetype: 'text/plain' })
  })

  it('describes the file it will send', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-'))
    try {
      const path = join(dir, 'clip.mp4')
      writeFileSync(path, Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'))
      expect(await probeFile(path)).toMatchObject({ path, name: 'clip.mp4', size: 24, mimetype: 'video/mp4' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a small file read ahead of its slot', () => {
  it('is read whole, short when the file shrank, and refused by checkRead on the opened handle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-whole-'))
    try {
      const path = join(dir, 'a.bin')
      writeFileSync(path, Buffer.from('0123456789'))
      expect((await readWholeFile(path, 10)).toString()).toBe('0123456789')
      writeFileSync(path, Buffer.from('0123'))
      expect((await readWholeFile(path, 10)).toString()).toBe('0123')
      const refused = await readWholeFile(path, 4, async () => {
        throw new Error('not this one')
      }).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(Error)
      expect(await readWholeFile(join(dir, 'gone.bin'), 4).catch((e: unknown) => e)).toMatchObject({
        kind: 'file',
        message: expect.stringContaining('cannot be read'),
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('goes out from memory: the PUT does not open the file again', async () => {
    const sink = await startStorageSink()
    const agent = new Agent()
    try {
      const bytes = Buffer.from('bytes read before the slot opened')
      const seen: Buffer[] = []
      let progress = 0
      await putFile({
        dispatcher: agent,
        uploadUrl: `${sink.url}/k/a.bin?X-Amz-Signature=abc`,
        // Nothing is at this path: a PUT that opened it would fail.
        path: join(tmpdir(), 'mediadeck-no-such-file.bin'),
        size: bytes.length,
        mimetype: 'application/octet-stream',
        signal: new AbortController().signal,
        stallTimeoutMs: 5000,
        headersTimeoutMs: 5000,
        bytes,
        onRead: (chunk) => seen.push(Buffer.from(chunk)),
        onProgress: (sent) => (progress = sent),
      })
      expect(sink.received).toHaveLength(1)
      expect(sink.received[0]).toMatchObject({ path: '/k/a.bin', bytes: bytes.length, complete: true })
      expect(Buffer.concat(seen)).toEqual(bytes)
      expect(progress).toBe(bytes.length)
    } finally {
      await agent.close()
      await sink.close()
    }
  })
})
