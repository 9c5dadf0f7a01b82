// The service's plain values: its enums, the blank creation body, the TikTok music query's lists and how a
// WhatsApp account is told. No zod here: the page's first script uses these, and the schemas (common/service.ts,
// which re-exports all of this) cost it about half a megabyte and 40–60 ms to evaluate.
import type { CreateScheduleRequest, MusicVolume, Schedule } from './service'

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

/**
 * Both at full, as Mediadeck has always sent; the service's own client starts at video 50, music 100 (newer
 * OpenAPI examples), but a post with no music chosen should not have its own sound halved.
 */
export const DEFAULT_MUSIC_VOLUME: MusicVolume = { video: 100, music: 100 }

export const WHATSAPP_CHANNEL_TYPES = ['channel', 'group'] as const

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
      music: { id: '', artist: '', name: '', thumbnail: '', volume: { ...DEFAULT_MUSIC_VOLUME } },
      products: [],
      tags: [],
      mentions: [],
      // Only the older OpenAPI requires it; the newer drops it and ignores it (docs/service-fidelity.md).
      link: '',
      targetCountries: [],
    },
    replies: [],
    topic: '',
  }
}

/** The query GET /public/addon/tiktok/music requires: a genre, a country and a time span (OpenAPI lists). */
export const MUSIC_DATE_RANGES = ['1DAY', '7DAY', '30DAY', '90DAY'] as const
export const MUSIC_GENRES = [
  'ALL',
  'POP',
  'ROCK',
  'HIP_HOP/RAP',
  'ELECTRONIC',
  'JAZZ',
  'K-POP',
  'LO-FI',
] as const

/**
 * How the app tells a WhatsApp account: its `type` is "whatsapp". The service's account-types enum does not
 * list it, but its connection paths (/public/account/whatsapp/...) and add-on (/public/addon/whatsapp/channel)
 * name it so, and every other type is named the same way (docs/service-fidelity.md).
 */
export const WHATSAPP_ACCOUNT_TYPE = 'whatsapp'
export function isWhatsAppAccount(account: { type: string } | undefined): boolean {
  return account?.type.toLowerCase() === WHATSAPP_ACCOUNT_TYPE
}

/** A comment's triage status in the service's queue (GET /public/comment). */
export const COMMENT_STATUSES = ['pending', 'resolved', 'ignored'] as const
export type CommentStatus = (typeof COMMENT_STATUSES)[number]
/** The filters of GET /public/chat: a message not yet read, or a last message from the person. */
export const CHAT_STATUSES = ['unread', 'unreplied'] as const
export type ChatStatus = (typeof CHAT_STATUSES)[number]

/** A post of the service by its id: `id` where the answer has it, `_id` otherwise (reference/README.md). */
export function scheduleIdOf(post: Pick<Schedule, 'id' | '_id'>): string {
  return post.id ?? post._id
}
