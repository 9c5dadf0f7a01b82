// Warns, never blocks, when a post about to be scheduled lands on top of another one of the same account:
// another post within 30 minutes either side, or the same text or the same media already scheduled there or
// published in the last 30 days (networks throttle or hide near-identical posts). The judgement reads the
// service fresh, page by page: a copy kept for the views (the offline cache, a replica) may miss a post made
// elsewhere a minute ago, and a warning that is wrong is worse than one that says it could not look.
import {
  COLLISION_WINDOW_MS,
  DUPLICATE_WINDOW_MS,
  type CollisionKind,
  type CollisionReport,
  type PostCollision,
} from '../../../common/account-watch'
import { AppError } from '../../../common/errors'
import type { Schedule, ScheduleStatus } from '../../../common/service'
import type { ServiceClient } from '../service-client'

/** The post being scheduled, as the composer has it. */
export interface CollisionQuery {
  scheduleAt: string
  /** Each account it goes to, with the text that account gets (title and caption). */
  accounts: ReadonlyArray<{ id: string; text: string }>
  media: ReadonlyArray<{ url: string; id?: string }>
  /** The post's own ids on the service (an edited post), never compared with itself. */
  excludeIds?: readonly string[]
}

/** A post that is going out or went out: a failed one is neither a collision nor a duplicate. */
const LIVE: ReadonlySet<ScheduleStatus> = new Set(['pending', 'process', 'success'])
/** Most pages read for one check (100 posts each): past it the check says what it read. */
const MAX_PAGES = 20

/**
 * Text as a network compares it for repeats: Unicode-normalised (NFKC: full-width and composed forms fold),
 * case-folded, without zero-width characters, with every run of white space one space, trimmed.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .toLocaleLowerCase('und')
    .replace(/\s+/gu, ' ')
    .trim()
}

/** The text a post carries: its title and caption, as the composer sends its own. */
export function postText(post: { title: string; description: string }): string {
  return [post.title, post.description].filter((part) => part.trim()).join('\n')
}

/**
 * A stored file's key as any of its addresses names it: the path, without the leading slash, the query (a
 * signature, a cache buster) or the host (the sandbox's and the service's storage differ).
 */
export function mediaKeyOf(url: string): string {
  let path = url
  try {
    path = new URL(url).pathname
  } catch {
    path = url.replace(/[?#].*$/, '')
  }
  try {
    path = decodeURIComponent(path)
  } catch {
    // Not percent-encoded after all: compared as written.
  }
  return path.replace(/^\/+/, '')
}

function sameMedium(a: { url: string; id?: string }, b: { url: string; id?: string }): boolean {
  if (a.id && b.id) return a.id === b.id
  const key = mediaKeyOf(a.url)
  return key !== '' && key === mediaKeyOf(b.url)
}

/**
 * The collisions of `query` among `posts` (the accounts' posts around its time), as of `now` (ms). The windows
 * are inclusive: a post exactly 30 minutes away collides, one published exactly 30 days ago is a duplicate.
 */
export function findCollisions(
  query: CollisionQuery,
  posts: readonly Schedule[],
  now: number,
): PostCollision[] {
  const at = Date.parse(query.scheduleAt)
  const exclude = new Set(query.excludeIds ?? [])
  const found: PostCollision[] = []
  const seen = new Set<string>()
  for (const account of query.accounts) {
    // An account named twice is judged once, with the first text given.
    if (seen.has(account.id)) continue
    seen.add(account.id)
    const text = normalizeText(account.text)
    for (const post of posts) {
      if (post.accountId !== account.id || exclude.has(post._id) || !LIVE.has(post.status)) continue
      const postAt = Date.parse(post.scheduleAt)
      const kinds: CollisionKind[] = []
      if (Math.abs(postAt - at) <= COLLISION_WINDOW_MS) kinds.push('near')
      // Scheduled (still to go) wherever it stands, or published within the window before now.
      const recent = post.status !== 'success' || (postAt >= now - DUPLICATE_WINDOW_MS && postAt <= now)
      if (recent && text && normalizeText(postText(post)) === text) kinds.push('same-text')
      if (recent && query.media.some((m) => post.medias.some((p) => sameMedium(m, p))))
        kinds.push('same-media')
      for (const kind of kinds) {
        found.push({
          kind,
          accountId: account.id,
          accountName: post.account?.name ?? '',
          post: {
            id: post._id,
            title: post.title,
            description: post.description.slice(0, 200),
            scheduleAt: post.scheduleAt,
            status: post.status,
          },
        })
      }
    }
  }
  return found.sort((a, b) => Date.parse(a.post.scheduleAt) - Date.parse(b.post.scheduleAt))
}

/**
 * Reads the accounts' posts from the service (30 days before the earlier of now and the post's time to 30
 * days after the later) and finds the collisions; when the service cannot be read, says so instead.
 */
export async function checkCollisions(
  client: Pick<ServiceClient, 'listSchedules'>,
  query: CollisionQuery,
  now: number,
): Promise<CollisionReport> {
  const at = Date.parse(query.scheduleAt)
  const fromDate = new Date(Math.min(now, at) - DUPLICATE_WINDOW_MS).toISOString()
  const toDate = new Date(Math.max(now, at) + DUPLICATE_WINDOW_MS).toISOString()
  const accountIds = [...new Set(query.accounts.map((a) => a.id))]
  const posts: Schedule[] = []
  try {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.listSchedules({ page, limit: 100, accountIds, fromDate, toDate })
      posts.push(...answer.docs)
      if (!answer.hasNextPage) break
    }
  } catch (error) {
    return { checked: false, collisions: [], error: AppError.from(error).toJSON() }
  }
  return { checked: true, collisions: findCollisions(query, posts, now) }
}
