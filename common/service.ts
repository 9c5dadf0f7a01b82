// The service's wire shapes (Repliz public API), as zod schemas with their inferred types.
// Source: ../shared/reference/service-api.md (wins for documented endpoints) and service-openapi.json.
// Response schemas are loose (unknown members are kept) so a new field on the service never breaks a read;
// request schemas are strict about what they require.
import { z } from 'zod'
// The plain values (enums, the blank creation body, how a WhatsApp account is told) live in a module without
// zod, so the page's first script can use them without carrying the schemas; kept reachable from here too.
import { COMMENT_STATUSES, FILE_STATUSES, SCHEDULE_STATUSES } from './service-vocabulary'
export {
  COMMENT_STATUSES,
  CHAT_STATUSES,
  ACCOUNT_TYPES,
  PLAN_TIERS,
  SCHEDULE_STATUSES,
  FILE_STATUSES,
  DEFAULT_MUSIC_VOLUME,
  WHATSAPP_CHANNEL_TYPES,
  emptyScheduleRequest,
  SCHEDULE_POST_TYPES,
  SCHEDULE_TYPE_PLATFORMS,
  MUSIC_DATE_RANGES,
  MUSIC_GENRES,
  WHATSAPP_ACCOUNT_TYPE,
  isWhatsAppAccount,
  scheduleIdOf,
} from './service-vocabulary'
export type {
  CommentStatus,
  ChatStatus,
  AccountType,
  PlanTier,
  ScheduleStatus,
  FileStatus,
  SchedulePostType,
} from './service-vocabulary'

/** The service's error body: `code` equals the HTTP status. */
export const serviceErrorBodySchema = z.object({ code: z.number(), message: z.string() })
export type ServiceErrorBody = z.infer<typeof serviceErrorBodySchema>

// ---- reading what the service sends ----
// The service has run for years: older records lack members added later, some members come back `null`, a
// number may arrive as a numeric string, and new members appear. Read schemas therefore check only what the
// app uses, only as strictly as that use needs: a member that is absent, null or of another type reads as
// absent, or as a neutral default where the UI shows it; unknown members pass through. The one thing a record
// cannot do without is its id: such a record is left out of its page and counted (see readPage), never the
// page. Request schemas further down stay strict, because they describe what Mediadeck itself sends.

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    if (Number.isFinite(n)) return n
  }
  return undefined
}

/** Text the UI shows: anything else reads as `fallback`. */
const text = (fallback = '') =>
  z
    .unknown()
    .optional()
    .transform((v) => textOf(v) ?? fallback)
/** Text the app may do without: anything else reads as absent. */
const optionalText = () =>
  z
    .unknown()
    .optional()
    .transform((v) => textOf(v))
    .optional()
/** A number, also when sent as a numeric string; anything else reads as `fallback`. */
const count = (fallback = 0) =>
  z
    .unknown()
    .optional()
    .transform((v) => numberOf(v) ?? fallback)
const optionalCount = () =>
  z
    .unknown()
    .optional()
    .transform((v) => numberOf(v))
    .optional()
/** A number the app cannot do without: a numeric string reads as the number, anything else fails. */
const amount = z.preprocess((v) => numberOf(v) ?? v, z.number())
const flag = (fallback = false) =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'boolean' ? v : fallback))
/** One of `values`; anything else reads as `fallback`. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .unknown()
    .optional()
    .transform((v): T[number] => ((values as readonly unknown[]).includes(v) ? (v as T[number]) : fallback))
/** An array whose unreadable items are dropped; anything else reads as empty. */
const listOf = <S extends z.ZodType>(item: S) =>
  z
    .unknown()
    .optional()
    .transform((v): z.output<S>[] =>
      Array.isArray(v)
        ? v.flatMap((x) => {
            const r = item.safeParse(x)
            return r.success ? [r.data] : []
          })
        : [],
    )
/** A nested object: absent or not an object reads as `{}`, so its members take their defaults. */
const record = <S extends z.core.$ZodLooseShape>(shape: S) => z.preprocess(asObject, z.looseObject(shape))
/** A member read with `schema` when it can be; anything else reads as absent. */
const optionalOf = <S extends z.ZodType>(schema: S) =>
  z
    .unknown()
    .optional()
    .transform((v): z.output<S> | undefined => {
      if (v === undefined || v === null) return undefined
      const r = schema.safeParse(v)
      return r.success ? r.data : undefined
    })
    .optional()

/**
 * A resource the app addresses by id: `id` and `_id` carry the same value (section 2.3), older records may hold
 * only one of them, and a numeric id reads as its digits. Without either the record is unusable.
 */
function withId<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.preprocess(
    (value) => {
      const o = asObject(value)
      const id = textOf(o.id) || textOf(o._id)
      return id ? { ...o, id, _id: textOf(o._id) || id } : o
    },
    z.looseObject({ ...shape, _id: z.string().min(1), id: z.string().min(1) }),
  )
}

/** The record's id as the service sent it, for naming a record that could not be read. */
export function rawRecordId(value: unknown): string | undefined {
  const o = asObject(value)
  return textOf(o.id) || textOf(o._id) || undefined
}

/** mongoose-paginate page, as every list endpoint answers (section 4.5); its counts are read tolerantly. */
const pageMetaSchema = z
  .looseObject({
    docs: z.array(z.unknown()),
    totalDocs: optionalCount(),
    limit: optionalCount(),
    totalPages: optionalCount(),
    page: optionalCount(),
    pagingCounter: optionalCount(),
    hasPrevPage: z.boolean().optional().catch(undefined),
    hasNextPage: z.boolean().optional().catch(undefined),
    prevPage: optionalCount(),
    nextPage: optionalCount(),
  })
  .transform((p) => {
    const page = p.page ?? 1
    const limit = p.limit ?? p.docs.length
    const totalDocs = p.totalDocs ?? p.docs.length
    const totalPages = p.totalPages ?? Math.max(1, limit > 0 ? Math.ceil(totalDocs / limit) : 1)
    const hasPrevPage = p.hasPrevPage ?? page > 1
    const hasNextPage = p.hasNextPage ?? page < totalPages
    return {
      ...p,
      totalDocs,
      limit,
      totalPages,
      page,
      pagingCounter: p.pagingCounter ?? (page - 1) * limit + 1,
      hasPrevPage,
      hasNextPage,
      prevPage: p.prevPage ?? (hasPrevPage ? page - 1 : null),
      nextPage: p.nextPage ?? (hasNextPage ? page + 1 : null),
    }
  })

/** A page whose every record must read, with the service's own counts: for checking the sandbox's answers. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    docs: z.array(item),
    totalDocs: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    page: z.number(),
    pagingCounter: z.number(),
    hasPrevPage: z.boolean(),
    hasNextPage: z.boolean(),
    prevPage: z.number().nullable(),
    nextPage: z.number().nullable(),
  })
}

export interface Page<T> {
  docs: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  pagingCounter: number
  hasPrevPage: boolean
  hasNextPage: boolean
  prevPage: number | null
  nextPage: number | null
  /** Records of this page the app could not read (no id) and left out; set by the client, 0 when none. */
  skipped?: number
}

/** A record left out of a page: its id when it had one, the first member that could not be read, and why. */
export interface UnreadableRecord {
  id?: string
  member: string
  message: string
}

/** Reads one record; a failure names the record and the member. */
export function readRecord<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.output<S> } | { ok: false; unreadable: UnreadableRecord } {
  const parsed = schema.safeParse(value)
  if (parsed.success) return { ok: true, value: parsed.data }
  const id = rawRecordId(value)
  if (!id) return { ok: false, unreadable: { member: 'id', message: 'the record has no id' } }
  const issue = parsed.error.issues[0]
  return {
    ok: false,
    unreadable: { id, member: issue?.path.join('.') || '(record)', message: issue?.message ?? 'unreadable' },
  }
}

/**
 * Reads a page: the page object itself must be one (else `error`), each record is read on its own and an
 * unusable one is left out and reported, so one odd record never blanks the page.
 */
export function readPage<S extends z.ZodType>(
  item: S,
  value: unknown,
): { ok: true; page: Page<z.output<S>>; unreadable: UnreadableRecord[] } | { ok: false; error: z.ZodError } {
  const meta = pageMetaSchema.safeParse(value)
  if (!meta.success) return { ok: false, error: meta.error }
  const docs: z.output<S>[] = []
  const unreadable: UnreadableRecord[] = []
  for (const raw of meta.data.docs) {
    const r = readRecord(item, raw)
    if (r.ok) docs.push(r.value)
    else unreadable.push(r.unreadable)
  }
  return { ok: true, page: { ...meta.data, docs, skipped: unreadable.length }, unreadable }
}

// ---- storage ----

export const initFileRequestSchema = z.object({
  filename: z.string().min(1),
  size: z.number().int().positive(),
  mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'mimetype must look like type/subtype'),
})
export type InitFileRequest = z.infer<typeof initFileRequestSchema>

export const initFileResultSchema = z.looseObject({
  id: z.string(),
  upload: z.string().url(),
  key: z.string(),
  url: z.string().url(),
})
export type InitFileResult = z.infer<typeof initFileResultSchema>

/** A stored file as the app reads it (OpenAPI GET /public/storage/file). A record from before `status`
 * existed was a finished upload, so a missing status reads as success. */
export const storedFileSchema = withId({
  filename: text(),
  mimetype: text(),
  size: count(),
  key: text(),
  url: text(),
  status: oneOf(FILE_STATUSES, 'success'),
  userId: optionalText(),
  createdAt: text(),
  updatedAt: optionalText(),
})
export type StoredFile = z.infer<typeof storedFileSchema>

/** The storage meter needs the limit and the use; file counts an older answer lacks read as 0. */
export const storageStatisticSchema = z.looseObject({
  file: record({ total: count(), success: count(), pending: count() }),
  usage: z.looseObject({ total: amount, used: amount, free: optionalCount() }).transform((u) => ({
    ...u,
    free: u.free ?? Math.max(0, u.total - u.used),
  })),
})
export type StorageStatistic = z.infer<typeof storageStatisticSchema>

// ---- accounts ----

/** An account as the app reads it, whole (GET /public/account) or as the summary joined into other records. */
export const accountSchema = withId({
  generatedId: optionalText(),
  name: text(),
  username: text(),
  /** Empty when the account has no picture (the avatar shows initials). */
  picture: text(),
  isConnected: flag(true),
  type: text(),
  userId: optionalText(),
  createdAt: optionalText(),
  updatedAt: optionalText(),
})
export type Account = z.infer<typeof accountSchema>
/** The summary joined into automations and schedules reads with the same schema. */
export const accountSummarySchema = accountSchema
export type AccountSummary = Account

/** GET /public/account/count: the total and a count per platform (OpenAPI), plus the plan's limit. */
export const accountCountSchema = z.looseObject({ total: count(), limit: optionalCount() })
export type AccountCount = z.infer<typeof accountCountSchema> & Record<string, unknown>

// ---- automations (section 2.3) ----

const buttonSchema = record({ type: text(), title: text(), payload: text(), url: text() })
export type AutomationButton = z.infer<typeof buttonSchema>

const keywordRuleSchema = record({
  isExactMatch: flag(),
  values: listOf(record({ keyword: text(), text: text() })),
})
const wordListRuleSchema = record({ isActive: flag(), isExactMatch: flag(), keywords: listOf(z.string()) })
const delayRuleSchema = record({ isActive: flag(), value: count(), type: text() })
const openingSchema = record({
  postback: record({ isActive: flag(), text: text(), button: buttonSchema }),
  additional: record({
    isActive: flag(),
    isPreventBeforeFollow: flag(),
    text: text(),
    button: buttonSchema,
  }),
  webUrl: record({ text: text(), buttons: listOf(buttonSchema) }),
})
const messageRuleSchema = record({
  isActive: flag(),
  type: text(),
  text: text(),
  prompt: text(),
  opening: openingSchema,
  keyword: keywordRuleSchema,
  condition: wordListRuleSchema,
  delay: delayRuleSchema,
})

/** The rules (section 2.3); a rule an older automation lacks reads as inactive and empty. */
export const automationConfigSchema = record({
  delete: record({ isActive: flag(), type: text(), keywords: listOf(z.string()), prompt: text() }),
  reply: record({
    isActive: flag(),
    type: text(),
    text: text(),
    prompt: text(),
    isIncludeContentContext: flag(),
    keyword: keywordRuleSchema,
    condition: wordListRuleSchema,
    exception: wordListRuleSchema,
    delay: delayRuleSchema,
  }),
  like: record({ isActive: flag() }),
  message: messageRuleSchema,
  story: messageRuleSchema,
  /** Only account defaults and templates carry it (newer OpenAPI); absent elsewhere, and kept absent. */
  chat: optionalOf(
    record({
      isActive: flag(),
      type: text(),
      text: text(),
      prompt: text(),
      keyword: keywordRuleSchema,
      delay: delayRuleSchema,
    }),
  ),
})
export type AutomationConfig = z.infer<typeof automationConfigSchema>

export const automationSchema = withId({
  detail: record({
    id: text(),
    title: text(),
    description: text(),
    topic: text(),
    type: text(),
    owner: record({ id: text(), name: text(), picture: text() }),
    medias: listOf(z.unknown()),
    url: text(),
    createdAt: text(),
  }),
  config: automationConfigSchema,
  accountId: text(),
  userId: optionalText(),
  createdAt: text(),
  updatedAt: text(),
  /** Absent when the account was removed since. */
  account: optionalOf(accountSummarySchema),
})
export type Automation = z.infer<typeof automationSchema>

// ---- schedules (section 2.4) ----

// What Mediadeck sends. Known members are checked; unknown ones pass untouched (loose objects), because a post
// read from the service and written back must keep every member the editor does not show: the service
// replaces `additionalInfo` whole, so a dropped `channel` would move a WhatsApp post off its channel.

export const scheduleMediaSchema = z.looseObject({
  alt: z.string(),
  type: z.string(),
  thumbnail: z.string(),
  url: z.string(),
})
export type ScheduleMedia = z.infer<typeof scheduleMediaSchema>

/** How loud the video's own sound and the added music play (TikTok), each 0 to 100 as the service's client sends. */
export const musicVolumeSchema = z.looseObject({
  video: z.number().min(0).max(100),
  music: z.number().min(0).max(100),
})
export type MusicVolume = z.infer<typeof musicVolumeSchema>

/**
 * A WhatsApp channel or group a post goes to (newer OpenAPI `ScheduleAdditionalInfoChannel`; its schema names
 * the second member `Boom`, its examples and GET /public/addon/whatsapp/channel say `name`: docs/service-fidelity.md).
 * `type` stays text: a kind the app does not know yet is kept and shown as it is.
 */
export const scheduleChannelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  picture: z.string(),
  type: z.string(),
})
export type ScheduleChannel = z.infer<typeof scheduleChannelSchema>

export const scheduleAdditionalInfoSchema = z.looseObject({
  isAiGenerated: z.boolean(),
  isDraft: z.boolean(),
  isAutoAddMusic: z.boolean(),
  /** An Instagram video also shared to the feed (newer OpenAPI); absent means the service's default, no. */
  isShareToFeed: z.boolean().optional(),
  collaborators: z.array(z.unknown()),
  music: z.looseObject({
    id: z.string(),
    artist: z.string(),
    name: z.string(),
    thumbnail: z.string(),
    volume: musicVolumeSchema,
  }),
  products: z.array(z.unknown()),
  tags: z.array(z.unknown()),
  mentions: z.array(z.unknown()),
  /** Only the older OpenAPI has it (a link post's address now lives in `meta.url`); kept when a post has it. */
  link: z.string().optional(),
  targetCountries: z.array(z.unknown()),
  channel: scheduleChannelSchema.optional(),
})
export type ScheduleAdditionalInfo = z.infer<typeof scheduleAdditionalInfoSchema>

/** An ISO 8601 timestamp with an explicit zone (Z or an offset), as the service expects for scheduleAt. */
export const isoTimestampSchema = z.iso.datetime({ offset: true })

const createScheduleShape = {
  title: z.string(),
  description: z.string(),
  type: z.string().min(1),
  medias: z.array(scheduleMediaSchema),
  meta: z.object({ title: z.string(), description: z.string(), url: z.string() }),
  additionalInfo: scheduleAdditionalInfoSchema,
  replies: z.array(z.unknown()),
  topic: z.string(),
  accountId: z.string().min(1),
  scheduleAt: isoTimestampSchema,
}
/** Unknown top-level members (a newer service's `templateId`, …) pass, as in additionalInfo above. */
export const createScheduleRequestSchema = z.looseObject(createScheduleShape)
// The type names the known members only (no index signature), so Omit and spreads keep them; at run time the
// unknown members are still there.
const _knownCreateSchedule = z.object(createScheduleShape)
export type CreateScheduleRequest = z.infer<typeof _knownCreateSchedule>

export const createScheduleResultSchema = z.looseObject({ scheduleId: z.string() })
export type CreateScheduleResult = z.infer<typeof createScheduleResultSchema>

/**
 * A scheduled post as the app reads it (OpenAPI GET /public/schedule). The planner places a post by its time and
 * status, so a record without a readable `scheduleAt` or with a status outside the four is left out like one
 * without an id. Even the OpenAPI's own list example holds a record without `topic` and `meta`.
 */
export const scheduleSchema = withId({
  title: text(),
  description: text(),
  topic: text(),
  type: text(),
  medias: listOf(record({ alt: text(), type: text(), thumbnail: text(), url: text() })),
  meta: optionalOf(record({ title: text(), description: text(), url: text() })),
  additionalInfo: optionalOf(z.looseObject({})),
  status: z.enum(SCHEDULE_STATUSES),
  scheduleAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date-time'),
  replies: listOf(z.unknown()),
  accountId: text(),
  userId: optionalText(),
  createdAt: optionalText(),
  updatedAt: optionalText(),
  account: optionalOf(accountSummarySchema),
  /** Why publishing failed, where the service says (the sandbox always does for `error`). */
  errorMessage: optionalText(),
})
export type Schedule = z.infer<typeof scheduleSchema>

/** PUT /public/schedule/{id} body (OpenAPI BodyUpdateSchedulePublicDTO): the creation body, accountId optional. */
export const updateScheduleRequestSchema = createScheduleRequestSchema.extend({
  accountId: z.string().min(1).optional(),
})
export type UpdateScheduleRequest = z.infer<typeof updateScheduleRequestSchema>

// ---- the plan's add-ons and the composer's helpers (newer OpenAPI) ----

/** GET /public/me/addon: how many of each add-on the plan holds. Unknown kinds pass and are shown as they are. */
export const addonsSchema = z.looseObject({
  account: count(),
  operator: count(),
  storage: count(),
  twitter: count(),
})
export type Addons = z.infer<typeof addonsSchema> & Record<string, unknown>

/** GET /public/addon/link/metadata (formerly /public/link/metadata): a page's card. */
export const linkMetadataSchema = z.looseObject({
  title: text(),
  description: text(),
  image: text(),
  url: text(),
})
export type LinkMetadata = z.infer<typeof linkMetadataSchema>

/** One track of GET /public/addon/tiktok/music (formerly /public/tiktok/music); one without an id is left out. */
export const musicTrackSchema = z.looseObject({
  id: z.preprocess((v) => textOf(v) ?? v, z.string().min(1)),
  artist: text(),
  name: text(),
  thumbnail: text(),
  duration: optionalCount(),
  url: text(),
})
export type MusicTrack = z.infer<typeof musicTrackSchema>
export const musicListSchema = z.looseObject({ docs: listOf(musicTrackSchema) })

/** One channel or group of GET /public/addon/whatsapp/channel; `type` kept as sent (channel, group, …). */
export const whatsappChannelSchema = z.looseObject({
  id: z.preprocess((v) => textOf(v) ?? v, z.string().min(1)),
  name: text(),
  picture: text(),
  type: text(),
})
export const whatsappChannelListSchema = z.looseObject({ docs: listOf(whatsappChannelSchema) })

// ---- changing automations, templates and reports (newer OpenAPI: /public/automation, /public/template,
// /public/report) ----

/** POST /public/automation answers `{automationId}`. */
export const createAutomationResultSchema = z.looseObject({ automationId: z.string().min(1) })

/** POST /public/template answers `{_id}`. */
export const createTemplateResultSchema = z.looseObject({ _id: z.string().min(1) })

/** A saved rule set with a name (GET /public/template). */
export const templateSchema = withId({
  name: text(),
  config: automationConfigSchema,
  userId: optionalText(),
  createdAt: optionalText(),
  updatedAt: optionalText(),
})
export type Template = z.infer<typeof templateSchema>

/** What one automation did, or failed to do (GET /public/report). `type` and `status` outside the service's
 * enums are kept as they came (the activity view shows them as they are). */
export const reportSchema = withId({
  type: text(),
  status: text(),
  /** The comment, message or story the rule acted on, with the answer sent (`reply`) where there was one. */
  value: record({
    id: optionalText(),
    type: optionalText(),
    text: text(),
    owner: optionalOf(record({ id: text(), name: text(), picture: text() })),
    createdAt: optionalText(),
    reply: optionalOf(record({ id: optionalText(), text: text(), createdAt: optionalText() })),
  }),
  contentLiveId: optionalText(),
  accountId: text(),
  userId: optionalText(),
  createdAt: text(),
  updatedAt: optionalText(),
  account: optionalOf(accountSummarySchema),
  /** Why the rule failed, where the service says (the sandbox always does for `error`). */
  errorMessage: optionalText(),
})
export type Report = z.infer<typeof reportSchema>

// ---- the inbox: the comment queue and direct messages (newer OpenAPI: /public/comment, /public/chat) ----

const personSchema = record({ id: text(), name: text(), picture: text() })
const commentMediaSchema = z.looseObject({ type: text(), url: text(), thumbnail: optionalText() })

/** A comment or a reply as the platform shows it: who wrote it, its text and media, when. */
const platformCommentSchema = record({
  id: text(),
  type: text('text'),
  text: text(),
  owner: personSchema,
  medias: listOf(commentMediaSchema),
  createdAt: text(),
})
export type PlatformComment = z.infer<typeof platformCommentSchema>

/**
 * A comment in the service's queue (GET /public/comment), with its triage status, the content it is on and
 * its thread. A status outside the service's three reads as pending: it still wants a look.
 */
export const inboxCommentSchema = withId({
  status: oneOf(COMMENT_STATUSES, 'pending'),
  content: record({
    id: text(),
    title: text(),
    description: text(),
    type: text(),
    owner: personSchema,
    medias: listOf(commentMediaSchema),
    url: text(),
    createdAt: text(),
    hasAutomation: flag(),
    statistic: record({ comment: count() }),
  }),
  comment: z.preprocess(
    asObject,
    z.looseObject({
      id: text(),
      type: text('text'),
      text: text(),
      owner: personSchema,
      medias: listOf(commentMediaSchema),
      createdAt: text(),
      replies: listOf(platformCommentSchema),
    }),
  ),
  accountId: text(),
  createdAt: text(),
  updatedAt: optionalText(),
  account: optionalOf(accountSummarySchema),
})
export type InboxComment = z.infer<typeof inboxCommentSchema>

/** POST /public/comment/{id} and POST /public/content/{id}/comment answer the new comment's platform id. */
export const commentResultSchema = z.looseObject({ commentId: z.string().min(1) })

/** A direct-message conversation (GET /public/chat): the person, the last message and what is unread. */
export const chatSchema = withId({
  accountId: text(),
  senderId: text(),
  senderName: text(),
  senderPicture: text(),
  lastMessage: optionalOf(
    record({
      isFromMe: flag(),
      senderId: text(),
      messageId: text(),
      type: text('text'),
      status: text(),
      text: text(),
      sendAt: text(),
      fromSenderAt: optionalText(),
    }),
  ),
  unreadCount: count(),
  createdAt: text(),
  updatedAt: text(),
  account: optionalOf(accountSummarySchema),
})
export type Chat = z.infer<typeof chatSchema>

const messageFileSchema = z.looseObject({
  url: text(),
  thumbnail: optionalText(),
  mimetype: optionalText(),
  duration: optionalCount(),
  name: optionalText(),
  size: optionalCount(),
})

/** One message of a chat, either way (GET /public/chat/{id}/message). */
export const chatMessageSchema = withId({
  chatId: text(),
  messageId: text(),
  senderId: text(),
  type: text('text'),
  status: text(),
  isFromMe: flag(),
  text: text(),
  image: optionalOf(messageFileSchema),
  video: optionalOf(messageFileSchema),
  audio: optionalOf(messageFileSchema),
  document: optionalOf(messageFileSchema),
  button: optionalOf(z.looseObject({ text: text() })),
  accountId: text(),
  createdAt: text(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** POST /public/chat/{id}/message and POST /public/content/{id}/message answer the message's id. */
export const messageResultSchema = z.looseObject({ messageId: z.string().min(1) })

const httpUrl = z
  .string()
  .max(4096)
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) address')
const messageFile = { url: httpUrl, mimetype: z.string().min(1).max(200) }

/** What Mediadeck sends as a direct message (BodySendMessageDTO): text, or a file with its text. */
export const sendMessageRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: z
      .string()
      .max(10_000)
      .refine((v) => v.trim() !== '', 'the text must not be empty'),
  }),
  z.strictObject({
    type: z.literal('image'),
    text: z.string().max(10_000).optional(),
    image: z.strictObject({ ...messageFile, thumbnail: httpUrl.optional() }),
  }),
  z.strictObject({
    type: z.literal('video'),
    text: z.string().max(10_000).optional(),
    video: z.strictObject({ ...messageFile, thumbnail: httpUrl.optional(), duration: z.number().min(0) }),
  }),
  z.strictObject({
    type: z.literal('audio'),
    text: z.string().max(10_000).optional(),
    audio: z.strictObject({ ...messageFile, duration: z.number().min(0) }),
  }),
  z.strictObject({
    type: z.literal('document'),
    text: z.string().max(10_000).optional(),
    document: z.strictObject({
      ...messageFile,
      name: z.string().min(1).max(500),
      size: z.number().int().min(0),
    }),
  }),
])
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>
