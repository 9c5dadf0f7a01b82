// The playing time read from real files written here: MP4 (version 0 and 1 movie headers, `moov` after
// `mdat`), WAV, MP3 with a Xing header and at a constant bit rate behind an ID3 tag, and refusals.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mediaDuration } from '../../../../main/core/inbox/media-duration'

const dir = mkdtempSync(join(tmpdir(), 'media-duration-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 108 : 96)
  body[0] = version
  if (version === 1) {
    body.writeUInt32BE(timescale, 20)
    body.writeBigUInt64BE(BigInt(duration), 24)
  } else {
    body.writeUInt32BE(timescale, 12)
    body.writeUInt32BE(duration, 16)
  }
  return box('mvhd', body)
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'))

describe('mediaDuration', () => {
  it('reads an MP4 movie header, version 0 and 1, wherever moov stands', async () => {
    const v0 = file(
      'a.mp4',
      Buffer.concat([
        ftyp,
        box('moov', Buffer.concat([mvhd(0, 1000, 12_500)])),
        box('mdat', Buffer.alloc(64)),
      ]),
    )
    expect(await mediaDuration(v0)).toBe(12.5)
    const late = file(
      'b.mov',
      Buffer.concat([
        ftyp,
        box('mdat', Buffer.alloc(1000)),
        box('moov', Buffer.concat([box('free', Buffer.alloc(4)), mvhd(1, 600, 600 * 95)])),
      ]),
    )
    expect(await mediaDuration(late)).toBe(95)
  })

  it('reads a WAV file from its byte rate and data size', async () => {
    const fmt = Buffer.alloc(16)
    fmt.writeUInt16LE(1, 0) // PCM
    fmt.writeUInt16LE(2, 2)
    fmt.writeUInt32LE(44_100, 4)
    fmt.writeUInt32LE(44_100 * 4, 8)
    fmt.writeUInt16LE(4, 12)
    fmt.writeUInt16LE(16, 14)
    const data = Buffer.alloc(44_100 * 4 * 2) // two seconds
    const chunk = (id: string, body: Buffer) => {
      const head = Buffer.alloc(8)
      head.write(id, 0, 'latin1')
      head.writeUInt32LE(body.length, 4)
      return Buffer.concat([head, body])
    }
    const riff = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt), chunk('data', data)])
    const head = Buffer.alloc(8)
    head.write('RIFF', 0, 'latin1')
    head.writeUInt32LE(riff.length, 4)
    expect(await mediaDuration(file('c.wav', Buffer.concat([head, riff])))).toBe(2)
  })

  it('reads an MP3 by its Xing frame count, and at a constant bit rate behind an ID3 tag', async () => {
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz, stereo: FF FB 90 00.
    const frame = Buffer.alloc(417)
    frame.set([0xff, 0xfb, 0x90, 0x00])
    const xing = Buffer.from(frame)
    xing.write('Xing', 4 + 32, 'latin1')
    xing.writeUInt32BE(1, 4 + 32 + 4) // frames present
    xing.writeUInt32BE(383, 4 + 32 + 8) // 383 frames × 1152 / 44100 ≈ 10.005 s
    expect(await mediaDuration(file('d.mp3', Buffer.concat([xing, frame])))).toBe(10.005)

    const id3 = Buffer.alloc(10 + 20)
    id3.write('ID3', 0, 'latin1')
    id3[3] = 4
    id3[9] = 20
    const audio = Buffer.concat(Array.from({ length: 100 }, () => frame)) // 41,700 bytes at 16,000 bytes/s
    expect(await mediaDuration(file('e.mp3', Buffer.concat([id3, audio])))).toBe(2.606)
  })

  it('refuses a format it does not read, and a header without a duration, naming the file', async () => {
    const png = file('f.png', Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'))
    await expect(mediaDuration(png)).rejects.toMatchObject({
      kind: 'file',
      message: expect.stringContaining('f.png'),
    })
    const noMoov = file('g.mp4', Buffer.concat([ftyp, box('mdat', Buffer.alloc(10))]))
    await expect(mediaDuration(noMoov)).rejects.toThrow(/g\.mp4 holds no readable duration/)
    await expect(mediaDuration(join(dir, 'missing.mp4'))).rejects.toMatchObject({ kind: 'file' })
  })
})
