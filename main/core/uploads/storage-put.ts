// The one request that carries file bytes: a PUT of the file, streamed from disk, to the presigned address.
// - Memory stays flat: the body is an async iterable over file reads with an explicit Content-Length, which
//   undici writes chunk by chunk, waiting for 'drain' (undici `fetch` would buffer the whole body unless
//   redirects are refused — measured on this machine; `dispatcher.request` streams).
// - The address is used verbatim: origin and raw path+query are split by hand, never re-serialised through URL,
//   because the SigV4 signature covers the query exactly as the service encoded it (reference/README.md).
// - No Authorization, ever: this goes through a dispatcher of its own with no interceptors and no redirect
//   following (undici 7 follows redirects only with the redirect interceptor), so a 3xx is just a failure.
import { open } from 'node:fs/promises'
import type { ReadCheck } from './file-probe'
import type { TokenBucket } from './token-bucket'
import type { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import { AppError } from '../../../common/errors'
import { errorFromException, errorFromResponse } from '../http/error-mapping'
import { MAX_ERROR_BODY_BYTES, readTruncated } from '../http/read-bounded'

export interface StoragePutOptions {
  dispatcher: Dispatcher
  uploadUrl: string
  path: string
  size: number
  mimetype: string
  signal: AbortSignal
  /** Called with the running total of bytes the socket has taken. */
  onProgress(bytesSent: number): void
  /** No byte taken by the socket for this long aborts the attempt with a timeout. */
  stallTimeoutMs: number
  /**
   * Waiting for the storage's answer after the last byte, and again for that answer's body to end: the body
   * is read with a size cap (an error page is quoted, never held whole) and must not drip on for ever.
   */
  headersTimeoutMs: number
  /** Read size from disk; bigger chunks mean fewer syscalls and event-loop turns per GiB. */
  chunkBytes?: number
  /** Refuses, on the opened handle, a file that may not be sent (see ReadCheck). */
  checkRead?: ReadCheck
  /** The whole file, read before the slot opened (readWholeFile): sent from memory, the file is not opened. */
  bytes?: Buffer
  /** The bandwidth cap shared by every transfer: each piece of the body waits for its tokens. */
  throttle?: TokenBucket
  /**
   * Sees every chunk of the body as it is read, in order, before it is sent (and before its buffer is reused):
   * the content hash is taken from the PUT's own reads, not from a second read of the file.
   */
  onRead?(chunk: Buffer): void
}

/**
 * 1 MiB reads: on loopback (bench/, 1 GiB PUT, same sink, one run each) 256 KiB took 0.51-0.52 s, 1 MiB
 * 0.34-0.40 s, 2-4 MiB no better, and curl 0.30-0.39 s; fewer, larger socket writes are what closes the gap.
 * The ring costs 4 MiB per transfer, and each chunk stays far above the socket's high-water mark.
 */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024
const RING = 4

/**
 * Files up to this size are read whole before their transfer slot opens (./file-transfer.ts), so the PUT
 * starts the moment a slot frees, with no stat, open and read in between: on a distant service those disk
 * waits are time every slot sits idle between two small PUTs. At most two rounds of lookahead hold such a
 * buffer, so at the highest concurrency (32) this is 16 MiB.
 */
export const PREREAD_MAX_BYTES = 256 * 1024

/** Reads a small file whole (checked by checkRead on the opened handle); short when the file shrank. */
export async function readWholeFile(path: string, size: number, checkRead?: ReadCheck): Promise<Buffer> {
  const file = await openForRead(path)
  try {
    await checkRead?.(path, file)
    const bytes = Buffer.allocUnsafe(size)
    let filled = 0
    while (filled < size) {
      const { bytesRead } = await file.read(bytes, filled, size - filled, filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    return bytes.subarray(0, filled)
  } finally {
    await file.close()
  }
}

function openForRead(path: string) {
  return open(path, 'r').catch((error: unknown) => {
    throw new AppError({ kind: 'file', message: `${path}: cannot be read` }, { cause: error })
  })
}

/** Splits a URL into the origin and the raw request target without re-encoding anything. */
export function splitUrlVerbatim(url: string): { origin: string; path: string } {
  const parsed = new URL(url)
  const afterScheme = url.indexOf('//') + 2
  const slash = url.indexOf('/', afterScheme)
  const question = url.indexOf('?', afterScheme)
  const hash = url.indexOf('#', afterScheme)
  let start = slash
  if (start === -1 || (question !== -1 && question < start)) start = question
  let path = start === -1 ? '/' : url.slice(start)
  if (hash !== -1) path = path.slice(0, path.length - (url.length - hash))
  if (path.startsWith('?')) path = `/${path}`
  return { origin: parsed.origin, path }
}

/**
 * The checksum parameters a presigned PutObject URL carries (`x-amz-checksum-crc32=…`,
 * `x-amz-sdk-checksum-algorithm=CRC32`): public clients that succeed echo them as headers, because R2 checks
 * a signed checksum against the header (reference/README.md, "upload address use").
 */
export function checksumHeadersFromUrl(url: string): Record<string, string> {
  const headers: Record<string, string> = {}
  const q = url.indexOf('?')
  if (q === -1) return headers
  const query = url.slice(q + 1).split('#')[0] ?? ''
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=')
    const rawName = eq === -1 ? pair : pair.slice(0, eq)
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1)
    let name: string
    let value: string
    try {
      name = decodeURIComponent(rawName).toLowerCase()
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '))
    } catch {
      continue
    }
    if (name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm') headers[name] = value
  }
  return headers
}

export async function putFile(o: StoragePutOptions): Promise<void> {
  const { origin, path } = splitUrlVerbatim(o.uploadUrl)
  const what = 'upload'
  const preread = o.bytes
  const file = preread ? null : await openForRead(o.path)
  if (file && o.checkRead) {
    try {
      await o.checkRead(o.path, file)
    } catch (error) {
      await file.close()
      throw error
    }
  }
  const attempt = new AbortController()
  const abortFromOutside = (): void => attempt.abort(o.signal.reason)
  if (o.signal.aborted) abortFromOutside()
  o.signal.addEventListener('abort', abortFromOutside, { once: true })

  let stallTimer: NodeJS.Timeout | undefined
  let answerTimer: NodeJS.Timeout | undefined
  // Waiting for the bandwidth cap is not a stall: the socket is idle because we hold the bytes back.
  let throttled = false
  // One timer for the whole attempt, pushed back on every chunk (refresh() is cheaper than a new timer).
  const armStall = (): void => {
    if (stallTimer) {
      stallTimer.refresh()
      return
    }
    stallTimer = setTimeout(() => {
      if (throttled) return void stallTimer?.refresh()
      attempt.abort(
        new AppError({ kind: 'timeout', message: `upload stalled: no progress for ${o.stallTimeoutMs} ms` }),
      )
    }, o.stallTimeoutMs)
  }

  const chunkBytes = o.chunkBytes ?? DEFAULT_CHUNK_BYTES
  // A small ring of buffers reused for the whole file instead of a fresh allocation per read: half the CPU
  // of fs.createReadStream on this machine (no page faults on new memory, nothing for the GC). Reuse is safe
  // because undici pulls the next chunk only once socket.write() returned true (fewer than
  // writableHighWaterMark bytes, 16 KiB on Node 20 and 64 KiB on 22, still queued) or after 'drain'. The
  // read-ahead fills the buffer of chunk i + 1 while chunk i is being sent; that buffer last held chunk
  // i + 1 - RING, and the two chunks sent after it (each far bigger than that mark) have pushed it out.
  // A small file needs fewer and smaller buffers: allocating the whole ring for a 100 KB file cost more than
  // its upload when many are sent (bench/, 500 x 100 KB).
  const bufferBytes = Math.max(1, Math.min(chunkBytes, o.size))
  const ring = file
    ? Array.from({ length: Math.min(RING, Math.ceil(o.size / bufferBytes) || 1) }, () =>
        Buffer.allocUnsafe(bufferBytes),
      )
    : []
  let sent = 0
  const readAt = (i: number, position: number): Promise<{ bytesRead: number; buffer: Buffer }> => {
    if (!file) {
      // No handle: the bytes were read earlier, and each chunk is a view of them, no copy.
      const bytes = preread!
      const end = Math.min(position + bufferBytes, o.size, bytes.length)
      return Promise.resolve({
        bytesRead: Math.max(0, end - position),
        buffer: bytes.subarray(position, end),
      })
    }
    const read = file.read(ring[i % ring.length]!, 0, Math.min(bufferBytes, o.size - position), position)
    // A read-ahead left behind by an aborted upload must not surface as an unhandled rejection; the loop
    // awaits (and so still sees) the failure of any read it uses.
    read.catch(() => undefined)
    return read
  }
  // For the same reason as the ring, counting after `yield` counts what the socket actually took.
  async function* body(): AsyncGenerator<Buffer> {
    armStall()
    let position = 0
    // Read-ahead: the next chunk is read from disk while this one goes out on the socket.
    let next: ReturnType<typeof readAt> | null = readAt(0, 0)
    for (let i = 0; position < o.size; i++) {
      const { bytesRead, buffer } = await (next ?? readAt(i, position))
      // The file shrank under us: stop short; undici reports the Content-Length mismatch and the engine
      // explains it as a changed file.
      if (bytesRead === 0) break
      position += bytesRead
      next = position < o.size ? readAt(i + 1, position) : null
      const chunk = buffer.subarray(0, bytesRead)
      o.onRead?.(chunk)
      if (!o.throttle) {
        yield chunk
        sent += bytesRead
        armStall()
        o.onProgress(sent)
        continue
      }
      // Cut to the bucket's piece size (a view, no copy: the ring's reuse rule holds for sub-slices too).
      for (let at = 0; at < bytesRead;) {
        const n = Math.min(o.throttle.pieceBytes(), bytesRead - at)
        throttled = true
        try {
          await o.throttle.take(n, attempt.signal)
        } finally {
          throttled = false
        }
        yield chunk.subarray(at, at + n)
        at += n
        sent += n
        armStall()
        o.onProgress(sent)
      }
    }
    clearTimeout(stallTimer)
  }

  /**
   * A file that fits one read, with no cap to pace it, goes as one Buffer: an async-iterable body costs undici
   * a second pass through its writer, which on a distant service is time a slot sits idle between PUTs
   * (bench/, 200 x 32 KiB: 2.5 ms a PUT as an iterable, 1.1 ms as a Buffer, loopback, loaded machine).
   */
  async function wholeBody(): Promise<Buffer> {
    armStall()
    const { bytesRead, buffer } = await readAt(0, 0)
    const chunk = buffer.subarray(0, bytesRead)
    o.onRead?.(chunk)
    return chunk
  }
  const oneRead = o.size <= bufferBytes && (!o.throttle || o.throttle.rate() === null)

  const headers: Record<string, string> = {
    ...checksumHeadersFromUrl(o.uploadUrl),
    'content-type': o.mimetype,
    'content-length': String(o.size),
  }
  try {
    const {
      statusCode,
      headers: resHeaders,
      body: resBody,
    } = await o.dispatcher.request({
      origin,
      path,
      method: 'PUT',
      headers,
      // undici accepts async iterables as bodies (core/request.js) though its types list only Readable.
      body: oneRead ? await wholeBody() : (body() as unknown as Readable),
      signal: attempt.signal,
      headersTimeout: o.headersTimeoutMs,
      bodyTimeout: o.headersTimeoutMs,
    })
    // The answer's headers came within headersTimeout; its body gets as long again, then the attempt ends
    // (undici destroys the body when the attempt's signal aborts). A 2xx means the storage has the file:
    // its body is dropped unread past 128 KiB (dump's limit) or the deadline, and the upload still counts.
    answerTimer = setTimeout(() => {
      attempt.abort(
        new AppError({
          kind: 'timeout',
          message: `storage answer to ${what} not complete within ${o.headersTimeoutMs} ms`,
        }),
      )
    }, o.headersTimeoutMs)
    const text =
      statusCode >= 200 && statusCode < 300
        ? (await resBody.dump(), '')
        : await readTruncated(resBody, MAX_ERROR_BODY_BYTES)
    if (oneRead && statusCode >= 200 && statusCode < 300) {
      // The storage answered after the whole body: every byte was taken.
      sent = o.size
      o.onProgress(sent)
    }
    if (statusCode < 200 || statusCode >= 300) {
      throw errorFromResponse('storage', statusCode, resHeaders, text, what)
    }
    if (sent !== o.size) {
      throw new AppError({ kind: 'file', message: `${o.path}: read ${sent} bytes, expected ${o.size}` })
    }
  } catch (error) {
    throw errorFromException(error, what, attempt.signal)
  } finally {
    clearTimeout(stallTimer)
    clearTimeout(answerTimer)
    o.signal.removeEventListener('abort', abortFromOutside)
    await file?.close()
  }
}
