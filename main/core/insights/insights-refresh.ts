// Brings one account's insights up to date, reading only what may have changed. A post's figures grow in its
// first days and then settle, so a post younger than RECENT_AGE_MS is read again after RECENT_EVERY_MS and an
// older one at most once per OLD_EVERY_MS; a post that had none yet (404) is asked again like a recent one.
// The list of posts (newest first) is walked to its end at most once per LIST_EVERY_MS; in between, only until
// the first page that holds a post already known, since new posts come first. Every request counts against
// `maxRequests`, list pages included: the refresh stops there and says so, and the next one carries on. A walk
// to the end that the budget cuts short takes at most half of it (the rest reads the figures of the posts
// listed, newest first) and answers where it stopped (`walkFrom`): the next refresh given it walks on from
// there, so a history longer than one budget of pages is listed over a few refreshes, not begun again each time.
// docs/insights.md says how old each figure may therefore be. Time is injected.
import type { AccountFigures, PostFigures } from '../../../common/insights'
import { mapSettledBounded } from '../map-settled-bounded'
import type { InsightsStore, ListedPost, StoredPost } from './insights-store'

const HOUR_MS = 3_600_000
export const RECENT_AGE_MS = 7 * 24 * HOUR_MS
export const RECENT_EVERY_MS = HOUR_MS
export const OLD_EVERY_MS = 24 * HOUR_MS
export const LIST_EVERY_MS = 24 * HOUR_MS
export const ACCOUNT_EVERY_MS = HOUR_MS
/** Figures read at once: gentle on the service, and enough to refresh a year in seconds. */
const CONCURRENCY = 4
/** Figures saved per transaction. */
const SAVE_EVERY = 50
/** A list that keeps answering a next page (or the same one) is not followed forever. */
const MAX_LIST_PAGES = 1000

export interface ListedPage {
  docs: ListedPost[]
  /** Absent on the last page. */
  nextToken?: string
}

/** What the refresh asks the service; the service client's calls, adapted (null: the service has none). */
export interface InsightsSource {
  listContent(accountId: string, nextToken: string | undefined): Promise<ListedPage>
  contentStatistic(contentId: string, accountId: string): Promise<PostFigures | null>
  accountStatistic(accountId: string): Promise<AccountFigures | null>
}

export interface RefreshOptions {
  store: InsightsStore
  source: InsightsSource
  /** The profile's scope (replica identity). */
  scope: string
  account: { id: string; network: string }
  now: () => number
  /** The most requests this refresh may make (default: no limit). */
  maxRequests?: number
  /** Where the last refresh's walk to the end stopped (its `walkFrom`): this one walks on from there. */
  walkFrom?: string
}

export interface RefreshResult {
  requests: { listPages: number; posts: number; account: number }
  /** The request budget ran out before everything due was read. */
  budgetSpent: boolean
  /** The walk to the end stopped at this page for the budget: the next refresh's `walkFrom`. */
  walkFrom?: string
  /** A read that failed (the first), after whatever else could be read was kept. */
  error?: unknown
}

/** Whether a post's figures are due for reading at `now`. */
export function figuresDue(
  post: Pick<StoredPost, 'publishedAt' | 'status' | 'fetchedAt'>,
  now: number,
): boolean {
  if (post.status === 'unread' || post.fetchedAt === null) return true
  const recent = now - post.publishedAt < RECENT_AGE_MS
  const every = post.status === 'none' || recent ? RECENT_EVERY_MS : OLD_EVERY_MS
  return now - post.fetchedAt >= every
}

function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10)
}

export async function refreshAccountInsights(o: RefreshOptions): Promise<RefreshResult> {
  const { store, source, scope, account } = o
  const result: RefreshResult = { requests: { listPages: 0, posts: 0, account: 0 }, budgetSpent: false }
  const spent = () =>
    result.requests.listPages + result.requests.posts + result.requests.account >= (o.maxRequests ?? Infinity)

  // 1. The list: to its end once a day, else until it reaches what is known.
  const before = store.account(scope, account.id)
  const fullWalk =
    o.walkFrom !== undefined || before?.listedAt == null || o.now() - before.listedAt >= LIST_EVERY_MS
  let token = fullWalk ? o.walkFrom : undefined
  const seen = new Set<string>()
  let walked = false
  // A walk to the end leaves half the budget to the figures (at least one request to each).
  const listBudget = fullWalk ? Math.max(1, Math.ceil((o.maxRequests ?? Infinity) / 2)) : Infinity
  for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
    if (spent() || result.requests.listPages >= listBudget) {
      result.budgetSpent = true
      if (fullWalk && token !== undefined) result.walkFrom = token
      break
    }
    result.requests.listPages += 1
    const page = await source.listContent(account.id, token)
    const known = store.knownIds(
      scope,
      account.id,
      page.docs.map((d) => d.contentId),
    )
    store.savePosts(scope, account.id, account.network, page.docs, o.now())
    if (!page.nextToken || seen.has(page.nextToken)) {
      walked = true
      break
    }
    if (!fullWalk && known.size > 0) break
    seen.add(page.nextToken)
    token = page.nextToken
  }
  if (walked && fullWalk) store.markListed(scope, account.id, account.network, o.now())

  // 2. The figures of the posts that are due, newest first (the ones most likely to have moved).
  const due = store
    .posts(scope, account.id)
    .filter((p) => figuresDue(p, o.now()))
    .reverse()
  const budget = Math.max(0, (o.maxRequests ?? Infinity) - result.requests.listPages - 1)
  const batch = due.slice(0, budget)
  if (batch.length < due.length) result.budgetSpent = true
  // Written a chunk at a time: one transaction per chunk, and a failure loses at most the chunk under way.
  for (let i = 0; i < batch.length && result.error === undefined; i += SAVE_EVERY) {
    const chunk = batch.slice(i, i + SAVE_EVERY)
    const settled = await mapSettledBounded(chunk, CONCURRENCY, async (post) => {
      result.requests.posts += 1
      return { contentId: post.contentId, figures: await source.contentStatistic(post.contentId, account.id) }
    })
    const read = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    store.saveFigures(scope, account.id, read, o.now())
    const failed = settled.find((s) => s.status === 'rejected')
    if (failed) result.error = failed.reason
  }

  // 3. The account's own figures, and today's follower count with any counted day's from its graph.
  const last = store.account(scope, account.id)
  if (!spent() && (last?.fetchedAt == null || o.now() - last.fetchedAt >= ACCOUNT_EVERY_MS)) {
    result.requests.account += 1
    try {
      const figures = await source.accountStatistic(account.id)
      store.saveAccountFigures(scope, account.id, account.network, figures, o.now())
      if (figures) {
        const snapshots = figures.dailyFollowers.map((d) => ({ day: d.day, followers: d.value }))
        if (figures.followers !== undefined)
          snapshots.push({ day: utcDay(o.now()), followers: figures.followers })
        store.saveFollowers(scope, account.id, snapshots, o.now())
      }
    } catch (error) {
      result.error ??= error
    }
  }
  return result
}
