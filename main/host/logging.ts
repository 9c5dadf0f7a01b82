// One logger shape for the host, and the redaction every log line goes through: secrets the app learns
// (profile secret keys, the browser-mode token) and anything that looks like credentials are replaced
// before a transport sees them. electron-log writes the file in both the app and plain Node.
import type { NodeLogger } from 'electron-log'

export interface Logger {
  info(...data: unknown[]): void
  warn(...data: unknown[]): void
  error(...data: unknown[]): void
  debug(...data: unknown[]): void
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} }

export interface Redactor {
  /** Remember a secret value: every later occurrence in a log line becomes `[redacted]`. */
  add(secret: string): void
  redact<T>(value: T): T
}

const MASK = '[redacted]'
// Basic auth headers, `secretKey` members (JSON or key=value), presigned-URL signatures.
const PATTERNS: Array<[RegExp, string]> = [
  [/(authorization["']?\s*[:=]\s*["']?)(basic|bearer)\s+[A-Za-z0-9+/=._-]+/gi, `$1$2 ${MASK}`],
  [/((?:secret[_-]?key|secret|password|token)["']?\s*[:=]\s*["']?)[^"',\s&}]+/gi, `$1${MASK}`],
  [/(X-Amz-(?:Signature|Credential)=)[^&\s"']+/g, `$1${MASK}`],
]

export function createRedactor(): Redactor {
  const secrets = new Set<string>()
  function redactText(text: string): string {
    let out = text
    // Longest first, so a secret containing another is masked whole.
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(MASK)
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
      out[key] = /secret|password|token|authorization/i.test(key) ? MASK : redactValue(v, depth + 1)
    }
    return out
  }
  return {
    add(secret) {
      // Very short values would mask ordinary words; real secrets are longer.
      if (secret.length >= 4) secrets.add(secret)
    },
    redact: <T>(value: T) => redactValue(value, 0) as T,
  }
}

function describeDeep(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return '[object]'
  }
}

/** Wires an electron-log instance (main or node flavour) to a file and the redactor. */
export function configureElectronLog(log: NodeLogger, options: { file: string; redactor: Redactor }): Logger {
  log.transports.file.resolvePathFn = () => options.file
  log.transports.file.level = 'info'
  log.transports.console.level = process.env.MEDIADECK_LOG_CONSOLE ? 'debug' : false
  log.hooks.push((message) => ({ ...message, data: message.data.map((d) => options.redactor.redact(d)) }))
  return {
    info: (...data) => log.info(...data),
    warn: (...data) => log.warn(...data),
    error: (...data) => log.error(...data),
    debug: (...data) => log.debug(...data),
  }
}
