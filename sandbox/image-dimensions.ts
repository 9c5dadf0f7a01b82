// The width and height a stored image declares in its header, so the publisher can refuse a shape a network does
// not take on the file's real dimensions, as the network would. PNG (IHDR), JPEG (the SOFn marker), GIF (the
// logical screen), WebP (VP8, VP8L, VP8X) and SVG (its width and height, or its viewBox).

export interface Dimensions {
  width: number
  height: number
}

function png(b: Buffer): Dimensions | null {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('ascii', 12, 16) !== 'IHDR') return null
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

function gif(b: Buffer): Dimensions | null {
  if (b.length < 10 || b.toString('ascii', 0, 4) !== 'GIF8') return null
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
}

function jpeg(b: Buffer): Dimensions | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = b.readUInt16BE(i + 2)
    // SOF0…SOF15 carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) }
    }
    i += 2 + length
  }
  return null
}

function webp(b: Buffer): Dimensions | null {
  if (b.length < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP')
    return null
  const chunk = b.toString('ascii', 12, 16)
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 }
  return null
}

function svg(b: Buffer): Dimensions | null {
  const text = b.toString('utf8', 0, Math.min(b.length, 4096))
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0]
  if (!tag) return null
  const attr = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`, 'i').exec(tag)?.[1]
  const width = Number(attr('width'))
  const height = Number(attr('height'))
  if (width > 0 && height > 0) return { width, height }
  const box = /\sviewBox="[\d.\s-]*?([\d.]+)[\s,]+([\d.]+)"/i.exec(tag)
  return box ? { width: Number(box[1]), height: Number(box[2]) } : null
}

/** The image's size from its first bytes (a few KB suffice), or null when the format is not one of these. */
export function imageDimensions(head: Buffer): Dimensions | null {
  const found = png(head) ?? gif(head) ?? jpeg(head) ?? webp(head) ?? svg(head)
  return found && found.width > 0 && found.height > 0 ? found : null
}
