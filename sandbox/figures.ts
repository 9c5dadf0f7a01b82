// The figures a platform reports for a published post and for an account, made up but reproducible: a pure
// function of the post's id, time, type and network and of the clock, never stored. They follow a daily and a
// weekly rhythm with one clear peak (BEST_SLOT, in Jakarta time, the service's home market), so an app that
// looks for the best time to post has something true to find; and they grow with the post's age and then
// settle, as real ones do, so a post read again a week later has barely moved.
//
// Field names and shapes per network are the newer OpenAPI's examples (GET /public/content/{contentId}/
// statistic and GET /public/account/{accountId}/statistic), kept here rather than in the client's schemas so
// the sandbox answers what the service documents, whatever the app believes.
import { createRandom, hashString } from './random'

/** The offset of the rhythm's clock: Asia/Jakarta (WIB), UTC+7 all year. */
export const PATTERN_UTC_OFFSET_HOURS = 7

/** The slot where a post does best, in Jakarta time: Wednesday (0 = Sunday) at 19:00. */
export const BEST_SLOT = { weekday: 3, hour: 19 } as const

/** A post too young for the platform to have counted anything answers 404 "statistic not found". */
export const FIGURES_DELAY_MS = 60 * 60 * 1000

export interface FigurePost {
  id: string
  /** ISO date-time it was published. */
  publishedAt: string
  /** The post type (text, image, video, reel, album, link, story). */
  type: string
  /** The account's network (facebook, instagram, …). */
  network: string
}

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/** Weekday weights, Sunday first: Wednesday is the peak, the weekend the trough. */
const DAY_WEIGHT = [0.75, 0.9, 1.0, 1.3, 1.05, 0.95, 0.8] as const

/** The evening peak at 19:00, a smaller one at lunch, the night low. */
export function hourWeight(hour: number): number {
  const evening = Math.exp(-((hour - BEST_SLOT.hour) ** 2) / (2 * 2 ** 2))
  const lunch = 0.45 * Math.exp(-((hour - 12) ** 2) / (2 * 1.5 ** 2))
  return 0.3 + 0.7 * evening + lunch
}

export function dayWeight(weekday: number): number {
  return DAY_WEIGHT[weekday] ?? 1
}

/** How far a post reaches for its type: moving pictures travel furthest, stories and text least. */
const TYPE_WEIGHT: Record<string, number> = {
  reel: 1.8,
  video: 1.6,
  album: 1.2,
  image: 1,
  link: 0.7,
  text: 0.6,
  story: 0.5,
}

/** A typical post's reach on each network, before the rhythm. */
const NETWORK_REACH: Record<string, number> = {
  facebook: 420,
  instagram: 900,
  threads: 320,
  tiktok: 2600,
  youtube: 1300,
  linkedin: 260,
  shopee: 160,
  twitter: 380,
}

/** Networks that publish per-post figures (the examples of GET /public/content/{contentId}/statistic). */
export const CONTENT_STATISTIC_NETWORKS = Object.keys(NETWORK_REACH)

/** Networks whose account figures the OpenAPI shows (GET /public/account/{accountId}/statistic). */
export const ACCOUNT_STATISTIC_NETWORKS = ['instagram', 'threads', 'tiktok'] as const

/** Weekday (0 = Sunday) and hour of a moment in the rhythm's clock. */
export function patternSlot(at: Date): { weekday: number; hour: number } {
  const local = new Date(at.getTime() + PATTERN_UTC_OFFSET_HOURS * HOUR_MS)
  return { weekday: local.getUTCDay(), hour: local.getUTCHours() }
}

/** A post's reach once settled: network × type × hour × weekday × its own luck (±15 %, from its id). */
export function settledReach(post: FigurePost): number {
  const slot = patternSlot(new Date(post.publishedAt))
  const luck = 0.85 + 0.3 * createRandom(hashString(post.id)).next()
  return (
    (NETWORK_REACH[post.network] ?? 300) *
    (TYPE_WEIGHT[post.type] ?? 1) *
    hourWeight(slot.hour) *
    dayWeight(slot.weekday) *
    luck
  )
}

/** How much of its settled figures a post has gathered at `ageMs`: most in the first two days. */
export function maturity(ageMs: number): number {
  return ageMs <= 0 ? 0 : 1 - Math.exp(-ageMs / (36 * HOUR_MS))
}

const round = (n: number): number => Math.round(n)
const cents = (n: number): number => Math.round(n * 100) / 100

/**
 * The post's figures as the platform answers them at `now`, with that network's members (the OpenAPI's
 * per-network examples); null when the platform has none yet (younger than FIGURES_DELAY_MS) or publishes
 * none for the network.
 */
export function postFigures(post: FigurePost, now: Date): Record<string, number> | null {
  const age = now.getTime() - Date.parse(post.publishedAt)
  if (!(age >= FIGURES_DELAY_MS) || !CONTENT_STATISTIC_NETWORKS.includes(post.network)) return null
  const reach = settledReach(post) * maturity(age)
  const views = reach * 1.7
  const like = reach * 0.09
  const comment = reach * 0.014
  const share = reach * 0.007
  const saved = reach * 0.011
  switch (post.network) {
    case 'facebook':
      return { like: round(like), comment: round(comment), share: round(share) }
    case 'instagram':
      return {
        like: round(like),
        comment: round(comment),
        share: round(share),
        reach: round(reach),
        saved: round(saved),
        views: round(views),
        interaction: round(like) + round(comment) + round(share) + round(saved),
      }
    case 'threads':
      return {
        like: round(like),
        replies: round(comment),
        views: round(views),
        repost: round(share * 0.8),
        quotes: round(share * 0.3),
        share: round(share),
      }
    case 'tiktok':
      return {
        like: round(like),
        comment: round(comment),
        share: round(share),
        reach: round(reach),
        views: round(views),
        watched: round(views * 0.42),
        favourite: round(saved),
        newFollower: round(reach * 0.004),
      }
    case 'youtube':
      return {
        like: round(like),
        dislike: round(like * 0.03),
        comment: round(comment),
        views: round(views),
        favourite: round(saved * 0.5),
      }
    case 'linkedin':
      return { like: round(like), comment: round(comment) }
    case 'shopee': {
      const productClicks = round(views * 0.08)
      const placedOrders = round(productClicks * 0.12)
      const uniqueBuyers = round(placedOrders * 0.9)
      const placedSales = placedOrders * 45_000
      return {
        views: round(views),
        like: round(like),
        comment: round(comment),
        share: round(share),
        followersGrowth: round(reach * 0.003),
        placedOrders,
        placedSales,
        uniqueBuyers,
        conversionRate: productClicks ? cents(placedOrders / productClicks) : 0,
        soldItems: round(placedOrders * 1.4),
        productClicks,
        productClickRate: views >= 1 ? cents(productClicks / round(views)) : 0,
        salesPerOrder: placedOrders ? 45_000 : 0,
        salesPerBuyer: uniqueBuyers ? round(placedSales / uniqueBuyers) : 0,
      }
    }
    case 'twitter':
      return {
        retweet: round(share),
        replies: round(comment),
        like: round(like),
        quotes: round(share * 0.3),
        bookmark: round(saved),
        impression: round(views),
      }
    default:
      return null
  }
}

/** The account's follower count at the end of `day` (a UTC date): a seeded base that grows a little daily. */
export function followersOn(accountId: string, day: Date): number {
  const dice = createRandom(hashString(`followers:${accountId}`))
  const base = 200 + Math.floor(dice.next() * 60_000)
  const slope = 2 + dice.next() * 30
  const days = Math.floor(day.getTime() / DAY_MS) - 20_000 // days since 2024-10-04, keeps numbers small
  const wobble = Math.round(8 * Math.sin(days / 3))
  return Math.max(0, base + Math.round(slope * days) + wobble)
}

function utcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS)
}

function sum(figures: (Record<string, number> | null)[], key: string): number {
  return figures.reduce((total, f) => total + (f?.[key] ?? 0), 0)
}

export interface FigureAccount {
  _id: string
  type: string
}

/**
 * The account's figures as the OpenAPI's examples show them for its network (instagram, threads, tiktok),
 * summed over its published posts as of `now`, with daily graphs where the example has them; null for a
 * network the OpenAPI shows no account figures for.
 */
export function accountFigures(
  account: FigureAccount,
  posts: readonly FigurePost[],
  now: Date,
): Record<string, unknown> | null {
  const figures = posts.map((p) => postFigures(p, now))
  const today = utcDay(now)
  const days = (n: number): Date[] =>
    Array.from({ length: n }, (_, i) => new Date(today.getTime() - (n - 1 - i) * DAY_MS))
  const onDay = (day: Date): (Record<string, number> | null)[] =>
    posts.map((p) => {
      const t = Date.parse(p.publishedAt)
      return t >= day.getTime() && t < day.getTime() + DAY_MS ? postFigures(p, now) : null
    })
  switch (account.type) {
    case 'instagram': {
      const likes = sum(figures, 'like')
      const comments = sum(figures, 'comment')
      const shares = sum(figures, 'share')
      const saves = sum(figures, 'saved')
      return {
        accountsEngaged: Math.round(sum(figures, 'reach') * 0.06),
        comments,
        likes,
        profileLinksTaps: Math.round(sum(figures, 'reach') * 0.002),
        reach: sum(figures, 'reach'),
        replies: Math.round(comments * 0.3),
        reposts: Math.round(shares * 0.5),
        saves,
        shares,
        totalInteractions: likes + comments + shares + saves,
        views: sum(figures, 'views'),
      }
    }
    case 'threads': {
      const graphs = days(8).map((day) => ({
        date: `${day.toISOString().slice(0, 10)}T07:00:00+0000`,
        value: sum(onDay(day), 'views'),
      }))
      const clicks = Math.round(sum(figures, 'views') * 0.008)
      return {
        likes: sum(figures, 'like'),
        replies: sum(figures, 'replies'),
        reposts: sum(figures, 'repost'),
        quotes: sum(figures, 'quotes'),
        followersCount: followersOn(account._id, today),
        views: { total: graphs.reduce((t, g) => t + g.value, 0), graphs },
        clicks: {
          total: clicks,
          links: [
            { url: 'https://repliz.com/', value: clicks - Math.floor(clicks / 3) },
            { url: 'https://repliz.com/register', value: Math.floor(clicks / 3) },
          ],
        },
      }
    }
    case 'tiktok': {
      // The newest day is not counted yet: the example shows it all zeros.
      const metrics = days(7).map((day, i, all) => {
        const counted = i < all.length - 1
        const dayFigures = onDay(day)
        const total = followersOn(account._id, day)
        const change = total - followersOn(account._id, new Date(day.getTime() - DAY_MS))
        const lost = 5 + (hashString(`${account._id}:${day.toISOString()}`) % 20)
        return {
          addressClicks: 0,
          appDownloadClicks: 0,
          audienceActivity: counted
            ? Array.from({ length: 24 }, (_, hour) => ({
                count: Math.round(total * 0.2 * hourWeight((hour + PATTERN_UTC_OFFSET_HOURS) % 24)),
                hour: String(hour),
              }))
            : [],
          bioLinkClicks: 0,
          comments: counted ? sum(dayFigures, 'comment') : 0,
          dailyLostFollowers: counted ? lost : 0,
          dailyNewFollowers: counted ? Math.max(0, change + lost) : 0,
          dailyTotalFollowers: counted ? change : 0,
          date: day.toISOString().slice(0, 10),
          emailClicks: 0,
          engagedAudience: counted ? Math.round(sum(dayFigures, 'reach') * 0.05) : 0,
          followersCount: counted ? total : 0,
          leadSubmissions: 0,
          likes: counted ? sum(dayFigures, 'like') : 0,
          phoneNumberClicks: 0,
          profileViews: counted ? Math.round(sum(dayFigures, 'views') * 0.01) : 0,
          shares: counted ? sum(dayFigures, 'share') : 0,
          uniqueVideoViews: counted ? sum(dayFigures, 'watched') : 0,
          videoViews: counted ? sum(dayFigures, 'views') : 0,
        }
      })
      return {
        followersCount: followersOn(account._id, today),
        followingCount: 1,
        totalLikes: sum(figures, 'like'),
        videosCount: posts.length,
        metrics,
        audienceAges: [
          { age: '18-24', percentage: 0.172 },
          { age: '25-34', percentage: 0.31 },
          { age: '35-44', percentage: 0.212 },
          { age: '45-54', percentage: 0.161 },
          { age: '55+', percentage: 0.145 },
        ],
        audienceCities: [
          { cityName: 'ID Jakarta', percentage: 0.1261 },
          { cityName: 'ID Surabaya', percentage: 0.0672 },
          { cityName: 'MY Kuala Lumpur', percentage: 0.0526 },
          { cityName: 'ID Other', percentage: 0.3048 },
        ],
        audienceCountries: [
          { country: 'ID', percentage: 0.584 },
          { country: 'MY', percentage: 0.114 },
          { country: 'Others', percentage: 0.302 },
        ],
        audienceGenders: [
          { gender: 'Female', percentage: 0.45 },
          { gender: 'Male', percentage: 0.54 },
          { gender: 'Other', percentage: 0.01 },
        ],
      }
    }
    default:
      return null
  }
}
