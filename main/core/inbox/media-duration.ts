// How long a video or an audio file plays, read from the file itself: a direct message of either type carries
// its `duration` in seconds (the OpenAPI's ObjectVideo and ObjectAudio require it). Only the container's own
// figure is read, never the whole file: the MP4 family's movie header (`moov/mvhd`: MP4, MOV, M4A, 3GP), a
// WAV's data size over its byte rate, and an MP3's frame count from its Xing/Info or VBRI header (else its
// constant bit rate over the audio's size). Anything else is refused with the formats that are read. The bytes
// are read where they are (MediaBytes): a file of this computer, or a stored file read by ranges
// (./remote-duration.ts), so a library video is timed without downloading it whole.
import { open } from 'node:fs/promises'
import { AppError } from '../../../common/errors'

/** A `moov` box larger than this is not read whole (real ones are kilobytes to a few megabytes). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024

/** A file's bytes, wherever they are: a read past the end answers fewer bytes, or none. */
export interface MediaBytes {
  size: number
  read(position: number, length: number): Promise<Buffer>
}
const read = (bytes: MediaBytes, position: number, length: number): Promise<Buffer> =>
  bytes.read(position, length)

/** The boxes of an ISO base media file (ISO/IEC 14496-12 §4.2): type, where its payload starts and ends. */
async function* boxes(
  handle: MediaBytes,
  start: number,
  end: number,
): AsyncGenerator<{ type: string; body: number; end: number }> {
  let at = start
  while (at + 8 <= end) {
    const head = await read(handle, at, 16)
    if (head.length < 8) return
    let size = head.readUInt32BE(0)
    const type = head.toString('latin1', 4, 8)
    let body = at + 8
    if (size === 1) {
      if (head.length < 16) return
      size = Number(head.readBigUInt64BE(8))
      body = at + 16
    } else if (size === 0) size = end - at
    if (size < body - at) return
    yield { type, body, end: Math.min(at + size, end) }
    at += size
  }
}

async function mp4Duration(handle: MediaBytes, size: number): Promise<number | null> {
  for await (const box of boxes(handle, 0, size)) {
    if (box.type !== 'moov') continue
    if (box.end - box.body > MAX_MOOV_BYTES) return null
    for await (const inner of boxes(handle, box.body, box.end)) {
      if (inner.type !== 'mvhd') continue
      const mvhd = await read(handle, inner.body, 32)
      const version = mvhd[0]
      const [timescale, duration] =
        version === 1
          ? [mvhd.readUInt32BE(20), Number(mvhd.readBigUInt64BE(24))]
          : [mvhd.readUInt32BE(12), mvhd.readUInt32BE(16)]
      return timescale > 0 ? duration / timescale : null
    }
    return null
  }
  return null
}

async function wavDuration(handle: MediaBytes, size: number): Promise<number | null> {
  let byteRate = 0
  let at = 12
  while (at + 8 <= size) {
    // The chunk's id and length, then (in `fmt `) format, channels, sample rate and the byte rate.
    const head = await read(handle, at, 20)
    if (head.length < 8) return null
    const id = head.toString('latin1', 0, 4)
    const length = head.readUInt32LE(4)
    if (id === 'fmt ' && head.length >= 20) byteRate = head.readUInt32LE(16)
    if (id === 'data') return byteRate > 0 ? Math.min(length, size - at - 8) / byteRate : null
    at += 8 + length + (length % 2)
  }
  return null
}

const MP3_BITRATES: Record<string, readonly number[]> = {
  // kbit/s by bitrate index 1..14, for MPEG-1 and MPEG-2/2.5 (ISO/IEC 11172-3, 13818-3).
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const MP3_RATES = [44100, 48000, 32000]

async function mp3Duration(handle: MediaBytes, size: number): Promise<number | null> {
  let start = 0
  const id3 = await read(handle, 0, 10)
  if (id3.toString('latin1', 0, 3) === 'ID3') {
    // A syncsafe size: 7 bits a byte.
    start = 10 + ((id3[6]! << 21) | (id3[7]! << 14) | (id3[8]! << 7) | id3[9]!)
  }
  const window = await read(handle, start, 64 * 1024)
  for (let i = 0; i + 4 <= window.length; i++) {
    if (window[i] !== 0xff || (window[i + 1]! & 0xe0) !== 0xe0) continue
    const versionBits = (window[i + 1]! >> 3) & 3 // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layerBits = (window[i + 1]! >> 1) & 3 // 3: layer I, 2: II, 1: III
    const bitrateIndex = window[i + 2]! >> 4
    const rateIndex = (window[i + 2]! >> 2) & 3
    if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
      continue
    const mpeg1 = versionBits === 3
    const layer = 4 - layerBits
    const sampleRate = MP3_RATES[rateIndex]! / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4)
    const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152
    const mono = window[i + 3]! >> 6 === 3
    // The Xing/Info header sits after the side information; VBRI 32 bytes after the frame header.
    const xingAt = i + 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17)
    const tag = window.toString('latin1', xingAt, xingAt + 4)
    if ((tag === 'Xing' || tag === 'Info') && (window.readUInt32BE(xingAt + 4) & 1) === 1) {
      return (window.readUInt32BE(xingAt + 8) * samples) / sampleRate
    }
    if (window.toString('latin1', i + 36, i + 40) === 'VBRI') {
      return (window.readUInt32BE(i + 36 + 14) * samples) / sampleRate
    }
    const table = MP3_BITRATES[`${mpeg1 ? 1 : 2}-${mpeg1 ? layer : layer === 1 ? 1 : 2}`]!
    const kbps = table[bitrateIndex - 1]!
    return ((size - start - i) * 8) / (kbps * 1000)
  }
  return null
}

/**
 * The playing time of a video or audio file in seconds (rounded to the millisecond), or an AppError naming the
 * file when its format is not one read here or its header holds no duration.
 */
export async function mediaDuration(path: string): Promise<number> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    throw new AppError({ kind: 'file', message: `cannot read ${path}: ${(error as Error).message}` })
  })
  try {
    const size = (await handle.stat()).size
    return await durationOf(
      {
        size,
        async read(position, length) {
          const buffer = Buffer.alloc(length)
          const { bytesRead } = await handle.read(buffer, 0, length, position)
          return buffer.subarray(0, bytesRead)
        },
      },
      path,
    )
  } finally {
    await handle.close()
  }
}

/** The playing time of the media in `bytes`, named `name` in what it throws. */
export async function durationOf(bytes: MediaBytes, name: string): Promise<number> {
  const { size } = bytes
  const head = await read(bytes, 0, 12)
  const ascii = head.toString('latin1')
  let seconds: number | null = null
  if (ascii.slice(4, 8) === 'ftyp' || ascii.slice(4, 8) === 'moov' || ascii.slice(4, 8) === 'mdat') {
    seconds = await mp4Duration(bytes, size)
  } else if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') {
    seconds = await wavDuration(bytes, size)
  } else if (ascii.startsWith('ID3') || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) {
    seconds = await mp3Duration(bytes, size)
  } else {
    throw new AppError({
      kind: 'file',
      message: `cannot tell how long ${name} plays: only MP4, MOV, M4A, 3GP, WAV and MP3 files are read`,
    })
  }
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) {
    throw new AppError({ kind: 'file', message: `${name} holds no readable duration` })
  }
  return Math.round(seconds * 1000) / 1000
}
