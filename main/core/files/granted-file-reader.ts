// Answers the page's reads of files the person gave this app (common/local-files.ts): a picked video decoded
// in a <video> element to show its length and take a cover frame, a chosen cover shown beside it. The same
// answer serves Electron's app:// protocol and the browser mode's HTTP server.
//
// Only what file-grants allows is read, and the check runs on the opened handle (as the upload engine's does),
// so a path outside a grant, a `..` walk out of a granted folder, or a symbolic link inside one that points
// out of it are all refused. Only pictures and videos are served: this is the page's own origin, and a granted
// HTML or SVG document must never run as the app. Ranges are honoured, which is how a <video> seeks.
import type { Readable } from 'node:stream'
import { open } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import mime from 'mime'
import { parseByteRange } from '../../../common/byte-range'
import type { FileGrants } from './file-grants'

export interface GrantedFileAnswer {
  status: 200 | 206 | 400 | 403 | 404 | 405 | 416
  headers: Record<string, string>
  /** The bytes to send; absent for HEAD and refusals. The reader closes the file when it ends or is destroyed. */
  body?: Readable
  /** Why it was refused, as a plain-text body. */
  message?: string
}

/** SVG is an image type that can hold script; it is not served. */
function servedType(path: string): string | undefined {
  const type = mime.getType(path) ?? undefined
  if (!type || type === 'image/svg+xml') return undefined
  return type.startsWith('image/') || type.startsWith('video/') ? type : undefined
}

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Loaded as a document by mistake, it can run nothing and reach nothing.
  'content-security-policy': "default-src 'none'; sandbox",
}

function refusal(status: GrantedFileAnswer['status'], text: string): GrantedFileAnswer {
  return {
    status,
    headers: { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    message: text,
  }
}

export async function readGrantedFile(
  grants: Pick<FileGrants, 'checkOpened'>,
  request: { method: string; path: string | null; range?: string },
): Promise<GrantedFileAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'method not allowed')
  const path = request.path
  if (!path || path.includes('\0') || !isAbsolute(path)) return refusal(400, 'a file path is required')
  const type = servedType(path)
  if (!type) return refusal(403, 'only pictures and videos are served')
  const handle = await open(path, 'r').catch(() => undefined)
  if (!handle) return refusal(404, 'not found')
  let keepOpen = false
  try {
    try {
      await grants.checkOpened(path, handle)
    } catch {
      return refusal(403, 'this file was not given to the app')
    }
    const { size } = await handle.stat()
    const range = parseByteRange(request.range, size)
    if (range === 'invalid') {
      const answer = refusal(416, 'range not satisfiable')
      answer.headers['content-range'] = `bytes */${size}`
      return answer
    }
    const headers: Record<string, string> = {
      ...COMMON_HEADERS,
      'content-type': type,
      'accept-ranges': 'bytes',
      'content-length': String(range ? range.end - range.start + 1 : size),
    }
    if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`
    const status = range ? 206 : 200
    if (request.method === 'HEAD' || size === 0) return { status, headers }
    keepOpen = true
    const body = handle.createReadStream({
      ...(range ? { start: range.start, end: range.end } : {}),
      autoClose: true,
    })
    return { status, headers, body }
  } finally {
    if (!keepOpen) await handle.close().catch(() => undefined)
  }
}
