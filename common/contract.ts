// The IPC contract: every call (`domain:verb` -> request schema, response type) and every event
// (`domain:event` -> payload type). Main validates each request with its schema before any handler runs;
// the preload and the browser stand-in build `window.mediadeck` from these names, so nothing is exposed
// that is not declared here. Runtime imports: zod only (no electron, node or vue).
import { z } from 'zod'
import type { AppErrorData } from './errors'
import type { Freshness } from './freshness'
import type {
  Account,
  Addons,
  Automation,
  LinkMetadata,
  MusicTrack,
  Page,
  Schedule,
  ScheduleChannel,
  StorageStatistic,
  StoredFile,
} from './service'
import {
  ACCOUNT_TYPES,
  MUSIC_DATE_RANGES,
  SCHEDULE_STATUSES,
  createScheduleRequestSchema,
  musicVolumeSchema,
} from './service'
import { checkPayloadShape } from './payload-bounds'
import type { UploadItem, UploadProgressEvent, UploadTotals } from './uploads'
import type { AppRoute } from './routes'
import type {
  AppInfo,
  ConnectionState,
  CopyProgress,
  CrashReport,
  Diagnostics,
  ConnectionTestResult,
  DroppedFile,
  PickedFile,
  ProfilesState,
  ProfileWork,
  ProfileView,
  Settings,
} from './app-state'
import {
  LANGUAGES,
  MAX_UPLOAD_CONCURRENCY,
  MAX_UPLOAD_HISTORY_DAYS,
  MAX_UPLOAD_RATE_LIMIT,
  MIN_UPLOAD_HISTORY_DAYS,
  MIN_UPLOAD_RATE_LIMIT,
  THEMES,
  PLANNER_VIEWS,
} from './app-state'
import type { Draft, DraftFieldError, ImportPreview, ImportResult, OutboxState } from './drafts'
import type { ListChanges, ListSnapshot } from './list-changes'
import { DATE_ORDERS, MAX_DRAFT_TARGETS, MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from './drafts'
import { MAX_CAMPAIGN_MEMBERS, MAX_OFFSET_MINUTES } from './campaigns'
import type { Campaign, CampaignEditOutcome } from './campaigns'
import type { DeleteOutcome, UnusedFile, UnusedReport } from './storage-doctor'
import { formatBytes } from './format-bytes'
import { BIDI_CONTROLS, CONTROL_CHARS, LINE_SEPARATORS } from './text-controls'
import { CLOCK_TIME } from './quiet-hours'
import { automationCallSchemas, type AutomationCallResponses } from './automation-calls'
import { watchCallSchemas, type WatchCallResponses, type WatchEventPayloads } from './account-watch'
import { snippetCallSchemas, type SnippetCallResponses } from './snippet-calls'
import { inboxCallSchemas, type InboxCallResponses, type InboxEventPayloads } from './inbox-calls'
import { insightsCallSchemas, type InsightsCallResponses } from './insights-calls'
import type { Snippet } from './snippets'
import { draftBulkCallSchemas, type DraftBulkCallResponses } from './draft-calls'

// ---- request schemas ----

const none = z.undefined()
const id = z.string().min(1).max(200)
const idRequest = z.object({ id }).strict()
const pageQuery = {
  page: z.number().int().min(1).max(1_000_000),
  limit: z.number().int().min(1).max(100),
}
const isoDate = z.iso.datetime({ offset: true })
/** How a CSV's times without a zone are read: the planner's zone, and day-first or month-first dates. */
const importReading = {
  timeZone: z.string().min(1).max(100).optional(),
  dateOrder: z.enum(DATE_ORDERS).optional(),
}

/** The text of a file to import, bounded before any parsing (common/drafts.ts). */
const importContent = z.string().max(MAX_IMPORT_CHARS, {
  message: `The file is too large to import: at most ${MAX_IMPORT_CHARS / 1_000_000} MB of text.`,
})
const localPath = z.string().min(1).max(4096)
/**
 * One file name as the library shows it: no folder, and no character that breaks or disguises it (a control, a
 * line separator, a bidirectional override: `invoice\u202Egpj.exe` would read as `invoiceexe.jpg`).
 */
const FILE_NAME_CHARS = new RegExp(`^[^/\\\\${CONTROL_CHARS}${LINE_SEPARATORS}${BIDI_CONTROLS}]+$`)
/** What a thumbnail is kept under: the shown file's public address. Main hashes it into a file name. */
const thumbnailKey = z.string().min(1).max(4096)
/** A 256 px WebP or JPEG weighs 5–40 KB; anything near this bound is not a thumbnail. */
export const MAX_THUMBNAIL_BYTES = 512 * 1024
/** A cover frame is at most 1920 px on its long side (renderer/lib/video-frames.ts): a JPEG of that is ~1 MB. */
export const MAX_COVER_BYTES = 4 * 1024 * 1024

const localMediaSchema = z
  .object({
    id,
    path: localPath,
    name: z.string().min(1).max(1024),
    size: z.number().int().nonnegative(),
    mimetype: z.string().max(255),
    alt: z.string().max(5000),
    type: z.string().max(50),
    thumbnail: z.string().max(4096),
    uploadedUrl: z.string().max(4096).optional(),
  })
  .strict()

// A post as a page may send it: every member of section 2.4 with a bound on each text and list, so one call
// cannot grow the drafts file (or a request to the service) without limit. Generous beside what any platform
// publishes (a Facebook post's text tops out near 63,000 characters).
const shortText = z.string().max(2_000)
const postText = z.string().max(100_000)
const urlText = z.string().max(4_096)
const MAX_POST_MEDIAS = 100
const MAX_POST_REPLIES = 50
/** Any JSON, as long as it is small and shallow: list items the reference only calls "array", unknown members. */
const opaqueValue = z.unknown().superRefine((value, ctx) => {
  const problem = checkPayloadShape(value, { maxDepth: 4, maxNodes: 200, maxStringLength: 2_000 })
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** Members the reference only calls "array" (tags, products, …). */
const opaqueList = z.array(opaqueValue).max(100)
// A post read from the service and written back keeps the members the editor does not know (a newer service's
// `customThumbnail`, `templateId`, whatever comes next): they pass, each small and shallow (common/service.ts).
const boundedMediaSchema = z
  .object({
    alt: z.string().max(5_000),
    type: z.string().max(50),
    thumbnail: urlText,
    url: urlText,
  })
  .catchall(opaqueValue)
/**
 * One reply post. Replies are posts published under the first one and do not nest (OpenAPI example of
 * GET /public/schedule: title, description, topic, type, medias, status); a nested `replies` is dropped, other
 * unknown members pass, small and shallow, so a reply written back loses nothing. Typed unknown[] both ways, as
 * DraftPost holds them.
 */
const replySchema = z
  .object({
    title: shortText.optional(),
    description: postText.optional(),
    topic: shortText.optional(),
    type: z.string().max(50).optional(),
    medias: z.array(boundedMediaSchema).max(MAX_POST_MEDIAS).optional(),
    status: z.string().max(50).optional(),
  })
  .catchall(opaqueValue)
  .transform(({ replies: _nested, ...reply }) => reply)
const postSchema = createScheduleRequestSchema
  .extend({
    title: shortText,
    description: postText,
    type: z.string().min(1).max(50),
    medias: z.array(boundedMediaSchema).max(MAX_POST_MEDIAS),
    meta: z.object({ title: shortText, description: postText, url: urlText }).catchall(opaqueValue),
    additionalInfo: z
      .object({
        isAiGenerated: z.boolean(),
        isDraft: z.boolean(),
        isAutoAddMusic: z.boolean(),
        isShareToFeed: z.boolean().optional(),
        collaborators: opaqueList,
        music: z
          .object({
            id: z.string().max(200),
            artist: shortText,
            name: shortText,
            thumbnail: urlText,
            volume: musicVolumeSchema.catchall(opaqueValue),
          })
          .catchall(opaqueValue),
        products: opaqueList,
        tags: opaqueList,
        mentions: opaqueList,
        link: urlText.optional(),
        targetCountries: opaqueList,
        channel: z
          .object({
            id: z.string().min(1).max(200),
            name: shortText,
            picture: urlText,
            type: z.string().max(50),
          })
          .catchall(opaqueValue)
          .optional(),
      })
      .catchall(opaqueValue),
    replies: z
      .array(z.unknown())
      .max(MAX_POST_REPLIES)
      .pipe(z.array(replySchema))
      .transform((replies): unknown[] => replies),
    topic: shortText,
    accountId: z.string().min(1).max(200),
  })
  .catchall(opaqueValue)

/** One account's time in a campaign, from the campaign's: whole minutes within ±12 h (common/campaigns.ts). */
const offsetMinutes = z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES)

/** A draft's post may be incomplete: only what is typed is checked here; `drafts:schedule` checks the rest. */
const draftPostSchema = postSchema.extend({
  accountId: z.string().max(200),
  scheduleAt: z.union([isoDate, z.literal('')]),
})

const accountsListRequest = z
  .object({
    types: z.array(z.enum(ACCOUNT_TYPES)).max(20).optional(),
    search: z.string().max(200).optional(),
  })
  .strict()
const storageFilesRequest = z.object({ ...pageQuery, search: z.string().max(200).optional() }).strict()
const automationsListRequest = z
  .object({
    ...pageQuery,
    accountIds: z.array(id).max(100).optional(),
    search: z.string().max(200).optional(),
  })
  .strict()
const schedulesListRequest = z
  .object({
    from: isoDate,
    to: isoDate,
    accountIds: z.array(id).max(100).optional(),
    status: z.enum(SCHEDULE_STATUSES).optional(),
  })
  .strict()
/**
 * The last known value of a list, from the replica of the service (main/core/replica): never touches the
 * network, so a view renders at once (even offline, from a cold start) and then refreshes with the live call.
 * `schedules` is assembled from the posts of the months fetched before; answers null when nothing is known.
 */
const replicaPeekRequest = z.discriminatedUnion('what', [
  z.object({ what: z.literal('accounts'), request: accountsListRequest.optional() }).strict(),
  z.object({ what: z.literal('schedules'), request: schedulesListRequest }).strict(),
  z.object({ what: z.literal('automations'), request: automationsListRequest }).strict(),
  z.object({ what: z.literal('files'), request: storageFilesRequest }).strict(),
  z.object({ what: z.literal('storage') }).strict(),
])

export const requestSchemas = {
  'app:info': none,
  'app:open-external': z.object({ url: z.string().url().max(4096) }).strict(),
  /** A report for support: versions, settings without secrets, the last log lines, queue and outbox. */
  'app:diagnostics': none,
  /** Crash dumps kept on this machine (never uploaded). */
  'app:crash-reports': none,

  'settings:get': none,
  'settings:update': z
    .object({
      uploadConcurrency: z.number().int().min(1).max(MAX_UPLOAD_CONCURRENCY),
      uploadRateLimit: z.number().int().min(MIN_UPLOAD_RATE_LIMIT).max(MAX_UPLOAD_RATE_LIMIT).nullable(),
      language: z.enum(LANGUAGES),
      theme: z.enum(THEMES),
      runInBackground: z.boolean(),
      openAtLogin: z.boolean(),
      uploadHistoryDays: z.number().int().min(MIN_UPLOAD_HISTORY_DAYS).max(MAX_UPLOAD_HISTORY_DAYS),
      quietHours: z
        .object({
          enabled: z.boolean(),
          from: z.string().regex(CLOCK_TIME, 'a time as HH:MM'),
          to: z.string().regex(CLOCK_TIME, 'a time as HH:MM'),
        })
        .strict(),
      plannerView: z.enum(PLANNER_VIEWS),
    })
    .partial()
    .strict(),

  'profiles:list': none,
  'profiles:save': z
    .object({
      id: id.optional(),
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().url().max(2048),
      accessKey: z.string().trim().min(1).max(500),
      /** Omitted on edit: keep the stored secret. */
      secretKey: z.string().min(1).max(500).optional(),
    })
    .strict(),
  'profiles:delete': idRequest,
  /** What a profile holds here that the service does not have yet, said before it is deleted. */
  'profiles:held-work': idRequest,
  'profiles:activate': idRequest,
  /** Test a saved profile by id, or unsaved values from the form. */
  'profiles:test': z.union([
    idRequest,
    z
      .object({
        baseUrl: z.string().url().max(2048),
        accessKey: z.string().min(1).max(500),
        secretKey: z.string().min(1).max(500),
      })
      .strict(),
  ]),

  'connection:status': none,
  'connection:check': none,

  'accounts:list': accountsListRequest,

  'storage:stats': none,
  'storage:files': storageFilesRequest,
  'storage:delete': z.object({ ids: z.array(id).min(1).max(500) }).strict(),
  /**
   * Stored files' names by their public addresses (a post's media carries only the address): what the
   * replica's copies and this data folder's uploads know, never the whole library read.
   */
  'storage:names': z.object({ urls: z.array(z.string().min(1).max(2048)).min(1).max(100) }).strict(),
  /** The storage doctor: stored files nothing upcoming, failed or drafted uses (main/core/storage). */
  'storage:unused': z
    .object({
      /** Names this scan in its `storage:unused-found` events, so the page follows its own scan only. */
      scan: z.string().min(1).max(64),
    })
    .strict()
    .optional(),
  /** Deletes those of `ids` still unused at a re-check just before the delete; the rest are kept and named. */
  'storage:free-up': z.object({ ids: z.array(id).min(1).max(500) }).strict(),

  /** Opens the native file dialog; only what the user picks (or drops) may be uploaded. */
  'files:pick': z.object({ directories: z.boolean().optional() }).strict(),
  /** Preload-internal: paths resolved from a drop with webUtils.getPathForFile. Not on window.mediadeck. */
  'files:grant-dropped': z.object({ paths: z.array(localPath).min(1).max(10_000) }).strict(),
  /**
   * A video's cover frame, taken by the renderer on a canvas: the image bytes themselves (base64), never a
   * path. Main checks the size and that the bytes are a WebP, JPEG or PNG, keeps them as a file and grants it,
   * so a draft can carry the cover offline and the outbox uploads it like any media file.
   */
  'files:save-cover': z
    .object({
      data: z
        .string()
        .min(1)
        .max(Math.ceil(MAX_COVER_BYTES / 3) * 4, {
          message: `A cover is at most ${MAX_COVER_BYTES / 1024 / 1024} MB.`,
        })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'A cover is sent as base64.' }),
    })
    .strict(),

  'uploads:start': z.object({ paths: z.array(localPath).min(1).max(10_000) }).strict(),
  /**
   * Preload-internal: a drop on the window, granted and queued in one call (a drop there always uploads).
   * The paths are resolved from the drop by the preload; not on window.mediadeck, and refused over the socket.
   */
  'uploads:start-dropped': z.object({ paths: z.array(localPath).min(1).max(10_000) }).strict(),
  'uploads:list': none,
  'uploads:cancel': idRequest,
  'uploads:retry': idRequest,
  'uploads:remove': idRequest,
  'uploads:retry-failed': none,
  'uploads:clear-finished': none,
  /** Uploads one granted file through the queue and answers once it is stored, with its public URL. */
  /**
   * `name`: what the file is called on the service, when not its own (a crop named after its source picture):
   * one file name, no folder in it and no control character, as the library shows it.
   */
  'uploads:one': z
    .object({
      path: localPath,
      name: z
        .string()
        .min(1)
        .max(255)
        .regex(FILE_NAME_CHARS, {
          message: 'A file name has no folder and no control character.',
        })
        .refine((name) => name.trim() === name && name !== '.' && name !== '..', {
          message: 'A file name does not start or end with a space.',
        })
        .optional(),
    })
    .strict(),

  'automations:list': automationsListRequest,
  /** One automation by id, wherever it sits in the list (a mediadeck://automations/ID link). */
  'automations:get': idRequest,
  ...automationCallSchemas,
  ...snippetCallSchemas,
  ...inboxCallSchemas,
  ...insightsCallSchemas,

  'schedules:list': schedulesListRequest,
  'schedules:get': idRequest,
  /**
   * `mode` says who asked, for the account's retry budget (main/core/retry-budget.ts): one post retried by hand
   * always goes; several at once ("bulk", the default for more than one id) stop at the budget.
   */
  'schedules:retry': z
    .object({ ids: z.array(id).min(1).max(200), mode: z.enum(['manual', 'bulk']).optional() })
    .strict(),
  'schedules:delete': idRequest,
  /**
   * Writes a post of the service back. With `base` (the copy the change was made on) only what differs between
   * `base` and `post` is laid over the post as the service holds it then, and a post no longer waiting to go
   * out is refused (main/core/posts/post-edit.ts); without it `post` replaces the post whole.
   */
  'schedules:update': z.object({ id, post: postSchema, base: postSchema.optional() }).strict(),
  /** A failed post edited and sent again (main/core/posts/fix-failed-post.ts): update then retry, or replace. */
  'schedules:fix': z.object({ id, post: postSchema, mode: z.enum(['manual', 'bulk']).optional() }).strict(),
  /** Where each account stands against its retry budget. */
  'schedules:retry-budget': z.object({ accountIds: z.array(id).min(1).max(100) }).strict(),
  ...watchCallSchemas,

  /** GET /public/me/addon: what the plan holds, shown beside the storage figures. */
  'plan:addons': none,
  /** A link post's preview card (the service's link metadata add-on). */
  'composer:link-metadata': z.object({ url: z.string().url().max(4096) }).strict(),
  /** TikTok's music chart for the composer's music picker. */
  'composer:music': z
    .object({
      genre: z.string().min(1).max(50),
      countryCode: z.string().regex(/^[A-Z]{2}$/),
      dateRange: z.enum(MUSIC_DATE_RANGES),
    })
    .strict(),
  /** The channels and groups of a WhatsApp account. */
  'composer:whatsapp-channels': z.object({ accountId: id }).strict(),

  'drafts:list': none,
  'drafts:snapshot': none,
  'drafts:get': idRequest,
  'drafts:save': z
    .object({
      id: id.optional(),
      /** The revision the edit was based on: an older one than stored is refused (Draft.revision). */
      revision: z.number().int().nonnegative().optional(),
      post: draftPostSchema,
      localMedia: z.array(localMediaSchema).max(50),
      targets: z
        .array(
          z
            .object({
              accountId: z.string().max(200),
              description: postText.optional(),
              title: shortText.optional(),
              additionalInfo: postSchema.shape.additionalInfo.optional(),
              offsetMinutes: offsetMinutes.optional(),
            })
            .strict(),
        )
        .max(MAX_DRAFT_TARGETS)
        .optional(),
      /**
       * Saves and queues in one transaction (the composer's "Schedule"): a draft that does not pass is not
       * saved either, and the call is refused with every bad field, as `drafts:schedule` refuses it.
       */
      queue: z.literal(true).optional(),
    })
    .strict(),
  'drafts:delete': idRequest,
  'drafts:schedule': idRequest,
  'drafts:unschedule': idRequest,
  'drafts:resolve': z
    .object({
      id,
      action: z.enum(['send-now', 'reschedule', 'keep-draft']),
      scheduleAt: isoDate.optional(),
    })
    .strict(),
  'drafts:import': z
    .object({
      format: z.enum(['csv', 'json']),
      content: importContent,
      /** Per conflicting row (its number): `file` takes the file's version; left out, the post is kept. */
      choices: z
        .record(z.string().regex(/^\d{1,6}$/), z.enum(['theirs', 'file']))
        .refine((v) => Object.keys(v).length <= MAX_IMPORT_ROWS, { message: 'too many choices' })
        .optional(),
      ...importReading,
    })
    .strict(),
  'drafts:import-preview': z
    .object({ format: z.enum(['csv', 'json']), content: importContent, ...importReading })
    .strict(),
  ...draftBulkCallSchemas,
  'drafts:export': z
    .object({
      format: z.enum(['csv', 'json']),
      ids: z.array(id).max(10_000).optional(),
      /** The service's posts scheduled in this range are exported beside the drafts; open ends allowed. */
      from: isoDate.optional(),
      to: isoDate.optional(),
      /** The planner's zone: times are written in it, with the offset. */
      timeZone: z.string().min(1).max(100).optional(),
      /** A CSV to fill in (the header and one example row) instead of the posts. */
      template: z.literal(true).optional(),
    })
    .strict(),

  'outbox:status': none,
  'outbox:send-now': none,

  'replica:peek': replicaPeekRequest,

  /**
   * A tile's small picture, made by the renderer from the file it shows: the image bytes themselves (base64),
   * never a path. Main checks the size and that the bytes are a WebP, JPEG or PNG before keeping them.
   */
  'thumbnails:put': z
    .object({
      key: thumbnailKey,
      data: z
        .string()
        .min(1)
        .max(Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4, {
          message: `A thumbnail is at most ${formatBytes(MAX_THUMBNAIL_BYTES)}.`,
        })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'A thumbnail is sent as base64.' }),
    })
    .strict(),
  /**
   * The kept thumbnails of these keys, as addresses of the page's picture route (common/pictures.ts); keys
   * without one are left out.
   */
  'thumbnails:get': z.object({ keys: z.array(thumbnailKey).min(1).max(100) }).strict(),

  /** The active profile's campaigns, each with its posts' drafts and service ids (common/campaigns.ts). */
  'campaigns:list': none,
  'campaigns:snapshot': none,
  /** A campaign edited as one: shared members, and one variant per account (a new account adds a post). */
  'campaigns:update': z
    .object({
      id,
      at: isoDate,
      shared: z
        .object({
          type: z.string().min(1).max(50),
          medias: z.array(boundedMediaSchema).max(MAX_POST_MEDIAS),
          meta: postSchema.shape.meta,
        })
        .strict(),
      variants: z
        .array(
          z
            .object({
              accountId: id,
              title: shortText,
              description: postText,
              additionalInfo: postSchema.shape.additionalInfo,
              offsetMinutes,
            })
            .strict(),
        )
        .min(1)
        .max(MAX_CAMPAIGN_MEMBERS)
        .refine((variants) => new Set(variants.map((v) => v.accountId)).size === variants.length, {
          message: 'Each account is listed once.',
        }),
    })
    .strict(),
  /** Takes an account out of a campaign and deletes its post, still pending (held behind Undo by the page). */
  'campaigns:remove-account': z.object({ id, accountId: id }).strict(),
} as const

export type CallName = keyof typeof requestSchemas
export type CallRequest<C extends CallName> = z.input<(typeof requestSchemas)[C]>

export interface CachedResult<T> {
  value: T
  /** True when the service could not be reached and this is the last copy seen (`freshness.state` is 'stale'). */
  stale: boolean
  fetchedAt: string
  /** How far the copy can be trusted: fresh, checking (a copy answered while it is refreshed) or stale. */
  freshness: Freshness
  /** Records the service sent that could not be read (no id) and were left out; absent when none. */
  skipped?: number
}

/** What each list of the replica holds (`replica:peek`'s `what` -> the value of its answer). */
export interface ReplicaValues {
  accounts: Account[]
  schedules: Schedule[]
  automations: Page<Automation>
  files: Page<StoredFile>
  storage: StorageStatistic
}
export type ReplicaWhat = keyof ReplicaValues
export type ReplicaPeekRequest = z.input<typeof replicaPeekRequest>
/** The answer of `replica:peek` for one `what`: the last value known, or null when none is. */
export type ReplicaPeek<W extends ReplicaWhat> = CachedResult<ReplicaValues[W]> | null
/** What `replica:peek` answers: narrow it with ReplicaPeek<W> for the `what` asked. */
export type ReplicaPeekAnswer = { [W in ReplicaWhat]: CachedResult<ReplicaValues[W]> }[ReplicaWhat] | null
/**
 * A value the live call could not refresh (the service unreachable) and answered from the replica: the calls
 * whose answer is not a CachedResult (`storage:stats`, `storage:files`) carry these two members then.
 */
export interface ReplicaMark {
  stale?: true
  fetchedAt?: string
  /** Present with `stale`: the copy's freshness (a bare value without it was just answered: fresh). */
  freshness?: Freshness
}

export interface ScheduleRetryResult {
  id: string
  ok: boolean
  error?: AppErrorData
  /** A manual retry past the account's retry budget: it went, and the person is warned. */
  warned?: boolean
}

/** A failed post edited and sent again (main/core/posts/fix-failed-post.ts). */
export interface ScheduleFixResult {
  /** The post that now stands for the failed one: the same id when updated, the replacement's otherwise. */
  id: string
  outcome: 'updated' | 'replaced'
  sent: boolean
  warned: boolean
  error?: AppErrorData
}

/** An account against its retry budget; `resetsAt` (ISO 8601) when a bulk retry may go again, null if now. */
export interface RetryBudgetState {
  used: number
  limit: number
  allowed: boolean
  resetsAt: string | null
}

/** What each call answers. */
export interface CallResponses
  extends
    AutomationCallResponses,
    WatchCallResponses,
    SnippetCallResponses,
    DraftBulkCallResponses,
    InboxCallResponses,
    InsightsCallResponses {
  'app:info': AppInfo
  'app:open-external': void
  'app:diagnostics': Diagnostics
  'app:crash-reports': CrashReport[]
  'settings:get': Settings
  'settings:update': Settings
  'profiles:list': ProfilesState
  'profiles:save': ProfileView
  'profiles:delete': ProfilesState
  'profiles:held-work': ProfileWork
  'profiles:activate': ProfilesState
  'profiles:test': ConnectionTestResult
  'connection:status': ConnectionState
  'connection:check': ConnectionState
  'accounts:list': CachedResult<Account[]>
  'storage:stats': StorageStatistic & ReplicaMark
  'storage:files': Page<StoredFile> & ReplicaMark
  'storage:delete': void
  /** The names found, by address; an address not known is left out (the page shows its key). */
  'storage:names': Record<string, string>
  'storage:unused': UnusedReport
  'storage:free-up': DeleteOutcome
  'files:pick': PickedFile[]
  'files:grant-dropped': PickedFile[]
  'files:save-cover': PickedFile
  'uploads:start': UploadItem[]
  'uploads:start-dropped': UploadItem[]
  'uploads:list': { items: UploadItem[]; totals: UploadTotals }
  'uploads:cancel': void
  'uploads:retry': void
  'uploads:remove': void
  'uploads:retry-failed': void
  'uploads:clear-finished': void
  'uploads:one': { url: string }
  'automations:list': CachedResult<Page<Automation>>
  'automations:get': Automation
  'schedules:list': CachedResult<Schedule[]>
  'schedules:get': Schedule
  'schedules:retry': ScheduleRetryResult[]
  'schedules:delete': void
  'schedules:update': void
  'schedules:fix': ScheduleFixResult
  'schedules:retry-budget': Record<string, RetryBudgetState>
  'plan:addons': Addons
  'composer:link-metadata': LinkMetadata
  'composer:music': MusicTrack[]
  'composer:whatsapp-channels': ScheduleChannel[]
  'drafts:list': Draft[]
  /** The page's list: every draft of the profile and the number of the last `drafts:changed` it includes. */
  'drafts:snapshot': ListSnapshot<Draft>
  'drafts:get': Draft
  'drafts:save': Draft
  'drafts:delete': void
  /** Rejects with a validation AppError whose `field` names the first bad field; see also DraftValidationError. */
  'drafts:schedule': Draft
  'drafts:unschedule': Draft
  'drafts:resolve': Draft
  'drafts:import': ImportResult
  'drafts:import-preview': ImportPreview
  'drafts:export': { filename: string; content: string }
  'outbox:status': OutboxState
  'outbox:send-now': OutboxState
  'replica:peek': ReplicaPeekAnswer
  'thumbnails:put': void
  'thumbnails:get': Record<string, string>
  'campaigns:list': Campaign[]
  /** The page's list: the active profile's campaigns and the number of the last `campaigns:changed` it includes. */
  'campaigns:snapshot': ListSnapshot<Campaign>
  /** The campaign as it is now (null when fewer than two posts are left), and what happened to each post. */
  'campaigns:update': { campaign: Campaign | null; outcomes: CampaignEditOutcome[] }
  'campaigns:remove-account': Campaign | null
}
export type CallResponse<C extends CallName> = CallResponses[C]

/** Validation failures of `drafts:schedule` carry every field error, not only the first. */
export interface DraftValidationError extends AppErrorData {
  kind: 'validation'
  fields: DraftFieldError[]
}

/** Calls the preload uses itself and does not put on window.mediadeck. */
export const INTERNAL_CALLS = [
  'files:grant-dropped',
  'uploads:start-dropped',
] as const satisfies readonly CallName[]

// ---- events ----

export interface EventPayloads extends WatchEventPayloads, InboxEventPayloads {
  /** `seq`: numbered by main's event hub, from 1 for each profile (main/host/event-hub.ts). */
  'uploads:progress': UploadProgressEvent & { seq: number }
  'uploads:batch-finished': {
    batchId: string
    done: number
    /** Of `done`, the files already in the library (nothing sent). */
    reused: number
    failed: number
    cancelled: number
  }
  'storage:changed': { reason: 'upload-completed' | 'deleted' }
  /**
   * A `storage:unused` call that named a scan, still reading: the unused files of one more page of the file
   * list. A first look; the call's answer is the list.
   */
  'storage:unused-found': { scan: string; files: UnusedFile[]; checked: number; total: number }
  'connection:changed': ConnectionState
  'profiles:changed': ProfilesState
  /** Another profile is active: everything per profile (storage, queue, posts, drafts) is now that profile's. */
  'profiles:switched': { profileId: string }
  'settings:changed': Settings
  /** What changed since the event numbered `seq - 1` (common/list-changes.ts); never the whole list. */
  'drafts:changed': ListChanges<Draft>
  /**
   * The active profile's campaigns changed: here (an edit, a post queued for several accounts, a sent post
   * linked), or in another process sharing the database. What changed since the event numbered `seq - 1`
   * (common/list-changes.ts), never the whole list.
   */
  'campaigns:changed': ListChanges<Campaign>
  'outbox:changed': OutboxState
  /** Main sends the window to a view: a notification was clicked, a mediadeck:// link was opened. */
  'app:navigate': AppRoute
  /**
   * The insights' background refresh read these accounts' figures (main/core/insights/insights-follow.ts);
   * `more`: some have more to read, and the next run comes as the budget allows. Or a run started or ended on
   * the accounts in `checking`: their figures' freshness changed (checking while it runs), read it again.
   */
  'insights:changed': { accountIds: string[]; more: boolean } | { checking: string[] }
  /**
   * The snippets changed: here, or in another process sharing the database (the CLI). What changed since the
   * event numbered `seq - 1` (common/list-changes.ts), never the whole list.
   */
  'snippets:changed': ListChanges<Snippet>
  /**
   * The service's posts changed. `posts`: as the service holds them now, found changed by the background read
   * of the due posts (published, failed, retried, moved); `removed`: ids it no longer has. `reload`: posts were
   * changed here (a retry, an edit, a CSV import) without their new state at hand: a view reads its own again.
   * `seq`: numbered by main's event hub, from 1 for each profile; a view that misses one reads its own again.
   */
  'schedules:changed': { posts: Schedule[]; removed: string[]; reload?: boolean; seq: number }
}
export type EventName = keyof EventPayloads

/**
 * The events numbered where they leave main (main/host/event-hub.ts), whoever sent them: several parts of main
 * send each, and the page must tell a missed one. Their senders give everything but the number.
 */
export const NUMBERED_EVENTS = [
  'schedules:changed',
  'uploads:progress',
] as const satisfies readonly EventName[]
export type NumberedEventName = (typeof NUMBERED_EVENTS)[number]
/** What a part of main sends: a numbered event without its number, which the hub adds. */
export type EmittedPayload<E extends EventName> = E extends NumberedEventName
  ? Omit<EventPayloads[E], 'seq'>
  : EventPayloads[E]
export const EVENT_NAMES = [
  'uploads:progress',
  'uploads:batch-finished',
  'storage:changed',
  'storage:unused-found',
  'connection:changed',
  'profiles:changed',
  'profiles:switched',
  'settings:changed',
  'drafts:changed',
  'campaigns:changed',
  'outbox:changed',
  'app:navigate',
  'watch:changed',
  'insights:changed',
  'snippets:changed',
  'schedules:changed',
  'inbox:changed',
  'inbox:state',
  'inbox:counts',
] as const satisfies readonly EventName[]

export const CALL_NAMES = Object.keys(requestSchemas) as CallName[]

// ---- the shape of window.mediadeck, derived from the names above ----

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S
type DomainOf<N extends string> = N extends `${infer D}:${string}` ? D : never
type VerbOf<N extends string> = N extends `${string}:${infer V}` ? CamelCase<V> : never
type PublicCall = Exclude<CallName, (typeof INTERNAL_CALLS)[number]>

type CallMethod<C extends CallName> =
  undefined extends CallRequest<C>
    ? (request?: CallRequest<C>) => Promise<CallResponse<C>>
    : (request: CallRequest<C>) => Promise<CallResponse<C>>

export type MediadeckApi = {
  [D in DomainOf<PublicCall | EventName>]: {
    [C in PublicCall as C extends `${D}:${string}` ? VerbOf<C> : never]: CallMethod<C>
  } & {
    [E in EventName as E extends `${D}:${string}` ? `on${Capitalize<VerbOf<E>>}` : never]: (
      listener: (payload: EventPayloads[E]) => void,
    ) => () => void
  }
} & {
  files: {
    /** Resolves dropped DOM Files to picked files (paths in the app; uploaded to the host in browser mode). */
    fromDrop(files: readonly DroppedFile[]): Promise<PickedFile[]>
    /**
     * How far the copy of dropped or picked files to the host is (browser mode only; the app reads files where
     * they are, and never calls the listener). Returns the function that ends the subscription.
     */
    onCopying(listener: (progress: CopyProgress) => void): () => void
  }
  uploads: {
    /**
     * A drop on the window: its files granted and queued in one call to main (`uploads:start-dropped`); in
     * browser mode each file's bytes are sent to the host first, then queued in one call.
     */
    startDropped(files: readonly DroppedFile[]): Promise<UploadItem[]>
  }
}

/** `uploads:retry-failed` -> ['uploads', 'retryFailed']; `uploads:progress` -> ['uploads', 'onProgress']. */
export function apiPathOfCall(name: CallName): [domain: string, method: string] {
  const [domain, verb] = name.split(':') as [string, string]
  return [domain, camelCase(verb)]
}
export function apiPathOfEvent(name: EventName): [domain: string, method: string] {
  const [domain, verb] = name.split(':') as [string, string]
  const method = camelCase(verb)
  return [domain, `on${method.charAt(0).toUpperCase()}${method.slice(1)}`]
}
function camelCase(kebab: string): string {
  return kebab.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** Preload-local methods that are on window.mediadeck but are not IPC calls. */
export const PRELOAD_LOCAL_METHODS = [
  ['files', 'fromDrop'],
  ['files', 'onCopying'],
  ['uploads', 'startDropped'],
] as const

/** Every method path window.mediadeck must expose, exactly. */
export function expectedApiPaths(): string[] {
  const internal = new Set<string>(INTERNAL_CALLS)
  const paths = [
    ...CALL_NAMES.filter((name) => !internal.has(name)).map((name) => apiPathOfCall(name).join('.')),
    ...EVENT_NAMES.map((name) => apiPathOfEvent(name).join('.')),
    ...PRELOAD_LOCAL_METHODS.map((path) => path.join('.')),
  ]
  return paths.sort()
}

/** How a call result crosses IPC: errors as plain data, since Electron drops an Error's own fields. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
