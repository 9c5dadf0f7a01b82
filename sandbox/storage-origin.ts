// The storage origin (S3/R2 stand-in) on Host localhost:PORT: presigned PUTs of objects, public GETs of
// completed files with Range support. It answers like S3, in XML, and knows nothing of the API's Basic auth.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseByteRange } from '../common/byte-range'
import { rateLimitRetryAfter } from './config'
import type { SandboxContext } from './context'
import { sendS3Error } from './http-util'
import { isSafeKey } from './objects'
import type { Random } from './random'

export interface StorageOriginDeps {
  ctx: SandboxContext
  random: Random
}

function requestId(): string {
  return Math.random().toString(16).slice(2, 18).toUpperCase()
}

export function createStorageOrigin({ ctx, random }: StorageOriginDeps) {
  async function handlePut(req: IncomingMessage, res: ServerResponse, url: URL, key: string): Promise<void> {
    if (req.headers.authorization !== undefined) {
      req.resume()
      return sendS3Error(
        res,
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
        { ArgumentName: 'Authorization' },
      )
    }
    const contentLength = req.headers['content-length']
    if (contentLength === undefined || req.headers['transfer-encoding'] !== undefined) {
      req.resume()
      return sendS3Error(res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.')
    }
    const verdict = await ctx.presigner.verify({
      method: 'PUT',
      host: req.headers.host ?? '',
      path: url.pathname,
      rawQuery: url.search.slice(1),
      headers: req.headers,
      now: ctx.now(),
    })
    if (!verdict.ok) {
      req.resume()
      return sendS3Error(
        res,
        verdict.code === 'AuthorizationQueryParametersError' ? 400 : 403,
        verdict.code,
        verdict.message,
      )
    }
    const length = Number(contentLength)
    const file = ctx.store.data.files.find((f) => f.key === key)
    // A signed address for a file deleted since init: the bucket policy no longer allows it.
    if (!file) {
      req.resume()
      return sendS3Error(res, 403, 'AccessDenied', 'Access Denied')
    }
    if (!Number.isSafeInteger(length) || length > Math.max(file.size * 2, file.size + 1024 * 1024)) {
      req.resume()
      return sendS3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
    }
    const drop = random.chance(ctx.faults().dropUploadRate ?? 0)
    try {
      const etag = await ctx.objects.write(key, req, length, (received) => {
        // Fault injection: cut the connection once part of the body arrived, as a flaky network would.
        if (drop && (received >= length / 2 || received === length)) req.socket.destroy()
      })
      // The file was deleted while its bytes arrived: its delete found no object yet, so these would stay on
      // disk, named by no file, for ever. The PUT itself was allowed when it began, so it still succeeds.
      if (!ctx.store.data.files.some((f) => f.key === key)) await ctx.objects.remove(key)
      res.writeHead(200, { etag: `"${etag}"`, 'x-amz-request-id': requestId(), 'content-length': 0 })
      res.end()
    } catch (error) {
      if (!res.headersSent && !req.socket.destroyed) {
        sendS3Error(res, 400, 'IncompleteBody', (error as Error).message)
      }
    }
  }

  async function handleGet(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    const file = ctx.store.data.files.find((f) => f.key === key && f.status === 'success')
    const size = file ? await ctx.objects.size(key) : null
    if (!file || size === null) return sendS3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.')
    const headers: Record<string, string | number> = {
      'content-type': file.mimetype,
      'accept-ranges': 'bytes',
      'last-modified': new Date(file.updatedAt).toUTCString(),
      'cache-control': 'public, max-age=3600',
      'access-control-allow-origin': '*',
    }
    const range = parseByteRange(req.headers.range, size)
    if (range === 'invalid') {
      res.setHeader('content-range', `bytes */${size}`)
      return sendS3Error(res, 416, 'InvalidRange', 'The requested range is not satisfiable')
    }
    if (range) {
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': range.end - range.start + 1,
      })
    } else {
      res.writeHead(200, { ...headers, 'content-length': size })
    }
    if (req.method === 'HEAD' || size === 0) return void res.end()
    const stream = ctx.objects.read(key, range ?? undefined)
    stream.on('error', () => res.destroy())
    res.on('close', () => stream.destroy())
    stream.pipe(res)
  }

  return async function handleStorage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (random.chance(ctx.faults().storageErrorRate ?? 0)) {
      req.resume()
      return sendS3Error(res, 503, 'SlowDown', 'Please reduce your request rate.')
    }
    let key: string
    try {
      key = decodeURIComponent(url.pathname.slice(1))
    } catch {
      key = ''
    }
    if (!isSafeKey(key)) {
      req.resume()
      return sendS3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.')
    }
    if (req.method === 'PUT') {
      // R2 and S3 throttle writes with SlowDown; 429 with Retry-After is how the rateLimitRate fault asks it.
      if (random.chance(ctx.faults().rateLimitRate ?? 0)) {
        req.resume()
        res.setHeader('retry-after', rateLimitRetryAfter(ctx.faults()))
        return sendS3Error(res, 429, 'SlowDown', 'Please reduce your request rate.')
      }
      return handlePut(req, res, url, key)
    }
    if (req.method === 'GET' || req.method === 'HEAD') return handleGet(req, res, key)
    req.resume()
    sendS3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
  }
}
