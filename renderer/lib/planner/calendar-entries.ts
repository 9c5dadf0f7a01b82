import type { Draft } from '../../../common/drafts'
import type { Schedule } from '../../../common/service'
import { scheduleIdOf } from '../../../common/service-vocabulary'
import type { CalendarEntry } from './calendar'

/**
 * How a post of the service and a local draft each become an entry of the calendar, as of the minute `now`
 * (a queued post turns late, a retried one "next"). Pure, apart from the planner store that holds the posts and
 * drafts: the store draws its period with them, the post's dialog says when it was retried.
 */

/**
 * When a waiting post of the service was put back in the queue by a retry: a pending post whose time has
 * passed. The service keeps the old time on a retry and does not say when it tries again (the reference only
 * says the post is re-queued), so the moment of the retry (its updatedAt) is what can be shown.
 */
export function retriedAt(post: Schedule, now = Date.now()): string | undefined {
  return post.status === 'pending' && Date.parse(post.scheduleAt) < now ? post.updatedAt : undefined
}

export function postEntry(post: Schedule, now: number): CalendarEntry {
  const retried = retriedAt(post, now)
  return {
    key: `post:${scheduleIdOf(post)}`,
    source: 'service',
    id: scheduleIdOf(post),
    status: post.status,
    at: post.scheduleAt,
    title: post.title || post.description,
    text: post.description,
    accountId: post.accountId,
    // The service takes a new time for a post it has not started publishing (PUT /public/schedule/{id}).
    movable: post.status === 'pending' && !retried,
    ...(retried ? { retriedAt: retried } : {}),
  }
}

/**
 * A queued post whose time passed before the outbox could send it (the service out of reach): it goes out
 * late when the service is back, and the calendar says so while it waits rather than showing it on time.
 */
export function isLate(draft: Draft, now: number): boolean {
  return (
    draft.status === 'queued' && Boolean(draft.post.scheduleAt) && Date.parse(draft.post.scheduleAt) < now
  )
}

export function draftEntry(draft: Draft, now: number): CalendarEntry {
  return {
    key: `draft:${draft.id}`,
    source: 'local',
    id: draft.id,
    status: draft.status,
    at: draft.post.scheduleAt,
    title: draft.post.title || draft.post.description,
    text: draft.post.description,
    accountId: draft.post.accountId,
    movable: draft.status === 'draft' || draft.status === 'queued',
    ...(isLate(draft, now) ? { late: true } : {}),
  }
}
