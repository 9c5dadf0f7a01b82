import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { detectMimetype, probeFile } from '../../../../main/core/uploads/file-probe'
import { checksumHeadersFromUrl, splitUrlVerbatim } from '../../../../main/core/uploads/storage-put'

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
