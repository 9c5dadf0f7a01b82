// Reading an answer body with a size bound, so a broken or lying server cannot make the app or the CLI hold
// hundreds of MB (a 600 MB 2xx read whole with `body.text()` peaked at 1.37 GB RSS before V8 refused the
// string). Time is bounded by the caller's signal, which undici applies to the body as well as the headers.
import { AppError } from '../../../common/errors'
import { formatBytes } from '../../../common/format-bytes'

/** 2xx answers of the service API: lists are paged (100 records at most), so a few MiB is far past real. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024
/** Error answers are short; anything longer is a proxy page we only quote the start of. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024

/** A body as undici hands it: an async iterable of Buffers that stops (and frees its socket) on `return()`. */
type Body = AsyncIterable<Buffer | Uint8Array>

/**
 * The first `max` bytes of a body, as UTF-8; the rest is not read (the connection is dropped instead), so an
 * endless error page costs neither memory nor time. For bodies only quoted in a message.
 */
export async function readTruncated(body: Body, max: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const piece = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, max - size))
    chunks.push(piece)
    size += piece.length
    if (size >= max) break
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The whole body as UTF-8, or an AppError (`server`, code `answer-too-large`) the moment it passes `max`
 * bytes: an answer that large is not one the app can use, and reading on would only cost memory.
 */
export async function readCapped(body: Body, max: number, what: string, status?: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > max) {
      throw new AppError({
        kind: 'server',
        status,
        code: 'answer-too-large',
        message: `${what}: the answer is larger than ${formatBytes(max)}, more than any real answer`,
      })
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
  }
  return Buffer.concat(chunks).toString('utf8')
}
