// Follows the posts this app scheduled until the service publishes them or gives up, so the person hears
// about it. The service sends no events (reference section 6), so the follower reads the posts' status: one
// list request for all of a profile's due posts, at most once a minute while any is due, and less often the
// longer none is (the next read is at the earliest post's time, backing off to a cap when no time is near).
// The clock and the reader are injected: tests step through the rhythm without waiting.
import type { ScheduleStatus } from '../../../common/service'

export interface FollowedPost {
  scheduleId: string
  /** When the service should publish it (ISO). */
  scheduleAt: string
  /** Local context for the notification (the draft it came from, the account's name). */
  draftId?: string
  accountName?: string
}

export interface PostOutcome {
  post: FollowedPost
  status: Extract<ScheduleStatus, 'success' | 'error'>
  errorMessage?: string
  accountName?: string
}

export interface PostStatus {
  status: ScheduleStatus
  errorMessage?: string
  accountName?: string
}

export interface FollowerClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface PostFollowerOptions {
  /** The posts to follow now (read afresh at each turn: drafts come and go). */
  posts(): FollowedPost[]
  /**
   * One read for the given posts: their current status by schedule id. A post missing from the answer was
   * deleted on the service and is no longer followed.
   */
  read(posts: FollowedPost[]): Promise<Map<string, PostStatus>>
  onOutcome(outcome: PostOutcome): void
  /** Posts already reported (kept across restarts by the caller), so nothing is announced twice. */
  settled: { has(id: string): boolean; add(id: string): void }
  clock?: FollowerClock
  /** Least time between two reads (default one minute). */
  intervalMs?: number
  /** Longest wait while posts are followed but none is due, and after failed reads (default 15 minutes). */
  maxIntervalMs?: number
  onError?(error: unknown): void
}

export interface PostFollower {
  /** The followed posts changed (a draft was sent, the profile switched): look again now or at the next slot. */
  poke(): void
  /** The time of the next read (ms since epoch), or null when nothing is followed. */
  nextReadAt(): number | null
  stop(): void
}

const realClock: FollowerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createPostFollower(o: PostFollowerOptions): PostFollower {
  const clock = o.clock ?? realClock
  const interval = o.intervalMs ?? 60_000
  const maxInterval = o.maxIntervalMs ?? 15 * 60_000
  let timer: unknown
  let due: number | null = null
  let lastReadAt = -Infinity
  let failures = 0
  let reading = false
  let stopped = false
  /** Ids seen without a final status and already missing once: a list answer can race a creation. */
  const missing = new Set<string>()

  const followed = () => o.posts().filter((post) => !o.settled.has(post.scheduleId))

  function schedule(): void {
    if (stopped) return
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
    const posts = followed()
    if (posts.length === 0) {
      due = null
      return
    }
    const now = clock.now()
    const earliest = Math.min(...posts.map((post) => Date.parse(post.scheduleAt)))
    let at: number
    if (failures > 0) {
      at = lastReadAt + Math.min(maxInterval, interval * 2 ** failures)
    } else if (earliest <= now) {
      // A post is due: read each minute until the service says how it went.
      at = lastReadAt + interval
    } else {
      // None due: wake at the earliest post's time, but look at least every maxInterval (a post moved
      // earlier on the service, a clock change).
      at = Math.min(earliest, now + maxInterval)
    }
    at = Math.max(at, lastReadAt + interval, now)
    due = at
    timer = clock.setTimeout(() => void turn(), at - now)
  }

  async function turn(): Promise<void> {
    timer = undefined
    if (stopped || reading) return
    const now = clock.now()
    const posts = followed().filter((post) => Date.parse(post.scheduleAt) <= now)
    if (posts.length === 0) return schedule()
    reading = true
    lastReadAt = now
    try {
      const statuses = await o.read(posts)
      failures = 0
      for (const post of posts) {
        const found = statuses.get(post.scheduleId)
        if (!found) {
          // Missing twice in a row: deleted on the service. Stop following without a word.
          if (missing.has(post.scheduleId)) {
            missing.delete(post.scheduleId)
            o.settled.add(post.scheduleId)
          } else missing.add(post.scheduleId)
          continue
        }
        missing.delete(post.scheduleId)
        if (found.status === 'success' || found.status === 'error') {
          o.settled.add(post.scheduleId)
          o.onOutcome({
            post,
            status: found.status,
            ...(found.errorMessage ? { errorMessage: found.errorMessage } : {}),
            ...(found.accountName ? { accountName: found.accountName } : {}),
          })
        }
      }
    } catch (error) {
      failures++
      o.onError?.(error)
    } finally {
      reading = false
    }
    schedule()
  }

  schedule()
  return {
    poke: () => {
      if (!reading) schedule()
    },
    nextReadAt: () => due,
    stop() {
      stopped = true
      if (timer !== undefined) clock.clearTimeout(timer)
      timer = undefined
      due = null
    },
  }
}
