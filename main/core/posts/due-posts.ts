// Follows the posts that are due or recently due until they settle, so whatever shows them keeps up with the
// service while it is open: a post that failed at 19.32 is a failed post on screen within a minute, not when
// the person next leaves the view. The service sends no events (reference section 6), so this reads: the posts
// whose time is in a window around now (DUE_WINDOW_BEFORE_MS back, DUE_WINDOW_AHEAD_MS ahead), in pages, plus
// the posts watched wherever their time is (sent by this app, retried: a retry keeps the post's old time,
// maybe days ago). Each run says which posts changed since the last one (the views apply them), and which
// reached an outcome (the system notification). It is a task of the profile's background scheduler
// (docs/background.md): `every()` is its rhythm, once a minute while a post is near its time or unsettled,
// less often otherwise. Pure: the reads and the clock are given.
import type { Schedule } from '../../../common/service'
import { scheduleIdOf } from '../../../common/service-vocabulary'

const MIN = 60_000
/** How far back a post's time may be for it to be followed without being watched. */
export const DUE_WINDOW_BEFORE_MS = 2 * 60 * MIN
/** How far ahead: past the longest wait (FOLLOW_IDLE_MS) plus FOLLOW_AROUND_MS, so no post is woken late. */
export const DUE_WINDOW_AHEAD_MS = 30 * MIN
/** A pending post within this of its time is read each minute until it settles. */
export const FOLLOW_AROUND_MS = 5 * MIN
/** Each minute around a post's time and while one is unsettled. */
export const FOLLOW_NEAR_MS = MIN
/** Otherwise: a post scheduled elsewhere (the service's website, the CLI) is seen within this. */
export const FOLLOW_IDLE_MS = 15 * MIN
/** Most watched posts read one by one in a run (the rest in the next); the budget holds them anyway. */
const MAX_SINGLE_READS = 20

export type PostOutcome = 'success' | 'error'

export interface DuePostsChange {
  /** Posts as the service holds them now, that differ from the last read (or are new to it). */
  posts: Schedule[]
  /** Watched posts the service no longer has. */
  removed: string[]
}

export interface DuePostsOptions {
  /** Every post whose time is in [from, to] (all pages). */
  list(from: Date, to: Date): Promise<Schedule[]>
  /** One post as the service holds it now; null when it has none by that id. */
  get(id: string): Promise<Schedule | null>
  now(): number
  onChange(change: DuePostsChange): void
  /**
   * A post settled: a watched one, one seen unsettled before, or one new to an earlier read that failed
   * (created and failed between two reads). Never one found settled by the first read.
   */
  onOutcome(post: Schedule, outcome: PostOutcome): void
}

export interface DuePosts {
  /** One read: what changed is told; throws when the service could not be read (nothing is told then). */
  run(): Promise<void>
  /** The wait before the next run, after the last one. */
  every(): number
  /** Follows these posts until they settle, wherever their time (a retry, a post this app sent). */
  watch(ids: Iterable<string>): void
  /** Posts watched and not settled yet. */
  watched(): string[]
}

const settled = (post: Schedule): boolean => post.status === 'success' || post.status === 'error'
/** What of a post a view shows: when any of it differs, the view is told. */
const fingerprint = (post: Schedule): string =>
  [post.status, post.scheduleAt, post.updatedAt, post.errorMessage ?? '', post.title, post.description].join(
    '\u0000',
  )

export function createDuePosts(o: DuePostsOptions): DuePosts {
  /** The posts of the last read by id (window and watched), as they were. */
  let known = new Map<string, Schedule>()
  const watchedIds = new Set<string>()
  let firstDone = false

  async function run(): Promise<void> {
    const now = o.now()
    const inWindow = await o.list(new Date(now - DUE_WINDOW_BEFORE_MS), new Date(now + DUE_WINDOW_AHEAD_MS))
    const seen = new Map(inWindow.map((post) => [scheduleIdOf(post), post]))
    const removed: string[] = []
    let reads = 0
    for (const id of watchedIds) {
      if (seen.has(id)) continue
      const before = known.get(id)
      // A watched post far ahead (sent for next week) is read by the window once its time comes near.
      const far = before !== undefined && Date.parse(before.scheduleAt) > now + DUE_WINDOW_AHEAD_MS
      if (far || reads++ >= MAX_SINGLE_READS) {
        // Not read this time: kept as it was, read in a later run.
        if (before) seen.set(id, before)
        continue
      }
      const post = await o.get(id)
      if (post) seen.set(id, post)
      else {
        watchedIds.delete(id)
        removed.push(id)
      }
    }

    const changed: Schedule[] = []
    for (const [id, post] of seen) {
      const before = known.get(id)
      if (firstDone && (!before || fingerprint(before) !== fingerprint(post))) changed.push(post)
      if (settled(post)) {
        const wasUnsettled = before !== undefined && !settled(before)
        const newAndFailed = firstDone && before === undefined && post.status === 'error'
        if (watchedIds.has(id) || wasUnsettled || newAndFailed) {
          o.onOutcome(post, post.status as PostOutcome)
        }
        watchedIds.delete(id)
      } else if (Date.parse(post.scheduleAt) <= now) {
        // Due and not settled: followed until it is, even once its time leaves the window.
        watchedIds.add(id)
      }
    }
    known = seen
    const wasFirst = !firstDone
    firstDone = true
    if (!wasFirst && (changed.length > 0 || removed.length > 0)) o.onChange({ posts: changed, removed })
  }

  function every(): number {
    const now = o.now()
    let wait = FOLLOW_IDLE_MS
    for (const post of known.values()) {
      if (settled(post)) continue
      const until = Date.parse(post.scheduleAt) - now
      if (post.status === 'process' || until <= FOLLOW_AROUND_MS) return FOLLOW_NEAR_MS
      wait = Math.min(wait, until - FOLLOW_AROUND_MS)
    }
    return Math.max(FOLLOW_NEAR_MS, wait)
  }

  return {
    run,
    every,
    watch(ids) {
      for (const id of ids) watchedIds.add(id)
    },
    watched: () => [...watchedIds],
  }
}
