// Every failure of a request becomes one AppError with a kind the UI can act on. Two origins answer errors in
// different dialects: the service API (`{code, message}` JSON, service-api.md section 7) and the storage origin
// (S3 XML `<Error><Code/><Message/></Error>`, reference/README.md "storage errors").
import { AppError } from '../../../common/errors'
import type { ErrorKind } from '../../../common/errors'
import { serviceErrorBodySchema } from '../../../common/service'
import { formatRetryAt, isRetryAfterTooLong, parseRetryAfter } from './backoff'

export type ErrorOrigin = 'service' | 'storage'

type Headers = Record<string, string | string[] | undefined>

/** The kind for an HTTP status from the service API. */
export function serviceKindFor(status: number, message: string): ErrorKind {
  if (status === 401) return 'unauthorized'
  // 402 means two things on this service: "invalid plan" (tier refusal) and "upgrade to get more storage".
  if (status === 402) return /plan/i.test(message) && !/storage/i.test(message) ? 'plan' : 'storage-full'
  if (status === 403) return 'plan'
  if (status === 404) return 'not-found'
  if (status === 429) return 'rate-limited'
  if (status >= 500) return 'server'
  if (status >= 400) return 'validation'
  return 'server' // a 1xx/3xx that reached us: the client follows no redirects
}

/** The kind for an HTTP status from the storage origin (presigned PUT). */
export function storageKindFor(status: number): ErrorKind {
  if (status === 429) return 'rate-limited'
  if (status >= 500) return 'server'
  // 403 AccessDenied "Request has expired" / SignatureDoesNotMatch, 400 bad request, 3xx redirect, …
  return 'storage-rejected'
}

/** Pulls `<Code>` and `<Message>` out of an S3 error document (no XML parser needed for two flat tags). */
export function parseS3Error(text: string): { code?: string; message?: string } {
  const pick = (tag: string): string | undefined => {
    const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(text)
    return m?.[1]?.trim() ? decodeXmlEntities(m[1].trim()) : undefined
  }
  return { code: pick('Code'), message: pick('Message') }
}

function decodeXmlEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

export function errorFromResponse(
  origin: ErrorOrigin,
  status: number,
  headers: Headers,
  bodyText: string,
  what: string,
  options: {
    now?: number
    /** Masks the caller's credentials: an answer may echo the request's Authorization header. */
    redact?: (text: string) => string
  } = {},
): AppError {
  const now = options.now ?? Date.now()
  const redact = options.redact ?? ((text: string) => text)
  const retryAfterMs = parseRetryAfter(headers['retry-after'], now)
  if (origin === 'storage') {
    const s3 = parseS3Error(bodyText)
    const detail = s3.message ?? s3.code ?? (bodyText.trim().slice(0, 200) || `HTTP ${status}`)
    const kind = storageKindFor(status)
    const later = tooLongToWait(kind, retryAfterMs, now)
    return new AppError({
      kind,
      status,
      code: s3.code,
      message: redact(`storage refused ${what}: ${later?.detail ?? detail}`),
      retryAfterMs,
      retryAt: later?.retryAt,
    })
  }
  let code: number | undefined
  let message: string | undefined
  try {
    const parsed = serviceErrorBodySchema.safeParse(JSON.parse(bodyText))
    if (parsed.success) ({ code, message } = parsed.data)
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status line below.
  }
  const text = message ?? (bodyText.trim().slice(0, 200) || `HTTP ${status}`)
  const kind = serviceKindFor(status, text)
  const later = tooLongToWait(kind, retryAfterMs, now)
  return new AppError({
    kind,
    status,
    code,
    message: redact(`${what}: ${later?.detail ?? text}`),
    retryAfterMs,
    retryAt: later?.retryAt,
  })
}

/**
 * A rate limit whose Retry-After is beyond what we wait for in the background (MAX_RETRY_AFTER_MS): nobody
 * retries it, so its message says when the person can, and `retryAt` lets the UI show that moment.
 */
function tooLongToWait(
  kind: ErrorKind,
  retryAfterMs: number | undefined,
  now: number,
): { detail: string; retryAt: string } | undefined {
  if (kind !== 'rate-limited' || !isRetryAfterTooLong(retryAfterMs)) return undefined
  const at = new Date(now + retryAfterMs!)
  return {
    detail: `rate limited, try again at ${formatRetryAt(at, new Date(now))}`,
    retryAt: at.toISOString(),
  }
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
])
/** Connection failures (refused, reset, unreachable, dropped socket); the service client retries these too. */
export const CONNECTION_ERROR_CODES: readonly string[] = [
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
]
const NETWORK_CODES = new Set([
  ...CONNECTION_ERROR_CODES,
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
])

/** A thrown error (undici, node:net, abort) as an AppError. An AppError passes through unchanged. */
export function errorFromException(error: unknown, what: string, signal?: AbortSignal): AppError {
  if (error instanceof AppError) return error
  // An abort we caused ourselves carries its AppError as the reason (e.g. a stall timeout).
  if (signal?.aborted && signal.reason instanceof AppError) return signal.reason
  const code = findCode(error)
  const message = error instanceof Error ? error.message : String(error)
  if (
    signal?.aborted ||
    code === 'UND_ERR_ABORTED' ||
    (error instanceof Error && error.name === 'AbortError')
  ) {
    return new AppError({ kind: 'cancelled', message: `${what}: cancelled` }, { cause: error })
  }
  if (code && TIMEOUT_CODES.has(code)) {
    return new AppError({ kind: 'timeout', code, message: `${what}: timed out (${code})` }, { cause: error })
  }
  if (code && NETWORK_CODES.has(code)) {
    return new AppError({ kind: 'network', code, message: `${what}: ${message} (${code})` }, { cause: error })
  }
  if (error instanceof TypeError && /fetch failed|connect/i.test(message)) {
    return new AppError({ kind: 'network', message: `${what}: ${message}` }, { cause: error })
  }
  return new AppError({ kind: 'internal', code, message: `${what}: ${message}` }, { cause: error })
}

/** undici wraps socket errors; the useful code can sit on the error or on its cause. */
function findCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code !== 'UND_ERR_REQ_RETRY') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
