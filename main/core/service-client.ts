// Over 400 lines on purpose: every endpoint is a few lines over one shared request path (auth, timeouts,
// retries, error shaping, schema checks), and splitting the endpoints from that path would scatter one closure.
// Typed calls to the service API over undici: Basic auth, one canonical base URL, timeouts on every request
// and an overall deadline on each call (a body that drips a byte at a time never trips a per-chunk timeout),
// answers read with a size cap (./http/read-bounded.ts),
// any 2xx is success (init answers 201, complete and retry 204 — reference/README.md), responses validated with
// the wire schemas in common/service.ts, every failure an AppError. Safe requests (GET) are retried by undici's
// own RetryAgent on network errors, 5xx and 429 with jittered backoff; nothing else is retried here (the upload
// engine decides for init/complete, where it knows whether repeating is safe).
import { setMaxListeners } from 'node:events'
import { RetryAgent } from 'undici'
import type { Dispatcher } from 'undici'
import { z } from 'zod'
import { AppError } from '../../common/errors'
import {
  createScheduleRequestSchema,
  createScheduleResultSchema,
  initFileRequestSchema,
  initFileResultSchema,
  readPage,
  readRecord,
  accountCountSchema,
  accountSchema,
  automationSchema,
  scheduleSchema,
  storageStatisticSchema,
  storedFileSchema,
  addonsSchema,
  linkMetadataSchema,
  musicListSchema,
  whatsappChannelListSchema,
  createAutomationResultSchema,
  createTemplateResultSchema,
  reportSchema,
  templateSchema,
  chatMessageSchema,
  chatSchema,
  commentResultSchema,
  inboxCommentSchema,
  messageResultSchema,
  sendMessageRequestSchema,
} from '../../common/service'
import type {
  Account,
  AccountCount,
  Automation,
  CreateScheduleRequest,
  CreateScheduleResult,
  InitFileRequest,
  InitFileResult,
  Page,
  Schedule,
  ScheduleChannel,
  ScheduleStatus,
  StorageStatistic,
  StoredFile,
  UnreadableRecord,
  Addons,
  LinkMetadata,
  MusicTrack,
  Report,
  Template,
  Chat,
  ChatMessage,
  ChatStatus,
  CommentStatus,
  InboxComment,
  SendMessageRequest,
} from '../../common/service'
import {
  accountFiguresSchema,
  contentPageSchema,
  postFiguresSchema,
  type AccountFigures,
  type ContentPage,
  type PostFigures,
} from '../../common/insights'
import { configBody, CONTENT_RULES, type ReportStatus } from '../../common/automation-edit'
import { normaliseBaseUrl } from './http/base-url'
import { ADDON_PATHS, createAddonPaths } from './addon-paths'
import { createRedactor } from './redaction'
import { directDispatcher } from './http/network'
import type { DispatcherFactory } from './http/network'
import { backoffDelay, isRetryAfterTooLong, parseRetryAfter } from './http/backoff'
import { CONNECTION_ERROR_CODES, errorFromException, errorFromResponse } from './http/error-mapping'
import { buildQuery } from './http/query'
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES, readCapped, readTruncated } from './http/read-bounded'
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
  /**
   * The whole call, retries included, from sending to the last byte of the answer. `bodyMs` bounds only the
   * gap between chunks, so without this an answer dripping a byte every few seconds never ends.
   */
  deadlineMs: number
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
  /** Told of each record left out of a list because it cannot be read (the host logs it; default: nothing). */
  onUnreadable?: (note: UnreadableNote) => void
  /** Makes the client's own dispatcher (direct by default; through a proxy: ./http/network.ts). */
  network?: DispatcherFactory
  /** The largest 2xx answer read (default MAX_ANSWER_BYTES); a larger one fails with `answer-too-large`. */
  maxAnswerBytes?: number
}

/** A record a list answer held that the app could not use: which call, and which record and member. */
export interface UnreadableNote extends UnreadableRecord {
  /** `GET /public/automation` */
  call: string
}

/** One log line for a record left out of a page. */
export function describeUnreadable(note: UnreadableNote): string {
  return `${note.call}: left out record ${note.id ?? '(no id)'}: ${note.member}: ${note.message}`
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

export interface ListReportsQuery {
  page: number
  limit: number
  type?: string
  status?: ReportStatus
  accountIds?: string[]
  search?: string
}
export interface ListTemplatesQuery {
  page: number
  limit: number
  search?: string
}
export interface ListCommentsQuery {
  page: number
  limit: number
  status?: CommentStatus
  accountIds?: string[]
  search?: string
}
export interface ListChatsQuery {
  page: number
  limit: number
  status?: ChatStatus
  accountIds?: string[]
  search?: string
}

/** A rule set as the app holds it; sent with every required member filled in (common/automation-edit.ts). */
export type RuleSet = Record<string, unknown>

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
  /** GET /public/automation/{id}: in the service's newer published description; older services answer 404. */
  getAutomation(id: string, o?: CallOptions): Promise<Automation>
  createAutomation(
    body: { contentId: string; accountId: string; config: RuleSet },
    o?: CallOptions,
  ): Promise<{ automationId: string }>
  updateAutomation(id: string, config: RuleSet, o?: CallOptions): Promise<void>
  deleteAutomation(id: string, o?: CallOptions): Promise<void>
  /** PUT /public/account/{id}/automation: the rules new content of the account starts with (all six). */
  setAccountAutomation(accountId: string, config: RuleSet, o?: CallOptions): Promise<void>
  listTemplates(q: ListTemplatesQuery, o?: CallOptions): Promise<Page<Template>>
  getTemplate(id: string, o?: CallOptions): Promise<Template>
  createTemplate(body: { name: string; config: RuleSet }, o?: CallOptions): Promise<{ _id: string }>
  updateTemplate(id: string, body: { name: string; config: RuleSet }, o?: CallOptions): Promise<void>
  deleteTemplate(id: string, o?: CallOptions): Promise<void>
  listReports(q: ListReportsQuery, o?: CallOptions): Promise<Page<Report>>
  getReport(id: string, o?: CallOptions): Promise<Report>
  retryReport(id: string, o?: CallOptions): Promise<void>
  listAccounts(q: ListAccountsQuery, o?: CallOptions): Promise<Page<Account>>
  countAccounts(o?: CallOptions): Promise<AccountCount>
  listSchedules(q: ListSchedulesQuery, o?: CallOptions): Promise<Page<Schedule>>
  getSchedule(id: string, o?: CallOptions): Promise<Schedule>
  createSchedule(body: CreateScheduleRequest, o?: CallOptions): Promise<CreateScheduleResult>
  updateSchedule(id: string, body: CreateScheduleRequest, o?: CallOptions): Promise<void>
  deleteSchedule(id: string, o?: CallOptions): Promise<void>
  retrySchedule(id: string, o?: CallOptions): Promise<void>
  /** GET /public/me/addon: the add-ons the plan holds (newer OpenAPI). */
  addons(o?: CallOptions): Promise<Addons>
  /** A page's card; at /public/addon/link/metadata, else the former /public/link/metadata (addon-paths.ts). */
  linkMetadata(url: string, o?: CallOptions): Promise<LinkMetadata>
  /** TikTok's music chart; at /public/addon/tiktok/music, else the former /public/tiktok/music. */
  tiktokMusic(q: MusicQuery, o?: CallOptions): Promise<MusicTrack[]>
  /** GET /public/addon/whatsapp/channel: the channels and groups a WhatsApp account may post to. */
  whatsappChannels(accountId: string, o?: CallOptions): Promise<ScheduleChannel[]>
  /** GET /public/content (Gold+): a page of an account's published posts, newest first. */
  listContents(accountId: string, nextToken?: string, o?: CallOptions): Promise<ContentPage>
  /** GET /public/content/{id}/statistic (Gold+): a published post's figures; null when it has none yet (404). */
  contentStatistic(contentId: string, accountId: string, o?: CallOptions): Promise<PostFigures | null>
  /** GET /public/account/{id}/statistic: an account's figures; null for a network without any (404). */
  accountStatistic(accountId: string, o?: CallOptions): Promise<AccountFigures | null>
  /** GET /public/comment (Standard+): the comment queue, newest first. */
  listComments(q: ListCommentsQuery, o?: CallOptions): Promise<Page<InboxComment>>
  getComment(id: string, o?: CallOptions): Promise<InboxComment>
  /** POST /public/comment/{id}: the account's reply, text only (the service takes nothing else there). */
  replyComment(id: string, text: string, o?: CallOptions): Promise<{ commentId: string }>
  setCommentStatus(id: string, status: CommentStatus, o?: CallOptions): Promise<void>
  deleteComment(id: string, o?: CallOptions): Promise<void>
  /** POST /public/content/{id}/like/{commentId} (Gold+): the account likes a comment (204); liking twice is one like. */
  likeComment(contentId: string, commentId: string, accountId: string, o?: CallOptions): Promise<void>
  /** POST /public/content/{id}/message (Gold+): a private reply, a direct message to a comment's author. */
  messageComment(
    contentId: string,
    body: { accountId: string; commentId: string; text: string },
    o?: CallOptions,
  ): Promise<{ messageId: string }>
  /** GET /public/chat (Gold+): direct-message conversations, newest first. */
  listChats(q: ListChatsQuery, o?: CallOptions): Promise<Page<Chat>>
  getChat(id: string, o?: CallOptions): Promise<Chat>
  /** A chat's messages, newest first (page 2 is older). */
  listChatMessages(
    id: string,
    q: { page: number; limit: number },
    o?: CallOptions,
  ): Promise<Page<ChatMessage>>
  sendChatMessage(id: string, body: SendMessageRequest, o?: CallOptions): Promise<{ messageId: string }>
  readChat(id: string, o?: CallOptions): Promise<void>
  close(): Promise<void>
}

export interface MusicQuery {
  genre: string
  countryCode: string
  dateRange: string
}

export const DEFAULT_TIMEOUTS: ServiceTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  deadlineMs: 60_000,
}
export const DEFAULT_RETRY: ServiceRetryPolicy = { maxRetries: 3, minDelayMs: 300, maxDelayMs: 10_000 }

const RETRY_STATUS = [429, 500, 502, 503, 504]
const RETRY_ERROR_CODES = [...CONNECTION_ERROR_CODES, 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']

/**
 * undici's RetryAgent, with its retry callback replaced so the delay is jittered (its default is a fixed
 * exponential series) and a Retry-After beyond our backoff cap is still honoured, up to MAX_RETRY_AFTER_MS.
 * A longer one is not waited for: the answer goes straight to the caller, whose error says when to try again.
 * `throwOnError: false` hands the last failed response through, so its `{code, message}` reaches the caller.
 * The wait ends early when the request's signal aborts (the caller's, or the client closing), and is not begun
 * when it would end past the call's deadline (`deadlines`, by the request's signal): the answer in hand (a 429
 * saying when to try again, a 503) then goes to the caller instead of a bare timeout.
 */
export function createRetryingDispatcher(
  inner: Dispatcher,
  policy: ServiceRetryPolicy,
  deadlines?: WeakMap<AbortSignal, number>,
): Dispatcher {
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
      if (isRetryAfterTooLong(retryAfter)) return cb(err)
      const delay =
        retryAfter ?? backoffDelay(state.counter, { baseMs: policy.minDelayMs, maxMs: policy.maxDelayMs })
      // An aborted request must not keep the process alive waiting for a retry nobody wants.
      const signal = (opts as { signal?: AbortSignal }).signal
      if (signal?.aborted) return cb(err)
      const deadlineAt = signal && deadlines?.get(signal)
      if (deadlineAt !== undefined && Date.now() + delay >= deadlineAt) return cb(err)
      const onAbort = () => {
        clearTimeout(timer)
        cb(err)
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        cb(null)
      }, delay)
      signal?.addEventListener('abort', onAbort, { once: true })
    },
  })
}

export function createServiceClient(o: ServiceClientOptions): ServiceClient {
  const baseUrl = normaliseBaseUrl(o.baseUrl)
  const origin = new URL(baseUrl).origin
  const basePath = baseUrl.slice(origin.length)
  const timeouts: ServiceTimeouts = { ...DEFAULT_TIMEOUTS, ...o.timeouts }
  const retry: ServiceRetryPolicy = { ...DEFAULT_RETRY, ...o.retry }
  const maxAnswerBytes = o.maxAnswerBytes ?? MAX_ANSWER_BYTES
  const ownAgent = o.dispatcher
    ? undefined
    : (o.network ?? directDispatcher)({
        connect: { timeout: timeouts.connectMs },
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      })
  /** When each call in flight must be done, by its request's signal (read by the retry wait). */
  const deadlines = new WeakMap<AbortSignal, number>()
  const dispatcher = createRetryingDispatcher(o.dispatcher ?? ownAgent!, retry, deadlines)
  const authorization = `Basic ${Buffer.from(`${o.accessKey}:${o.secretKey}`).toString('base64')}`
  // Closing aborts every request still running or sleeping before a retry: a profile switch or a CLI exit
  // must not wait out a Retry-After.
  // Whatever the service answers, no error this client makes carries its credentials.
  const redactor = createRedactor()
  redactor.addCredentials(o.accessKey, o.secretKey)
  const closing = new AbortController()
  // Every request in flight listens to it: many at once is normal, not a leak.
  setMaxListeners(0, closing.signal)

  async function call(
    method: Dispatcher.HttpMethod,
    path: string,
    opts: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<{ status: number; text: string }> {
    const what = `${method} ${path}`
    if (closing.signal.aborted)
      throw new AppError({ kind: 'cancelled', message: `${what}: the client is closed` })
    // The deadline aborts with its own AppError (kind `timeout`, so the callers' retry rules treat it as the
    // transient fault it is); errorFromException hands that reason back unchanged.
    const deadline = new AbortController()
    const deadlineAt = Date.now() + timeouts.deadlineMs
    const deadlineTimer = setTimeout(() => {
      deadline.abort(
        new AppError({
          kind: 'timeout',
          code: 'deadline',
          message: `${what}: no complete answer within ${timeouts.deadlineMs} ms`,
        }),
      )
    }, timeouts.deadlineMs)
    try {
      return await send(method, path, what, opts, deadline.signal, deadlineAt)
    } finally {
      clearTimeout(deadlineTimer)
    }
  }

  async function send(
    method: Dispatcher.HttpMethod,
    path: string,
    what: string,
    opts: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal },
    deadline: AbortSignal,
    deadlineAt: number,
  ): Promise<{ status: number; text: string }> {
    const signal = AbortSignal.any(
      opts.signal ? [opts.signal, closing.signal, deadline] : [closing.signal, deadline],
    )
    deadlines.set(signal, deadlineAt)
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
        signal,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      })
    } catch (error) {
      throw redactor.redactError(errorFromException(error, what, signal))
    }
    const { statusCode, headers: resHeaders, body } = response
    let text: string
    try {
      if (statusCode === 204 || method === 'HEAD') {
        await body.dump()
        text = ''
      } else if (statusCode >= 200 && statusCode < 300) {
        text = await readCapped(body, maxAnswerBytes, what, statusCode)
      } else {
        text = await readTruncated(body, MAX_ERROR_BODY_BYTES)
      }
    } catch (error) {
      throw redactor.redactError(errorFromException(error, what, signal))
    }
    if (statusCode < 200 || statusCode >= 300) {
      throw errorFromResponse('service', statusCode, resHeaders, text, what, { redact: redactor.redactText })
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
    const parsed = schema.safeParse(parseJson(status, method, path, text))
    if (!parsed.success) throw shapeError(status, method, path, parsed.error)
    return parsed.data
  }

  /** A list answer: the page must be one, each record is read alone and an unusable one left out and told. */
  async function page<S extends z.ZodType>(
    item: S,
    method: Dispatcher.HttpMethod,
    path: string,
    opts: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
  ): Promise<Page<z.output<S>>> {
    const { status, text } = await call(method, path, opts)
    const read = readPage(item, parseJson(status, method, path, text))
    if (!read.ok) throw shapeError(status, method, path, read.error)
    for (const record of read.unreadable) o.onUnreadable?.({ call: `${method} ${path}`, ...record })
    return read.page
  }

  /** A single record: one that cannot be read is an error naming the member. */
  async function one<S extends z.ZodType>(
    schema: S,
    method: Dispatcher.HttpMethod,
    path: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<z.output<S>> {
    const { status, text } = await call(method, path, opts)
    const read = readRecord(schema, parseJson(status, method, path, text))
    if (read.ok) return read.value
    throw new AppError({
      kind: 'server',
      status,
      message: `${method} ${path}: unexpected response shape at ${read.unreadable.member}: ${read.unreadable.message}`,
    })
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

  const addonPath = createAddonPaths()

  const id = (value: string): string => {
    if (!value) throw new AppError({ kind: 'validation', message: 'an id is required', field: 'id' })
    return encodeURIComponent(value)
  }

  return {
    baseUrl,
    storageStatistic: (c) => json(storageStatisticSchema, 'GET', '/public/storage/statistic', c),
    listFiles: (q, c) =>
      page(storedFileSchema, 'GET', '/public/storage/file', {
        ...c,
        query: { page: q.page, limit: q.limit, search: q.search },
      }),
    getFile: async (fileId, c) => one(storedFileSchema, 'GET', `/public/storage/file/${id(fileId)}`, c),
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
      page(automationSchema, 'GET', '/public/automation', {
        ...c,
        query: { page: q.page, limit: q.limit, accountIds: q.accountIds, search: q.search },
      }),
    getAutomation: async (automationId, c) =>
      json(automationSchema, 'GET', `/public/automation/${id(automationId)}`, c),
    // Rule sets go out whole: configBody fills what an older record lacks and keeps what the app does not know.
    createAutomation: async ({ contentId, accountId, config }, c) =>
      json(createAutomationResultSchema, 'POST', '/public/automation', {
        ...c,
        body: { contentId, accountId, config: configBody(config, CONTENT_RULES) },
      }),
    updateAutomation: async (automationId, config, c) => {
      await call('PUT', `/public/automation/${id(automationId)}`, {
        ...c,
        body: { config: configBody(config, CONTENT_RULES) },
      })
    },
    deleteAutomation: async (automationId, c) => {
      await call('DELETE', `/public/automation/${id(automationId)}`, c)
    },
    setAccountAutomation: async (accountId, config, c) => {
      await call('PUT', `/public/account/${id(accountId)}/automation`, { ...c, body: configBody(config) })
    },
    listTemplates: (q, c) =>
      page(templateSchema, 'GET', '/public/template', {
        ...c,
        query: { page: q.page, limit: q.limit, search: q.search },
      }),
    getTemplate: async (templateId, c) => one(templateSchema, 'GET', `/public/template/${id(templateId)}`, c),
    createTemplate: async ({ name, config }, c) =>
      json(createTemplateResultSchema, 'POST', '/public/template', {
        ...c,
        body: { name, config: configBody(config) },
      }),
    updateTemplate: async (templateId, { name, config }, c) => {
      await call('PUT', `/public/template/${id(templateId)}`, {
        ...c,
        body: { name, config: configBody(config) },
      })
    },
    deleteTemplate: async (templateId, c) => {
      await call('DELETE', `/public/template/${id(templateId)}`, c)
    },
    listReports: (q, c) =>
      page(reportSchema, 'GET', '/public/report', {
        ...c,
        query: {
          page: q.page,
          limit: q.limit,
          type: q.type,
          status: q.status,
          accountIds: q.accountIds,
          search: q.search,
        },
      }),
    getReport: async (reportId, c) => one(reportSchema, 'GET', `/public/report/${id(reportId)}`, c),
    retryReport: async (reportId, c) => {
      await call('PUT', `/public/report/${id(reportId)}/retry`, { ...c, body: {} })
    },
    listAccounts: (q, c) =>
      page(accountSchema, 'GET', '/public/account', {
        ...c,
        query: { page: q.page, limit: q.limit, types: q.types, search: q.search },
      }),
    countAccounts: (c) => json(accountCountSchema, 'GET', '/public/account/count', c),
    listSchedules: (q, c) =>
      page(scheduleSchema, 'GET', '/public/schedule', {
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
    getSchedule: async (scheduleId, c) => one(scheduleSchema, 'GET', `/public/schedule/${id(scheduleId)}`, c),
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
    addons: (c) => json(addonsSchema, 'GET', '/public/me/addon', c),
    linkMetadata: (url, c) =>
      addonPath(ADDON_PATHS.linkMetadata, (path) =>
        json(linkMetadataSchema, 'GET', path, { ...c, query: { url } }),
      ),
    tiktokMusic: async (q, c) => {
      const query = { genre: q.genre, countryCode: q.countryCode, dateRange: q.dateRange }
      const list = await addonPath(ADDON_PATHS.tiktokMusic, (path) =>
        json(musicListSchema, 'GET', path, { ...c, query }),
      )
      return list.docs
    },
    whatsappChannels: async (accountId, c) => {
      const list = await json(whatsappChannelListSchema, 'GET', '/public/addon/whatsapp/channel', {
        ...c,
        query: { accountId },
      })
      return list.docs
    },
    listContents: (accountId, nextToken, c) =>
      json(contentPageSchema, 'GET', '/public/content', { ...c, query: { accountId, nextToken } }),
    contentStatistic: (contentId, accountId, c) =>
      noFigures(
        json(postFiguresSchema, 'GET', `/public/content/${id(contentId)}/statistic`, {
          ...c,
          query: { accountId },
        }),
      ),
    accountStatistic: (accountId, c) =>
      noFigures(json(accountFiguresSchema, 'GET', `/public/account/${id(accountId)}/statistic`, c)),
    listComments: (q, c) =>
      page(inboxCommentSchema, 'GET', '/public/comment', {
        ...c,
        query: { page: q.page, limit: q.limit, status: q.status, accountIds: q.accountIds, search: q.search },
      }),
    getComment: async (commentId, c) => one(inboxCommentSchema, 'GET', `/public/comment/${id(commentId)}`, c),
    replyComment: async (commentId, text, c) =>
      json(commentResultSchema, 'POST', `/public/comment/${id(commentId)}`, {
        ...c,
        body: { text: checkRequest(replyTextSchema, text) },
      }),
    setCommentStatus: async (commentId, status, c) => {
      await call('PUT', `/public/comment/${id(commentId)}/status`, { ...c, body: { status } })
    },
    deleteComment: async (commentId, c) => {
      await call('DELETE', `/public/comment/${id(commentId)}`, c)
    },
    likeComment: async (contentId, commentId, accountId, c) => {
      await call('POST', `/public/content/${id(contentId)}/like/${id(commentId)}`, {
        ...c,
        query: { accountId },
        body: {},
      })
    },
    messageComment: async (contentId, body, c) =>
      json(messageResultSchema, 'POST', `/public/content/${id(contentId)}/message`, {
        ...c,
        body: { ...body, text: checkRequest(replyTextSchema, body.text) },
      }),
    listChats: (q, c) =>
      page(chatSchema, 'GET', '/public/chat', {
        ...c,
        query: { page: q.page, limit: q.limit, status: q.status, accountIds: q.accountIds, search: q.search },
      }),
    getChat: async (chatId, c) => one(chatSchema, 'GET', `/public/chat/${id(chatId)}`, c),
    listChatMessages: (chatId, q, c) =>
      page(chatMessageSchema, 'GET', `/public/chat/${id(chatId)}/message`, {
        ...c,
        query: { page: q.page, limit: q.limit },
      }),
    sendChatMessage: async (chatId, body, c) =>
      json(messageResultSchema, 'POST', `/public/chat/${id(chatId)}/message`, {
        ...c,
        body: checkRequest(sendMessageRequestSchema, body),
      }),
    readChat: async (chatId, c) => {
      await call('POST', `/public/chat/${id(chatId)}/read`, { ...c, body: {} })
    },
    close: async () => {
      closing.abort(new AppError({ kind: 'cancelled', message: 'the service client was closed' }))
      await ownAgent?.close()
    },
  }
}

/** A reply's text: the platforms post no empty comment. */
const replyTextSchema = z
  .string()
  .max(10_000)
  .refine((v) => v.trim() !== '', 'the text must not be empty')

/**
 * The service's 404 "statistic not found" (a post the platform has not counted yet, a network without account
 * figures) is an answer, not a failure: null. "account not found" stays an error.
 */
async function noFigures<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer
  } catch (error) {
    if (
      error instanceof AppError &&
      error.kind === 'not-found' &&
      /statistic not found/i.test(error.message)
    ) {
      return null
    }
    throw error
  }
}

function parseJson(status: number, method: string, path: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError({
      kind: 'server',
      status,
      message: `${method} ${path}: the service answered non-JSON`,
    })
  }
}

function shapeError(status: number, method: string, path: string, error: z.ZodError): AppError {
  const issue = error.issues[0]
  return new AppError({
    kind: 'server',
    status,
    message: `${method} ${path}: unexpected response shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  })
}
