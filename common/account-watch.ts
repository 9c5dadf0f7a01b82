// The calls and shapes of two guards around scheduling: the account watch (main/core/posts/account-watch.ts),
// which tells the person that an account with posts due soon is disconnected, and the collision check
// (main/core/posts/post-collisions.ts), which warns of a post close in time or already sent on the same
// account. common/contract.ts spreads these calls into its table, so they are validated like every other.
import { z } from 'zod'
import type { AppErrorData } from './errors'
import type { ScheduleStatus } from './service'

const id = z.string().min(1).max(200)

/** How far ahead the watch looks, and when it looks again before each post. */
export const WATCH_HORIZON_MS = 24 * 60 * 60_000
export const WATCH_RECHECK_BEFORE_MS = 15 * 60_000

/** Two posts of one account this close (either side, inclusive) are a collision. */
export const COLLISION_WINDOW_MS = 30 * 60_000
/** How far back a published post counts as a duplicate of a new one. */
export const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60_000

/** Bounds of what the composer sends to be compared: the caption limits are far below. */
export const MAX_COLLISION_TEXT = 70_000
export const MAX_COLLISION_MEDIA = 50

/** A post due soon on a disconnected account. */
export interface WatchedPost {
  id: string
  title: string
  /** The caption's start, for a post without a title. */
  description: string
  scheduleAt: string
}

export interface AccountAlert {
  accountId: string
  accountName: string
  accountType: string
  posts: WatchedPost[]
}

export interface AccountWatchState {
  alerts: AccountAlert[]
  /** When the service last answered the watch (ISO); null before the first answer. */
  checkedAt: string | null
  /** The last check could not read the service: the alerts are those of `checkedAt`. */
  error?: AppErrorData
  /**
   * Whether each account the service listed at `checkedAt` was connected, whatever its posts' dates: the
   * planner flags every planned post of a disconnected one, and its pickers follow without a reload.
   */
  connected?: Record<string, boolean>
}

export type CollisionKind = 'near' | 'same-text' | 'same-media'

export interface PostCollision {
  kind: CollisionKind
  accountId: string
  accountName: string
  post: { id: string; title: string; description: string; scheduleAt: string; status: ScheduleStatus }
}

export interface CollisionReport {
  /** False when the service could not be read: nothing is known, and the person is told so. */
  checked: boolean
  collisions: PostCollision[]
  /** Why it could not be checked. */
  error?: AppErrorData
}

const collisionMedia = z
  .object({
    /** The stored file's address: compared by its key (the path), whatever host or signature it carries. */
    url: z.string().min(1).max(4096),
    /** The stored file's id, where the composer knows it. */
    id: id.optional(),
  })
  .strict()

export const watchCallSchemas = {
  /** What the account watch found at its last check. */
  'watch:alerts': z.undefined(),
  /**
   * The posts a new one collides with, read fresh from the service: each account with its own text (per
   * account captions), the shared time and media; `excludeIds` are the post's own ids (an edited post).
   */
  'schedules:collisions': z
    .object({
      scheduleAt: z.iso.datetime({ offset: true }),
      accounts: z
        .array(z.object({ id, text: z.string().max(MAX_COLLISION_TEXT) }).strict())
        .min(1)
        .max(100),
      media: z.array(collisionMedia).max(MAX_COLLISION_MEDIA),
      excludeIds: z.array(id).max(100).optional(),
    })
    .strict(),
}

export interface WatchCallResponses {
  'watch:alerts': AccountWatchState
  'schedules:collisions': CollisionReport
}

export interface WatchEventPayloads {
  /** The account watch checked again and what it found changed. */
  'watch:changed': AccountWatchState
}
