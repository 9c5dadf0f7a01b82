// Typed calls to the service API over undici: Basic auth, one canonical base URL, timeouts on every request,
// any 2xx is success (init answers 201, complete and retry 204 — reference/README.md), responses validated with
// the wire schemas in common/service.ts, every failure an AppError. Safe requests (GET) are retried by undici's
// own RetryAgent on network errors, 5xx and 429 with jittered backoff; nothing else is retried here (the upload
// engine decides for init/complete, where it knows whether repeating is safe).
import { RetryAgent } from 'undici'
import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import { AppError } from '../../common/errors'
import {
  createScheduleRequestSchema,
  createScheduleResultSchema,
  initFileRequestSchema,
  initFileResultSchema,
  pageSchema,
  accountSchema,
  automationSchema,
  scheduleSchema,
  storageStatisticSchema,
  storedFileSchema,
} from '../../common/service'
import type {
  Account,
  Automation,
  CreateScheduleRequest,
  CreateScheduleResult,
  InitFileRequest,
  InitFileResult,
  Page,
  Schedule,
  ScheduleStatus,
  StorageStatistic,
  StoredFile,
} from '../../common/service'
import { normaliseBaseUrl } from './http/base-url'
import { directDispatcher } from './http/network'
import type { DispatcherFactory } from './http/network'
import { backoffDelay, parseRetryAfter } from './http/backoff'
import { CONNECTION_ERROR_CODES, errorFromException, errorFromResponse } from './http/error-mapping'
import { buildQuery } from './http/query'
import type { QueryValue } from './http/query'

export interface ServiceCredentials {
  baseUrl: string
  accessKey: string
  secretKey: string
}

export interface ServiceTimeouts {
  /** TCP/TLS connect. */
  connectMs: number
  /** From the request being sent to the response headers. */
  headersMs: number
  /** Between two chunks of the response body. */
  bodyMs: number
}

export interface ServiceRetryPolicy {
  /** Retries after the first attempt, for GET only. */
  maxRetries: number
  minDelayMs: number
  maxDelayMs: number
}

export interface ServiceClientOptions extends ServiceCredentials {
  timeouts?: Partial<ServiceTimeouts>
  retry?: Partial<ServiceRetryPolicy>
  /** Replaces the client's own Agent (tests, a shared pool); the client does not close it. */
  dispatcher?: Dispatcher
  /** Makes the client's own dispatcher (direct by default; through a proxy: ./http/network.ts). */
  network?: DispatcherFactory
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface ListFilesQuery {
  page: number
  limit: number
  search?: string
}
export interface ListAutomationsQuery {
  page: number
  limit: number
  accountIds?: string[]
  search?: string
}
export interface ListAccountsQuery {
  page: number
  limit: number
  types?: string[]
  search?: string
}
export interface ListSchedulesQuery {
  page: number
  limit: number
  accountIds?: string[]
  status?: ScheduleStatus
  fromDate?: string
  toDate?: string
}

export interface ServiceClient {
  baseUrl: string
  storageStatistic(o?: CallOptions): Promise<StorageStatistic>
  listFiles(q: ListFilesQuery, o?: CallOptions): Promise<Page<StoredFile>>
  getFile(id: string, o?: CallOptions): Promise<StoredFile>
  deleteFile(id: string, o?: CallOptions): Promise<void>
  deleteFiles(ids: string[], o?: CallOptions): Promise<void>
  initFile(req: InitFileRequest, o?: CallOptions): Promise<InitFileResult>
  completeFile(id: string, o?: CallOptions): Promise<void>
  listAutomations(q: ListAutomationsQuery, o?: CallOptions): Promise<Page<Automation>>
  listAccounts(q: ListAccountsQuery, o?: CallOptions): Promise<Page<Account>>
  listSchedules(q: ListSchedulesQuery, o?: CallOptions): Promise<Page<Schedule>>
  getSchedule(id: string, o?: CallOptions): Promise<Schedule>
  createSchedule(body: CreateScheduleRequest, o?: CallOptions): Promise<CreateScheduleResult>
  updateSchedule(id: string, body: CreateScheduleRequest, o?: CallOptions): Promise<void>
  deleteSchedule(id: string, o?: CallOptions): Promise<void>
  retrySchedule(id: string, o?: CallOptions): Promise<void>
  close(): Promise<void>
}

export const DEFAULT_TIMEOUTS: ServiceTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 }
export const DEFAULT_RETRY: ServiceRetryPolicy = { maxRetries: 3, minDelayMs: 300, maxDelayMs: 10_000 }

/** Error bodies are short; anything longer is a proxy page we only quote the start of. */
const MAX_ERROR_BODY = 64 * 1024

const RETRY_STATUS = [429, 500, 502, 503, 504]
const RETRY_ERROR_CODES = [...CONNECTION_ERROR_CODES, 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']

/**
 * undici's RetryAgent, with its retry callback replaced so the delay is jittered (its default is a fixed
 * exponential series) and a Retry-After beyond our cap is still honoured, as the issue asks for 429.
 * `throwOnError: false` hands the last failed response through, so its `{code, message}` reaches the caller.
 */
export function createRetryingDispatcher(inner: Dispatcher, policy: ServiceRetryPolicy): Dispatcher {
  return new RetryAgent(inner, {
    throwOnError: false,
    methods: ['GET', 'HEAD'],
    statusCodes: RETRY_STATUS,
    errorCodes: RETRY_ERROR_CODES,
    maxRetries: policy.maxRetries,
    retry(err, { state, opts }, cb) {
      const e = err as Error & {
        statusCode?: number
        code?: string
        headers?: Record<string, string | string[]>
      }
      const method = opts.method
      if (method !== 'GET' && method !== 'HEAD') return cb(err)
      if (e.statusCode !== undefined && !RETRY_STATUS.includes(e.statusCode)) return cb(err)
      if (e.statusCode === undefined && !(e.code && RETRY_ERROR_CODES.includes(e.code))) return cb(err)
      if (state.counter > policy.maxRetries) return cb(err)
      const retryAfter = parseRetryAfter(e.headers?.['retry-after'])
      const delay =
        retryAfter ?? backoffDelay(state.counter, { baseMs: policy.minDelayMs, maxMs: policy.maxDelayMs })
      const timer = setTimeout(() => cb(null), delay)
      // An aborted request must not keep the process alive waiting for a retry nobody wants.
      const signal = (opts as { signal?: AbortSignal }).signal
      signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        cb(err)
      })
    },
  })
}

export function createServiceClient(o: ServiceClientOptions): ServiceClient {
  const baseUrl = normaliseBaseUrl(o.baseUrl)
  const origin = new URL(baseUrl).origin
  const basePath = baseUrl.slice(origin.length)
  const timeouts: ServiceTimeouts = { ...DEFAULT_TIMEOUTS, ...o.timeouts }
  const retry: ServiceRetryPolicy = { ...DEFAULT_RETRY, ...o.retry }
  const ownAgent = o.dispatcher
    ? undefined
    : (o.network ?? directDispatcher)({
        connect: { timeout: timeouts.connectMs },
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      })
  const dispatcher = createRetryingDispatcher(o.dispatcher ?? ownAgent!, retry)
  const authorization = `Basic ${Buffer.from(`${o.accessKey}:${o.secretKey}`).toString('base64')}`

  async function call(
    method: Dispatcher.HttpMethod,
    path: string,
    opts: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<{ status: number; text: string }> {
    const what = `${method} ${path}`
    const headers: Record<string, string> = { authorization, accept: 'application/json' }
    let payload: string | undefined
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body)
      headers['content-type'] = 'application/json'
    }
    let response: Dispatcher.ResponseData
    try {
      response = await dispatcher.request({
        origin,
        path: basePath + path + buildQuery(opts.query ?? {}),
        method,
        headers,
        body: payload,
        signal: opts.signal,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      })
    } catch (error) {
      throw errorFromException(error, what, opts.signal)
    }
    const { statusCode, headers: resHeaders, body } = response
    let text: string
    try {
      if (statusCode === 204 || method === 'HEAD') {
        await body.dump()
        text = ''
      } else if (statusCode >= 200 && statusCode < 300) {
        text = await body.text()
      } else {
        text = await readCapped(body, MAX_ERROR_BODY)
      }
    } catch (error) {
      throw errorFromException(error, what, opts.signal)
    }
    if (statusCode < 200 || statusCode >= 300) {
      throw errorFromResponse('service', statusCode, resHeaders, text, what)
    }
    return { status: statusCode, text }
  }

  async function json<S extends z.ZodType>(
    schema: S,
    method: Dispatcher.HttpMethod,
    path: string,
    opts: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<z.infer<S>> {
    const { status, text } = await call(method, path, opts)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new AppError({
        kind: 'server',
        status,
        message: `${method} ${path}: the service answered non-JSON`,
      })
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new AppError({
        kind: 'server',
        status,
        message: `${method} ${path}: unexpected response shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
      })
    }
    return parsed.data
  }

  function checkRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') ?? ''
      throw new AppError({ kind: 'validation', field, message: `${field || 'request'}: ${issue?.message}` })
    }
    return parsed.data
  }

  const id = (value: string): string => {
    if (!value) throw new AppError({ kind: 'validation', message: 'an id is required', field: 'id' })
    return encodeURIComponent(value)
  }

  return {
    baseUrl,
    storageStatistic: (c) => json(storageStatisticSchema, 'GET', '/public/storage/statistic', c),
    listFiles: (q, c) =>
      json(pageSchema(storedFileSchema), 'GET', '/public/storage/file', {
        ...c,
        query: { page: q.page, limit: q.limit, search: q.search },
      }),
    getFile: async (fileId, c) => json(storedFileSchema, 'GET', `/public/storage/file/${id(fileId)}`, c),
    deleteFile: async (fileId, c) => {
      await call('DELETE', `/public/storage/file/${id(fileId)}`, c)
    },
    deleteFiles: async (ids, c) => {
      if (ids.length === 0) return
      await call('DELETE', '/public/storage/file/mass', { ...c, query: { fileIds: ids } })
    },
    initFile: async (req, c) =>
      json(initFileResultSchema, 'POST', '/public/storage/file/init', {
        ...c,
        body: checkRequest(initFileRequestSchema, req),
      }),
    completeFile: async (fileId, c) => {
      // "No request body is needed (an empty JSON object may be sent)" — section 4.3.
      await call('POST', `/public/storage/file/${id(fileId)}/complete`, { ...c, body: {} })
    },
    listAutomations: (q, c) =>
      json(pageSchema(automationSchema), 'GET', '/public/automation', {
        ...c,
        query: { page: q.page, limit: q.limit, accountIds: q.accountIds, search: q.search },
      }),
    listAccounts: (q, c) =>
      json(pageSchema(accountSchema), 'GET', '/public/account', {
        ...c,
        query: { page: q.page, limit: q.limit, types: q.types, search: q.search },
      }),
    listSchedules: (q, c) =>
      json(pageSchema(scheduleSchema), 'GET', '/public/schedule', {
        ...c,
        query: {
          page: q.page,
          limit: q.limit,
          accountIds: q.accountIds,
          status: q.status,
          fromDate: q.fromDate,
          toDate: q.toDate,
        },
      }),
    getSchedule: async (scheduleId, c) =>
      json(scheduleSchema, 'GET', `/public/schedule/${id(scheduleId)}`, c),
    createSchedule: async (body, c) =>
      json(createScheduleResultSchema, 'POST', '/public/schedule', {
        ...c,
        body: checkRequest(createScheduleRequestSchema, body),
      }),
    updateSchedule: async (scheduleId, body, c) => {
      await call('PUT', `/public/schedule/${id(scheduleId)}`, {
        ...c,
        body: checkRequest(createScheduleRequestSchema, body),
      })
    },
    deleteSchedule: async (scheduleId, c) => {
      await call('DELETE', `/public/schedule/${id(scheduleId)}`, c)
    },
    retrySchedule: async (scheduleId, c) => {
      await call('PUT', `/public/schedule/${id(scheduleId)}/retry`, { ...c, body: {} })
    },
    close: async () => {
      await ownAgent?.close()
    },
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size < max) chunks.push(chunk.subarray(0, max - size))
    size += chunk.length
  }
  return Buffer.concat(chunks).toString('utf8')
}
