// One `Range: bytes=…` header read against a size, as RFC 9110 section 14.1.2 words it. Shared by the sandbox's
// storage origin and main's granted-file route, which a <video> element seeks through.

export interface ByteRange {
  start: number
  /** Inclusive, as in Content-Range. */
  end: number
}

/**
 * The range `header` asks of a resource of `size` bytes: null means serve it whole (no header, a malformed one,
 * or several ranges, as S3 does), 'invalid' means answer 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'invalid'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size || end < start) return 'invalid'
  return { start, end }
}
