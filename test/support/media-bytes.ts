// Media files built byte by byte for tests that need a real duration read from them (main/core/inbox/
// media-duration.ts): an MP4 whose index follows its media data, and a WAV of silence.
function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}
/** An MP4 whose index (`moov`) follows 3 MB of media data: its duration is read past the first ranges. */
export function mp4(seconds: number): Buffer {
  const mvhd = Buffer.alloc(96)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('mdat', Buffer.alloc(3 * 1024 * 1024, 7)),
    box('moov', box('mvhd', mvhd)),
  ])
}
/** A WAV of `seconds` of 8 kHz mono 8-bit silence. */
export function wav(seconds: number): Buffer {
  const data = Buffer.alloc(8000 * seconds, 128)
  const fmt = Buffer.alloc(16)
  fmt.writeUInt16LE(1, 0)
  fmt.writeUInt16LE(1, 2)
  fmt.writeUInt32LE(8000, 4)
  fmt.writeUInt32LE(8000, 8)
  fmt.writeUInt16LE(1, 12)
  fmt.writeUInt16LE(8, 14)
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8)
    head.write(id, 0, 'latin1')
    head.writeUInt32LE(body.length, 4)
    return Buffer.concat([head, body])
  }
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt), chunk('data', data)])
  const riff = Buffer.alloc(8)
  riff.write('RIFF', 0, 'latin1')
  riff.writeUInt32LE(body.length, 4)
  return Buffer.concat([riff, body])
}
