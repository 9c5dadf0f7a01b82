// One error shape for every failure the app can show, whichever process or host it came from.
// The service client produces it, IPC carries it as plain data, the renderer turns `kind` into words.

export const ERROR_KINDS = [
  'unauthorized', // 401: wrong keys
  'plan', // 402 "invalid plan" / 403: the plan does not include this area
  'storage-full', // 402 "upgrade to get more storage"
  'not-found', // 404
  'validation', // 400/409/422, or a bad payload caught before any request
  'rate-limited', // 429
  'server', // 5xx
  'storage-rejected', // the storage origin refused the PUT (S3 XML error: expired/bad signature)
  'network', // reset, refused, DNS
  'timeout',
  'cancelled',
  'file', // a local file problem: missing, unreadable, changed during upload
  'offline', // no connection to the service right now; queued work waits
  'internal', // a bug: reported with its message, never swallowed
] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

export interface AppErrorData {
  kind: ErrorKind
  message: string
  /** HTTP status where the failure was an HTTP answer. */
  status?: number
  /**
   * A stable name for what failed: the service's or storage origin's own code (`{code}` number or S3 `<Code>`
   * text), an errno (`ENOENT`), or one of main's reasons. A reason that is a key of the `errors` catalogue in
   * common/messages is shown in the person's language; `message` keeps main's English for logs and the CLI.
   */
  code?: string | number
  /** Values the catalogue text of `code` names (`{name}`, `{max}`): file names and numbers, never secrets. */
  params?: Record<string, string | number>
  /** Milliseconds the service asked us to wait (Retry-After), for rate-limited. */
  retryAfterMs?: number
  /** When a rate-limited call may be tried again (ISO 8601), for a wait too long to make in the background. */
  retryAt?: string
  /** Payload-field path for validation errors, e.g. `accountId` or `medias.0.url`. */
  field?: string
  /** Bytes needed vs free, for storage-full refusals the client can compute. */
  neededBytes?: number
  freeBytes?: number
}

export class AppError extends Error implements AppErrorData {
  readonly kind: ErrorKind
  readonly status?: number
  readonly code?: string | number
  readonly params?: Record<string, string | number>
  readonly retryAfterMs?: number
  readonly retryAt?: string
  readonly field?: string
  readonly neededBytes?: number
  readonly freeBytes?: number

  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(data.message, options)
    this.name = 'AppError'
    this.kind = data.kind
    this.status = data.status
    this.code = data.code
    this.params = data.params
    this.retryAfterMs = data.retryAfterMs
    this.retryAt = data.retryAt
    this.field = data.field
    this.neededBytes = data.neededBytes
    this.freeBytes = data.freeBytes
  }

  /** Plain data, safe to send across IPC or JSON (no stack, no cause). */
  toJSON(): AppErrorData {
    const data: AppErrorData = { kind: this.kind, message: this.message }
    if (this.status !== undefined) data.status = this.status
    if (this.code !== undefined) data.code = this.code
    if (this.params !== undefined) data.params = { ...this.params }
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs
    if (this.retryAt !== undefined) data.retryAt = this.retryAt
    if (this.field !== undefined) data.field = this.field
    if (this.neededBytes !== undefined) data.neededBytes = this.neededBytes
    if (this.freeBytes !== undefined) data.freeBytes = this.freeBytes
    return data
  }

  static from(error: unknown): AppError {
    if (error instanceof AppError) return error
    if (isAppErrorData(error)) return new AppError(error)
    if (error instanceof Error && error.name === 'AbortError') {
      return new AppError({ kind: 'cancelled', message: 'cancelled' }, { cause: error })
    }
    const message = error instanceof Error ? error.message : String(error)
    return new AppError({ kind: 'internal', message }, { cause: error })
  }
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    (ERROR_KINDS as readonly string[]).includes((value as { kind: string }).kind) &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}

// What a failure means for the caller, decided here once. Each predicate names a question the code asks; the
// table test (test/unit/common/errors.test.ts) pins every kind's answer.
type HasKind = Pick<AppErrorData, 'kind'>
const kindIn =
  (...kinds: ErrorKind[]) =>
  (error: HasKind): boolean =>
    kinds.includes(error.kind)

/** The service cannot be reached at all (as opposed to "it answered badly"): the connection is down now. */
export const isOutage = kindIn('network', 'timeout', 'offline')

/** The service could not be reached or could not answer: a cached copy may stand in, a check is due. */
export const isUnreachable = kindIn('network', 'timeout', 'offline', 'server')

/** Worth another attempt of an idempotent step, straight away with a backoff. */
export const isTransient = kindIn('server', 'rate-limited', 'network', 'timeout')

/** Says nothing about the request itself (a post, a file): it waits and is tried again later. */
export const isRetryable = kindIn(
  'network',
  'timeout',
  'offline',
  'server',
  'rate-limited',
  'storage-rejected',
)

/** The answer was lost, not refused: the service may have carried the request out. */
export const mayHaveBeenApplied = kindIn('network', 'timeout', 'server')
