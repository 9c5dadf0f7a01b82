import { shallowRef, type Ref, type ShallowRef } from 'vue'
import type { EventPayloads } from '../../common/contract'
import type { Schedule } from '../../common/service'
import { scheduleIdOf } from '../../common/service-vocabulary'
import { followNumbers, whenRelinked } from '../lib/list-mirror'
import { mediadeck } from '../lib/mediadeck'

export interface PostChangesDeps {
  /** The period's posts on the calendar, and the failed list: both take what main found changed. */
  posts: ShallowRef<Schedule[]>
  failed: ShallowRef<Schedule[]>
  range: Ref<{ from: string; to: string }>
  accountIds: Ref<string[]>
  /** Reads the period, and the failed list, again. */
  reload(): void
}

/**
 * The planner kept up with the service while it is open: main's background read of the due posts
 * (main/host/post-notifications.ts) says what changed (`schedules:changed`) and it is laid over what is shown
 * at once. A post that failed joins the failed list and is told in the page; a retried one stays in the failed
 * list, "retrying", until the service settles it (the service lists it as pending meanwhile, so a reload alone
 * would drop it); a change made here without its new state (`reload`) reads the period again.
 */
export function usePostChanges(deps: PostChangesDeps) {
  const { posts, failed, range, accountIds } = deps
  /** Failed posts retried from here, as they were, until the service says how the retry went. */
  const retrying = shallowRef(new Map<string, Schedule>())
  /** Posts the service failed while the planner was open: the page's notice. */
  const newlyFailed = shallowRef<Schedule[]>([])
  /** The changes' numbers: one missed, the period and the failed list are read again. */
  const numbers = followNumbers()

  function applyChanges(change: EventPayloads['schedules:changed']) {
    const missed = numbers.missed(change.seq)
    if (change.reload) return deps.reload()
    laid(change)
    // What this change says is laid over what is shown (its failures told), and what was missed is read.
    if (missed) deps.reload()
  }

  function laid(change: EventPayloads['schedules:changed']) {
    const removed = new Set(change.removed)
    const byId = new Map(change.posts.map((post) => [scheduleIdOf(post), post]))
    const { from, to } = range.value
    const accountFilter = accountIds.value.length ? new Set(accountIds.value) : null
    const inPeriod = (post: Schedule) =>
      post.scheduleAt >= from &&
      post.scheduleAt <= to &&
      (!accountFilter || accountFilter.has(post.accountId))
    const shown = new Set(posts.value.map(scheduleIdOf))
    posts.value = [
      ...posts.value
        .filter((post) => !removed.has(scheduleIdOf(post)))
        .map((post) => byId.get(scheduleIdOf(post)) ?? post)
        .filter((post) => !byId.has(scheduleIdOf(post)) || inPeriod(post)),
      ...change.posts.filter((post) => !shown.has(scheduleIdOf(post)) && inPeriod(post)),
    ]
    const wasFailed = new Set(failed.value.map(scheduleIdOf))
    const stillRetrying = new Map(retrying.value)
    const fresh: Schedule[] = []
    const news: Schedule[] = []
    for (const post of change.posts) {
      const id = scheduleIdOf(post)
      const wasRetrying = stillRetrying.has(id)
      if (post.status === 'success' || post.status === 'error') stillRetrying.delete(id)
      if (post.status !== 'error') continue
      if (!wasFailed.has(id)) fresh.push(post)
      // A retry that failed again is news, even where a reload already listed it as failed.
      if (!wasFailed.has(id) || wasRetrying) news.push(post)
    }
    for (const id of removed) stillRetrying.delete(id)
    retrying.value = stillRetrying
    failed.value = [
      ...failed.value
        .filter((post) => !removed.has(scheduleIdOf(post)))
        .map((post) => byId.get(scheduleIdOf(post)) ?? post)
        .filter((post) => post.status === 'error'),
      ...fresh,
    ].sort((a, b) => b.scheduleAt.localeCompare(a.scheduleAt))
    if (news.length > 0) {
      const known = new Set(news.map(scheduleIdOf))
      newlyFailed.value = [...news, ...newlyFailed.value.filter((post) => !known.has(scheduleIdOf(post)))]
    }
  }

  /**
   * Follows main's changes of the service's posts while a view shows them; returns the unsubscribe. A number
   * missed, or the link to main coming back (browser mode: what was sent meanwhile is unknown, and the last
   * change may have gone with it), reads the period and the failed list again.
   */
  function subscribe(): () => void {
    numbers.reset()
    const stops = [mediadeck().schedules.onChanged(applyChanges), whenRelinked(deps.reload)]
    return () => stops.forEach((stop) => stop())
  }

  /** The failed posts shown: those the service lists, and those retried from here that it has not settled. */
  function withRetrying(listed: Schedule[]): Schedule[] {
    const ids = new Set(listed.map(scheduleIdOf))
    const waiting = [...retrying.value.values()].filter((post) => !ids.has(scheduleIdOf(post)))
    return [...listed, ...waiting].sort((a, b) => b.scheduleAt.localeCompare(a.scheduleAt))
  }
  const isRetrying = (id: string) => retrying.value.has(id)
  /** Retried from here: kept in the failed list as they were, "retrying". */
  function markRetrying(ids: Iterable<string>) {
    const next = new Map(retrying.value)
    for (const id of ids) {
      const post = failed.value.find((p) => scheduleIdOf(p) === id) ?? retrying.value.get(id)
      if (post) next.set(id, post)
    }
    retrying.value = next
  }
  /** Sent again with a fix: no longer this post's retry (the fixed one comes back should it fail). */
  function settleRetry(id: string) {
    retrying.value = new Map([...retrying.value].filter(([key]) => key !== id))
  }
  /** The page's notice of new failures was read: it goes. */
  function dismissNewlyFailed() {
    newlyFailed.value = []
  }
  function resetChanges() {
    numbers.reset()
    retrying.value = new Map()
    newlyFailed.value = []
  }

  return {
    newlyFailed,
    applyChanges,
    subscribe,
    withRetrying,
    isRetrying,
    markRetrying,
    settleRetry,
    dismissNewlyFailed,
    resetChanges,
  }
}
