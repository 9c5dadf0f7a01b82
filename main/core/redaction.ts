// One redaction for every text that can leave main: log lines, error messages (whatever produced them, the
// service included: a proxy or a buggy endpoint may echo the request's Authorization header), results sent to
// a page, CLI output. Secrets the process learns (secret keys, the browser-mode token) and anything that looks
// like credentials are replaced. Lives in the core so the service client, the host and the CLI share it.
import { AppError } from '../../common/errors'

export interface Redactor {
  /** Remember a secret value: every later occurrence in a log line becomes `[redacted]`. */
  add(secret: string): void
  /**
   * Remember a key pair: the secret, `access:secret`, its Basic base64 (standard and URL-safe alphabet) and
   * so the whole `Basic …` value of the Authorization header sent with it.
   */
  addCredentials(accessKey: string, secretKey: string): void
  /** For logs: walks a few levels, masks secret-named members, flattens what is deeper. */
  redact<T>(value: T): T
  redactText(text: string): string
  /** The same error with its message redacted (an AppError stays one, with every other field kept). */
  redactError(error: AppError): AppError
  /** For payloads sent to a page: every string redacted, the shape (and every non-string) kept as it is. */
  redactPayload<T>(value: T): T
}

const MASK = '[redacted]'
// Basic/Bearer auth values (with or without the header name), `secretKey` members (JSON or key=value),
// presigned-URL signatures.
const PATTERNS: Array<[RegExp, string]> = [
  [/(authorization["']?\s*[:=]\s*["']?)(basic|bearer)\s+[A-Za-z0-9+/=._-]+/gi, `$1$2 ${MASK}`],
  // A bare header value: looks like a token (a digit or base64 sign in it), so "Basic information" stays.
  [/\b(Basic|Bearer)\s+(?=[A-Za-z0-9+/_-]*[0-9+/=])[A-Za-z0-9+/_-]{8,}={0,2}/g, `$1 ${MASK}`],
  [/((?:secret[_-]?key|secret|password|token)["']?\s*[:=]\s*["']?)[^"',\s&}]+/gi, `$1${MASK}`],
  [/(X-Amz-(?:Signature|Credential)=)[^&\s"']+/g, `$1${MASK}`],
]
/** Every pattern above needs one of these words. */
const PATTERN_WORDS = /basic|bearer|secret|password|token|x-amz-/i
const SECRET_MEMBER = /secret|password|token|authorization/i
/** Payloads sent to a page are ours and bounded; this only guards against a cycle. */
const MAX_PAYLOAD_DEPTH = 64

export function createRedactor(): Redactor {
  const secrets = new Set<string>()
  let ordered: string[] = []
  function remember(secret: string): void {
    // Very short values would mask ordinary words; real secrets are longer.
    if (secret.length < 4 || secrets.has(secret)) return
    secrets.add(secret)
    // Longest first, so a secret containing another is masked whole.
    ordered = [...secrets].sort((a, b) => b.length - a.length)
  }
  function redactText(text: string): string {
    let out = text
    for (const secret of ordered) if (out.includes(secret)) out = out.split(secret).join(MASK)
    // One cheap test first: payloads hold thousands of ordinary strings (file names, ids).
    if (!PATTERN_WORDS.test(out)) return out
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement)
    return out
  }
  function redactValue(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return redactText(value)
    if (value instanceof Error) {
      const copy = new Error(redactText(value.message))
      copy.name = value.name
      if (value.stack) copy.stack = redactText(value.stack)
      return copy
    }
    if (value === null || typeof value !== 'object') return value
    // Deeper than this is not walked, but it is not let through raw either: the transport would print it.
    if (depth > 4) return redactText(describeDeep(value))
    if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      out[key] = SECRET_MEMBER.test(key) ? MASK : redactValue(v, depth + 1)
    }
    return out
  }
  function redactPayload(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return redactText(value)
    if (value === null || typeof value !== 'object' || depth > MAX_PAYLOAD_DEPTH) return value
    if (Array.isArray(value)) return value.map((v) => redactPayload(v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) out[key] = redactPayload(v, depth + 1)
    return out
  }
  return {
    add: remember,
    addCredentials(accessKey, secretKey) {
      remember(secretKey)
      const pair = `${accessKey}:${secretKey}`
      remember(pair)
      remember(base64(pair))
      remember(base64(pair).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    },
    redact: <T>(value: T) => redactValue(value, 0) as T,
    redactText,
    redactError(error) {
      const message = redactText(error.message)
      if (message === error.message) return error
      return new AppError({ ...error.toJSON(), message }, { cause: error.cause })
    },
    redactPayload: <T>(value: T) => redactPayload(value, 0) as T,
  }
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64')
}

function describeDeep(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return '[object]'
  }
}
