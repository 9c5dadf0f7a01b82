// The scheduled posts of the replica: posts by id, and the ranges they were fetched for (replica_posts,
// replica_ranges; migration 5). The rules (issue 22):
// - a range is replaced only when every page of it arrived: then a post of the range the service no longer
//   lists is gone; a partial refresh merges what arrived and deletes nothing;
// - a range not viewed (peeked or fetched) for 90 days is dropped, with the posts no other range covers.
import type { Schedule, ScheduleStatus } from '../../../common/service'
import type { AppDatabase } from '../db/database'
import { columnsOf, parseRows, readRows } from '../db/rows'
import { replicaPostsTable, replicaRangesTable } from './replica-rows'
import { canonicalJson } from './canonical'
import { sqlOf } from '../db/handle'

export const RANGE_UNVIEWED_DAYS = 90
const DAY_MS = 86_400_000

/** The part of a `schedules:list` request the replica keeps posts by. */
export interface PostsRequest {
  from: string
  to: string
  accountIds?: string[]
  status?: ScheduleStatus
}

export interface RangeAnswer {
  posts: Schedule[]
  /** The oldest fetch of the ranges that answered. */
  fetchedAt: string
}

/** '' for no filter; what migration 5 wrote for the ranges it imported, too. */
export function rangeFilter(request: PostsRequest): string {
  if (!request.accountIds?.length && !request.status) return ''
  return canonicalJson({
    accountIds: request.accountIds?.length ? [...request.accountIds].sort() : undefined,
    status: request.status,
  })
}

function matches(request: PostsRequest, post: { account_id: string; status: string }): boolean {
  if (request.accountIds?.length && !request.accountIds.includes(post.account_id)) return false
  return !request.status || post.status === request.status
}

export function createReplicaPosts(database: AppDatabase, profileId: string) {
  const db = sqlOf(database)
  const upsertPost = db.prepare(
    `INSERT INTO replica_posts (profile_id, id, schedule_at, account_id, status, body, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (profile_id, id) DO UPDATE SET schedule_at = excluded.schedule_at,
       account_id = excluded.account_id, status = excluded.status, body = excluded.body,
       fetched_at = excluded.fetched_at`,
  )
  const postsIn = db.prepare(
    `SELECT profile_id, id, account_id, status, body FROM replica_posts
     WHERE profile_id = ? AND schedule_at BETWEEN ? AND ? ORDER BY schedule_at, id`,
  )
  const deletePost = db.prepare('DELETE FROM replica_posts WHERE profile_id = ? AND id = ?')
  const putRange = db.prepare(
    `INSERT INTO replica_ranges (profile_id, from_at, to_at, filter, complete, fetched_at, viewed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (profile_id, from_at, to_at, filter) DO UPDATE SET
       complete = max(complete, excluded.complete), viewed_at = excluded.viewed_at,
       fetched_at = CASE WHEN excluded.complete = 1 THEN excluded.fetched_at ELSE fetched_at END`,
  )
  const rangesOver = db.prepare(
    `SELECT fetched_at, filter FROM replica_ranges
     WHERE profile_id = ? AND from_at <= ? AND to_at >= ?`,
  )
  const touchRanges = db.prepare(
    `UPDATE replica_ranges SET viewed_at = ? WHERE profile_id = ? AND from_at <= ? AND to_at >= ?`,
  )
  const dropUnviewed = db.prepare('DELETE FROM replica_ranges WHERE profile_id = ? AND viewed_at < ?')
  const dropUncovered = db.prepare(
    `DELETE FROM replica_posts WHERE profile_id = ? AND NOT EXISTS (
       SELECT 1 FROM replica_ranges r WHERE r.profile_id = replica_posts.profile_id
         AND replica_posts.schedule_at BETWEEN r.from_at AND r.to_at)`,
  )

  function bounds(request: PostsRequest): [number, number] {
    return [Date.parse(request.from), Date.parse(request.to)]
  }

  return {
    /**
     * What a fetch of the range brought. `complete`: every page arrived (and none held a record left out):
     * the posts of the range it no longer lists are deleted. Otherwise what arrived is merged, nothing goes,
     * and a range known before keeps its time: the posts that did not arrive are only as recent as that (a
     * copy's "as of" is its real age). Runs inside the caller's transaction.
     */
    record(request: PostsRequest, posts: readonly Schedule[], complete: boolean, now: Date): void {
      const [from, to] = bounds(request)
      const fetchedAt = now.toISOString()
      const seen = new Set<string>()
      for (const post of posts) {
        seen.add(post.id)
        const at = Date.parse(post.scheduleAt)
        upsertPost.run(profileId, post.id, at, post.accountId, post.status, JSON.stringify(post), fetchedAt)
      }
      if (complete) {
        const rows = readRows(database, replicaPostsTable, postsIn.all(profileId, from, to))
        for (const row of rows)
          if (!seen.has(row.id) && matches(request, row)) deletePost.run(profileId, row.id)
      }
      putRange.run(profileId, from, to, rangeFilter(request), complete ? 1 : 0, fetchedAt, now.getTime())
      this.prune(now)
    },

    /**
     * The posts known for the request, from the ranges that overlap it and were fetched with no filter or with
     * the same one; null when none was. Looking counts as viewing those ranges.
     */
    peek(request: PostsRequest, now: Date): RangeAnswer | null {
      const [from, to] = bounds(request)
      const filter = rangeFilter(request)
      const ranges = parseRows(
        'replica_ranges',
        columnsOf(replicaRangesTable, 'fetched_at', 'filter'),
        rangesOver.all(profileId, to, from),
      ).filter((range) => range.filter === '' || range.filter === filter)
      if (ranges.length === 0) return null
      try {
        touchRanges.run(now.getTime(), profileId, to, from)
      } catch {
        // A database another process holds: the look is not counted, the answer still goes out.
      }
      const rows = readRows(database, replicaPostsTable, postsIn.all(profileId, from, to))
      return {
        posts: rows.filter((row) => matches(request, row)).map((row) => row.post),
        fetchedAt: ranges.map((range) => range.fetched_at).sort()[0]!,
      }
    },

    /** Posts deleted on the service by this app. Runs inside the caller's transaction. */
    forget(ids: Iterable<string>): void {
      for (const id of ids) deletePost.run(profileId, id)
    },

    /** Drops the ranges not viewed for 90 days and the posts no remaining range covers. */
    prune(now: Date): void {
      dropUnviewed.run(profileId, now.getTime() - RANGE_UNVIEWED_DAYS * DAY_MS)
      dropUncovered.run(profileId)
    },
  }
}

export type ReplicaPosts = ReturnType<typeof createReplicaPosts>

/** A profile's posts and ranges deleted (its replica forgotten or cleared); the caller holds the transaction. */
export function forgetPosts(database: AppDatabase, profileId: string): void {
  const db = sqlOf(database)
  db.prepare('DELETE FROM replica_posts WHERE profile_id = ?').run(profileId)
  db.prepare('DELETE FROM replica_ranges WHERE profile_id = ?').run(profileId)
}
