// The service's wire shapes (Repliz public API), as zod schemas with their inferred types.
// Source: ../shared/reference/service-api.md (wins for documented endpoints) and service-openapi.json.
// Response schemas are loose (unknown members are kept) so a new field on the service never breaks a read;
// request schemas are strict about what they require.
import { z } from 'zod'

export const ACCOUNT_TYPES = [
  'facebook',
  'instagram',
  'threads',
  'tiktok',
  'linkedin',
  'youtube',
  'shopee',
  'twitter',
] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const PLAN_TIERS = ['standard', 'gold', 'premium'] as const
export type PlanTier = (typeof PLAN_TIERS)[number]

export const SCHEDULE_STATUSES = ['pending', 'process', 'error', 'success'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

export const FILE_STATUSES = ['pending', 'success'] as const
export type FileStatus = (typeof FILE_STATUSES)[number]

/** The service's error body: `code` equals the HTTP status. */
export const serviceErrorBodySchema = z.object({ code: z.number(), message: z.string() })
export type ServiceErrorBody = z.infer<typeof serviceErrorBodySchema>

/** mongoose-paginate page, as every list endpoint answers (section 4.5). */
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

export const storedFileSchema = z.looseObject({
  _id: z.string(),
  id: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  key: z.string(),
  url: z.string(),
  status: z.enum(FILE_STATUSES),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type StoredFile = z.infer<typeof storedFileSchema>

export const storageStatisticSchema = z.looseObject({
  file: z.looseObject({ total: z.number(), success: z.number(), pending: z.number() }),
  usage: z.looseObject({ total: z.number(), used: z.number(), free: z.number() }),
})
export type StorageStatistic = z.infer<typeof storageStatisticSchema>

// ---- accounts ----

export const accountSummarySchema = z.looseObject({
  _id: z.string(),
  id: z.string(),
  generatedId: z.string(),
  name: z.string(),
  username: z.string(),
  picture: z.string(),
  isConnected: z.boolean(),
  type: z.string(),
})
export type AccountSummary = z.infer<typeof accountSummarySchema>

export const accountSchema = accountSummarySchema.extend({
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Account = z.infer<typeof accountSchema>

// ---- automations (section 2.3) ----

const buttonSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  payload: z.string(),
  url: z.string(),
})
export type AutomationButton = z.infer<typeof buttonSchema>

const keywordRuleSchema = z.looseObject({
  isExactMatch: z.boolean(),
  values: z.array(z.looseObject({ keyword: z.string(), text: z.string() })),
})
const wordListRuleSchema = z.looseObject({
  isActive: z.boolean(),
  isExactMatch: z.boolean(),
  keywords: z.array(z.string()),
})
const delayRuleSchema = z.looseObject({ isActive: z.boolean(), value: z.number(), type: z.string() })
const openingSchema = z.looseObject({
  postback: z.looseObject({ isActive: z.boolean(), text: z.string(), button: buttonSchema }),
  additional: z.looseObject({
    isActive: z.boolean(),
    isPreventBeforeFollow: z.boolean(),
    text: z.string(),
    button: buttonSchema,
  }),
  webUrl: z.looseObject({ text: z.string(), buttons: z.array(buttonSchema) }),
})
const messageRuleSchema = z.looseObject({
  isActive: z.boolean(),
  type: z.string(),
  text: z.string(),
  prompt: z.string(),
  opening: openingSchema,
  keyword: keywordRuleSchema,
  condition: wordListRuleSchema,
  delay: delayRuleSchema,
})

export const automationConfigSchema = z.looseObject({
  delete: z.looseObject({
    isActive: z.boolean(),
    type: z.string(),
    keywords: z.array(z.string()),
    prompt: z.string(),
  }),
  reply: z.looseObject({
    isActive: z.boolean(),
    type: z.string(),
    text: z.string(),
    prompt: z.string(),
    isIncludeContentContext: z.boolean(),
    keyword: keywordRuleSchema,
    condition: wordListRuleSchema,
    exception: wordListRuleSchema,
    delay: delayRuleSchema,
  }),
  like: z.looseObject({ isActive: z.boolean() }),
  message: messageRuleSchema,
  story: messageRuleSchema,
})
export type AutomationConfig = z.infer<typeof automationConfigSchema>

export const automationSchema = z.looseObject({
  _id: z.string(),
  id: z.string(),
  detail: z.looseObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    topic: z.string(),
    type: z.string(),
    owner: z.looseObject({ id: z.string(), name: z.string(), picture: z.string() }),
    medias: z.array(z.unknown()),
    url: z.string(),
    createdAt: z.string(),
  }),
  config: automationConfigSchema,
  accountId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  account: accountSummarySchema,
})
export type Automation = z.infer<typeof automationSchema>

// ---- schedules (section 2.4) ----

export const scheduleMediaSchema = z.object({
  alt: z.string(),
  type: z.string(),
  thumbnail: z.string(),
  url: z.string(),
})
export type ScheduleMedia = z.infer<typeof scheduleMediaSchema>

export const scheduleAdditionalInfoSchema = z.object({
  isAiGenerated: z.boolean(),
  isDraft: z.boolean(),
  isAutoAddMusic: z.boolean(),
  collaborators: z.array(z.unknown()),
  music: z.object({
    id: z.string(),
    artist: z.string(),
    name: z.string(),
    thumbnail: z.string(),
    volume: z.object({ video: z.number(), music: z.number() }),
  }),
  products: z.array(z.unknown()),
  tags: z.array(z.unknown()),
  mentions: z.array(z.unknown()),
  link: z.string(),
  targetCountries: z.array(z.unknown()),
})
export type ScheduleAdditionalInfo = z.infer<typeof scheduleAdditionalInfoSchema>

/** An ISO 8601 timestamp with an explicit zone (Z or an offset), as the service expects for scheduleAt. */
export const isoTimestampSchema = z.iso.datetime({ offset: true })

export const createScheduleRequestSchema = z.object({
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
})
export type CreateScheduleRequest = z.infer<typeof createScheduleRequestSchema>

export const createScheduleResultSchema = z.looseObject({ scheduleId: z.string() })
export type CreateScheduleResult = z.infer<typeof createScheduleResultSchema>

export const scheduleSchema = z.looseObject({
  _id: z.string(),
  id: z.string().optional(),
  title: z.string(),
  description: z.string(),
  topic: z.string(),
  type: z.string(),
  medias: z.array(
    z.looseObject({ alt: z.string(), type: z.string(), thumbnail: z.string(), url: z.string() }),
  ),
  meta: z.looseObject({ title: z.string(), description: z.string(), url: z.string() }).optional(),
  additionalInfo: z.looseObject({}).optional(),
  status: z.enum(SCHEDULE_STATUSES),
  scheduleAt: z.string(),
  replies: z.array(z.unknown()),
  accountId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  account: accountSummarySchema.optional(),
  /** Why publishing failed, where the service says (the sandbox always does for `error`). */
  errorMessage: z.string().optional(),
})
export type Schedule = z.infer<typeof scheduleSchema>

/** A blank creation body: every member of section 2.4 present, nothing chosen. */
export function emptyScheduleRequest(): Omit<CreateScheduleRequest, 'accountId' | 'scheduleAt'> {
  return {
    title: '',
    description: '',
    type: 'text',
    medias: [],
    meta: { title: '', description: '', url: '' },
    additionalInfo: {
      isAiGenerated: false,
      isDraft: false,
      isAutoAddMusic: false,
      collaborators: [],
      music: { id: '', artist: '', name: '', thumbnail: '', volume: { video: 100, music: 100 } },
      products: [],
      tags: [],
      mentions: [],
      link: '',
      targetCountries: [],
    },
    replies: [],
    topic: '',
  }
}

/** Post types the service accepts for a schedule (OpenAPI BodyCreateSchedulePublicDTO.type). */
export const SCHEDULE_POST_TYPES = ['text', 'image', 'video', 'reel', 'album', 'link', 'story'] as const
export type SchedulePostType = (typeof SCHEDULE_POST_TYPES)[number]

/** Which platforms publish which post type (OpenAPI "Supported Post Types" of POST /public/schedule). */
export const SCHEDULE_TYPE_PLATFORMS: Record<SchedulePostType, readonly AccountType[]> = {
  text: ['facebook', 'threads'],
  image: ['facebook', 'instagram', 'threads', 'tiktok', 'linkedin'],
  video: ['facebook', 'instagram', 'threads', 'tiktok', 'youtube', 'linkedin'],
  reel: ['facebook'],
  album: ['facebook', 'instagram', 'threads', 'tiktok', 'linkedin'],
  link: ['facebook'],
  story: ['facebook', 'instagram'],
}

/** PUT /public/schedule/{id} body (OpenAPI BodyUpdateSchedulePublicDTO): the creation body, accountId optional. */
export const updateScheduleRequestSchema = createScheduleRequestSchema.extend({
  accountId: z.string().min(1).optional(),
})
export type UpdateScheduleRequest = z.infer<typeof updateScheduleRequestSchema>
