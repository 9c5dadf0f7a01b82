// Small answers and readers shared by the API and the storage origin.
import type { IncomingMessage, ServerResponse } from 'node:http'

/** A refusal that becomes the service's `{code, message}` body with the same HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { code: status, message })
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204)
  res.end()
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** S3's error document, as R2 answers it. */
export function sendS3Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): void {
  const members = Object.entries({ Code: code, Message: message, ...extra })
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('')
  const text = `<?xml version="1.0" encoding="UTF-8"?><Error>${members}</Error>`
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

const MAX_JSON_BODY = 1024 * 1024

/**
 * Reads a JSON body. An empty body is `undefined` (complete and retry need none); anything that is not
 * JSON, or larger than 1 MiB, is a 400, never a crash.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BODY) throw new HttpError(413, 'request body too large')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, 'request body must be valid JSON')
  }
}

/** Drains a body we do not need so the connection stays usable for keep-alive. */
export function drain(req: IncomingMessage): void {
  req.resume()
}
