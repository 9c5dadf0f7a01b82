// Pictures that work offline: avatars the sandbox serves itself (SVG, and PNG as a platform's CDN serves
// them), and small PNG/SVG images for the demo user's stored files. Generated, so the repository carries no binary assets.
import { deflateSync } from 'node:zlib'

const PALETTE = ['#0ea5e9', '#f97316', '#22c55e', '#a855f7', '#ef4444', '#eab308', '#14b8a6', '#ec4899']

function colorFor(text: string): string {
  let h = 0
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return PALETTE[h % PALETTE.length]!
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function initialsOf(name: string): string {
  return (
    name
      .split(/[\s._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  )
}

/** A round avatar with up to two initials of `name`. */
export function avatarSvg(name: string): string {
  const initials = initialsOf(name)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<circle cx="64" cy="64" r="64" fill="${colorFor(name)}"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="52" ` +
    `font-weight="600" fill="#fff">${escapeXml(initials)}</text></svg>`
  )
}

/** A poster-like SVG with a title, for demo files. */
export function posterSvg(title: string, width = 640, height = 400): string {
  const color = colorFor(title)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${color}"/>` +
    `<circle cx="${width * 0.8}" cy="${height * 0.25}" r="${height * 0.18}" fill="#fff" fill-opacity=".25"/>` +
    `<text x="32" y="${height - 40}" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff">` +
    `${escapeXml(title)}</text></svg>`
  )
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A diagonal two-colour gradient PNG (RGB, 8 bit), `width` x `height`. */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height - 2 || 1)
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** 5x7 glyphs of the letters and digits an avatar's initials use, one row of five bits per entry. */
const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [30, 1, 1, 14, 1, 1, 30],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  '?': [14, 17, 1, 2, 4, 0, 4],
}

const hexRgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
]

/**
 * The same avatar as a PNG (RGBA, 8 bit, `size` px square): a disc of the name's colour with its initials in
 * white, transparent around. Platforms' CDNs serve avatars as raster images, and the app keeps only those.
 */
export function avatarPng(name: string, size = 96): Buffer {
  const [r, g, b] = hexRgb(colorFor(name))
  const glyphs = [...initialsOf(name)].map((c) => GLYPHS[c] ?? GLYPHS['?']!)
  const scale = Math.max(1, Math.floor(size / 24))
  const textWidth = (glyphs.length * 6 - 1) * scale
  const left = Math.floor((size - textWidth) / 2)
  const top = Math.floor((size - 7 * scale) / 2)
  const ink = (x: number, y: number): boolean => {
    const gx = Math.floor((x - left) / scale)
    const gy = Math.floor((y - top) / scale)
    if (x < left || y < top || gy >= 7 || gx >= glyphs.length * 6) return false
    const glyph = glyphs[Math.floor(gx / 6)]!
    const column = gx % 6
    return column < 5 && ((glyph[gy]! >> (4 - column)) & 1) === 1
  }
  const raw = Buffer.alloc((size * 4 + 1) * size)
  const radius = size / 2
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < size; x++) {
      const inside = (x + 0.5 - radius) ** 2 + (y + 0.5 - radius) ** 2 <= radius ** 2
      const pixel = ink(x, y) ? [255, 255, 255] : [r, g, b]
      raw.set([...pixel, inside ? 255 : 0], row + 1 + x * 4)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
