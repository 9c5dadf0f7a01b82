// Figures as the app reads them (newer OpenAPI: GET /public/content/{contentId}/statistic and
// GET /public/account/{accountId}/statistic), and the one engagement figure per network that the insights
// compare posts, post types and accounts on. docs/insights.md explains the choice; keep the two together.
//
// The service answers different members per network and says they "may vary", so a post's figures are read as
// whatever numeric members it sent (a numeric string counts, anything else is left out): a new member shows up
// in the table and the export without a release, and a missing one counts as absent, never as an error.
import { z } from 'zod'

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    if (Number.isFinite(n)) return n
  }
  return undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A post's figures: its numeric members, by name (`like`, `views`, …). */
export type PostFigures = Record<string, number>

export const postFiguresSchema = z
  .custom<Record<string, unknown>>(isObject, 'expected an object')
  .transform((value): PostFigures => {
    const out: PostFigures = {}
    for (const [key, raw] of Object.entries(value)) {
      const n = numberOf(raw)
      if (n !== undefined) out[key] = n
    }
    return out
  })

export interface DailyValue {
  /** YYYY-MM-DD (UTC): the day the service counted it for. */
  day: string
  value: number
}

/** An account's figures, as far as the app uses them. */
export interface AccountFigures {
  /** The numeric totals the service answered (a `{total}` member counts as its total). */
  totals: Record<string, number>
  /** The follower count now, where the network tells it (Threads, TikTok). */
  followers?: number
  /** Views per day, where the network has them (Threads). */
  dailyViews: DailyValue[]
  /** Followers at the end of each counted day (TikTok's daily metrics; a day all zeros is not counted yet). */
  dailyFollowers: DailyValue[]
}

function dayOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined
}

function dailyList(value: unknown, member: string): DailyValue[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    if (!isObject(entry)) return []
    const day = dayOf(entry.date)
    const v = numberOf(entry[member])
    return day !== undefined && v !== undefined ? [{ day, value: v }] : []
  })
}

export const accountFiguresSchema = z
  .custom<Record<string, unknown>>(isObject, 'expected an object')
  .transform((value): AccountFigures => {
    const totals: Record<string, number> = {}
    for (const [key, raw] of Object.entries(value)) {
      const n = numberOf(isObject(raw) ? raw.total : raw)
      if (n !== undefined) totals[key] = n
    }
    const views = isObject(value.views) ? value.views : {}
    const followers = numberOf(value.followersCount)
    return {
      totals,
      ...(followers === undefined ? {} : { followers }),
      dailyViews: dailyList(views.graphs, 'value'),
      dailyFollowers: dailyList(value.metrics, 'followersCount').filter((d) => d.value > 0),
    }
  })

/**
 * What people did with a post, per network: the sum of these members. Interactions, not views or reach:
 * Facebook, LinkedIn and Twitter give no reach per post, and a view is not an act, so a count of acts is the
 * one figure every network can give and that means the same thing on each.
 */
export const ENGAGEMENT_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  facebook: ['like', 'comment', 'share'],
  instagram: ['like', 'comment', 'share', 'saved'],
  threads: ['like', 'replies', 'repost', 'quotes', 'share'],
  tiktok: ['like', 'comment', 'share', 'favourite'],
  youtube: ['like', 'comment', 'favourite'],
  linkedin: ['like', 'comment'],
  shopee: ['like', 'comment', 'share'],
  twitter: ['like', 'replies', 'retweet', 'quotes', 'bookmark'],
}

/** For a network the list does not know: the members most networks share. */
const DEFAULT_ENGAGEMENT = ['like', 'comment', 'share'] as const

export function engagementMembers(network: string): readonly string[] {
  return ENGAGEMENT_MEMBERS[network] ?? DEFAULT_ENGAGEMENT
}

/** A post's engagement: the sum of its network's engagement members that it has. */
export function engagementOf(network: string, figures: PostFigures): number {
  return engagementMembers(network).reduce((total, key) => total + (figures[key] ?? 0), 0)
}

/** The members each network answers for a post, in the OpenAPI's order: the columns of its table and export. */
export const FIGURE_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  facebook: ['like', 'comment', 'share'],
  instagram: ['like', 'comment', 'share', 'reach', 'saved', 'views', 'interaction'],
  threads: ['like', 'replies', 'views', 'repost', 'quotes', 'share'],
  tiktok: ['like', 'comment', 'share', 'reach', 'views', 'watched', 'favourite', 'newFollower'],
  youtube: ['like', 'dislike', 'comment', 'views', 'favourite'],
  linkedin: ['like', 'comment'],
  shopee: [
    'views',
    'like',
    'comment',
    'share',
    'followersGrowth',
    'placedOrders',
    'placedSales',
    'uniqueBuyers',
    'conversionRate',
    'soldItems',
    'productClicks',
    'productClickRate',
    'salesPerOrder',
    'salesPerBuyer',
  ],
  twitter: ['retweet', 'replies', 'like', 'quotes', 'bookmark', 'impression'],
}

/** The columns for posts of these networks: each network's members in order, then any others they answered. */
export function figureColumns(networks: readonly string[], answered: readonly PostFigures[] = []): string[] {
  const out: string[] = []
  const add = (key: string) => {
    if (!out.includes(key)) out.push(key)
  }
  for (const network of networks) (FIGURE_MEMBERS[network] ?? []).forEach(add)
  for (const figures of answered) Object.keys(figures).forEach(add)
  return out
}

/** A published post as GET /public/content lists it, as far as the insights use it. */
export interface ContentSummary {
  id: string
  type: string
  /** Milliseconds since the epoch. */
  publishedAt: number
  title: string
  url?: string
  thumbnail?: string
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** One content, or null when it has no id or no readable time (it cannot be placed or asked about). */
function readContent(value: unknown): ContentSummary | null {
  if (!isObject(value)) return null
  const id = textOf(value.id) ?? (typeof value.id === 'number' ? String(value.id) : undefined)
  const publishedAt = Date.parse(textOf(value.createdAt) ?? '')
  if (!id || Number.isNaN(publishedAt)) return null
  const media = Array.isArray(value.medias) && isObject(value.medias[0]) ? value.medias[0] : {}
  const thumbnail = textOf(media.thumbnail) ?? (media.type === 'image' ? textOf(media.url) : undefined)
  const title = (textOf(value.title) || textOf(value.description) || '').split('\n')[0]!.trim()
  const url = textOf(value.url)
  return {
    id,
    type: textOf(value.type) || 'text',
    publishedAt,
    title,
    ...(url ? { url } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  }
}

/** A published post's own content (GET /public/content/{id}), as "post again" copies it into a new draft. */
export interface ContentPost {
  title: string
  description: string
  type: string
  medias: Array<{ type: string; url: string; thumbnail: string; alt: string }>
}

/** GET /public/content/{id}: the content's text and media; a medium without an address is left out. */
export const contentPostSchema = z
  .custom<Record<string, unknown>>(isObject, 'expected an object')
  .transform((value): ContentPost => ({
    title: textOf(value.title) ?? '',
    description: textOf(value.description) ?? '',
    type: textOf(value.type) || 'text',
    medias: (Array.isArray(value.medias) ? value.medias : []).flatMap((m: unknown) => {
      if (!isObject(m) || !textOf(m.url)) return []
      return [
        {
          type: textOf(m.type) || 'image',
          url: textOf(m.url)!,
          thumbnail: textOf(m.thumbnail) ?? '',
          alt: '',
        },
      ]
    }),
  }))

export interface ContentPage {
  docs: ContentSummary[]
  /** Records left out: no id or no time. */
  skipped: number
  /** Absent (or empty on the service) on the last page. */
  nextToken?: string
}

/** A page of GET /public/content: `{docs, nextToken}`; each content read alone, an unusable one left out. */
export const contentPageSchema = z
  .custom<Record<string, unknown>>((v) => isObject(v) && Array.isArray(v.docs), 'expected {docs: [...]}')
  .transform((value): ContentPage => {
    const read = (value.docs as unknown[]).map(readContent)
    const docs = read.filter((c): c is ContentSummary => c !== null)
    const token = textOf(value.nextToken)
    return { docs, skipped: read.length - docs.length, ...(token ? { nextToken: token } : {}) }
  })

// ---- what the insights views are given (main/core/insights/ computes them, the views and the CLI show them) ----

/** Fewer posts than this behind a cell of the heat map and it is not trusted (never offered as a best slot). */
export const MIN_POSTS_PER_SLOT = 3

export interface HeatCell {
  /** 0 = Sunday … 6 = Saturday, in the time zone. */
  weekday: number
  hour: number
  posts: number
  /** Mean of engagement ÷ the account's median over the cell's posts; null for an empty cell. */
  score: number | null
  /** Fewer than MIN_POSTS_PER_SLOT posts: shown, marked, never offered. */
  thin: boolean
}

export interface HeatMap {
  timeZone: string
  /** The account's median engagement per post (the 1.0 of every score). */
  median: number
  posts: number
  /** 7 × 24 cells, Sunday 00:00 first, hour by hour. */
  cells: HeatCell[]
}

export interface BestSlot {
  weekday: number
  hour: number
  score: number
  posts: number
  /** The next start of that hour after `now`, in milliseconds since the epoch. */
  at: number
}

export interface PeriodTotals {
  /** Posts published in the period. */
  posts: number
  /** Of those, the ones with figures. */
  withFigures: number
  engagement: number
  /** Each member summed over the posts that have it. */
  figures: Record<string, number>
  /** Engagement and post count per post type (video, image, text, …). */
  byType: Record<string, { posts: number; engagement: number }>
  followers: { start: number; end: number; change: number } | null
}

export interface PostRow {
  contentId: string
  accountId: string
  network: string
  type: string
  publishedAt: number
  title: string
  url?: string
  thumbnail?: string
  /** Null while the service has none (404 "no figures yet") or they were never read. */
  figures: PostFigures | null
  engagement: number | null
  /** When the figures were read. */
  asOf: number | null
}
