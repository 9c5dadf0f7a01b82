// Tells the person what became of the posts this app sent: a queued draft sent to the service, then the post
// published or failed. Sent drafts are the app's own record of what it scheduled (status `scheduled` with the
// service's id); the follower (core/posts/post-follower.ts) reads their status through the active profile's
// client. Announced posts are kept in the database (core/posts/announced-posts.ts), so a restart does not
// announce them again.
import type { Draft } from '../../common/drafts'
import type { ListChanges } from '../../common/list-changes'
import type { Translate } from '../../common/messages/index'
import type { AppRoute } from '../../common/routes'
import type { AppDatabase } from '../core/db/database'
import { openSettledSet } from '../core/posts/announced-posts'
import type { ServiceClient } from '../core/service-client'
import { createPostFollower, type FollowerClock, type PostStatus } from '../core/posts/post-follower'
import type { EventHub } from './event-hub'
import type { Logger } from '../core/ports'

const dayOf = (iso: string) => iso.slice(0, 10)

/** How the app tells the person: the system's notifications, in the app's language (main/app/start-app.ts). */
export interface PostNotifier {
  notify(title: string, body: string, route: AppRoute): void
  tr(): Translate
}

export interface PostNotificationsOptions extends PostNotifier {
  events: EventHub
  /** The active profile's drafts, as `drafts:list` answers them. */
  drafts(): Promise<Draft[]>
  client(): ServiceClient
  database: AppDatabase
  /** The announced posts' file from before the database, imported once. */
  settledFile?: string
  log: Logger
  clock?: FollowerClock
  intervalMs?: number
}

export function followSentPosts(o: PostNotificationsOptions): { stop(): void } {
  /** Each draft's status, to see it become scheduled; the scheduled ones, whose outcome is followed. */
  const status = new Map<string, Draft['status']>()
  const sent = new Map<string, Draft>()
  const follower = createPostFollower({
    posts: () =>
      [...sent.values()].map((d) => ({
        scheduleId: d.scheduleId!,
        scheduleAt: d.post.scheduleAt,
        draftId: d.id,
      })),
    read: async (posts) => {
      // One request for every due post of the profile: the range that holds their times.
      const times = posts.map((p) => Date.parse(p.scheduleAt))
      const page = await o.client().listSchedules({
        page: 1,
        limit: 100,
        fromDate: new Date(Math.min(...times) - 60_000).toISOString(),
        toDate: new Date(Math.max(...times) + 60_000).toISOString(),
      })
      const wanted = new Set(posts.map((p) => p.scheduleId))
      const found = new Map<string, PostStatus>()
      for (const schedule of page.docs) {
        if (!wanted.has(schedule._id)) continue
        found.set(schedule._id, {
          status: schedule.status,
          ...(schedule.errorMessage ? { errorMessage: schedule.errorMessage } : {}),
          ...(schedule.account?.name ? { accountName: schedule.account.name } : {}),
        })
      }
      return found
    },
    onOutcome: ({ post, status: outcome, accountName }) => {
      const tr = o.tr()
      const account = accountName ?? tr('tray.tooltip')
      const route: AppRoute = { view: 'planner', date: dayOf(post.scheduleAt), postId: post.scheduleId }
      if (outcome === 'success')
        o.notify(tr('notify.postPublishedTitle'), tr('notify.postPublishedBody', { account }), route)
      else o.notify(tr('notify.postFailedTitle'), tr('notify.postFailedBody', { account }), route)
    },
    settled: openSettledSet(o.database, o.settledFile),
    clock: o.clock,
    intervalMs: o.intervalMs,
    onError: (error) => o.log.warn('reading the status of sent posts failed', error),
  })

  /** The drafts the page's list changed by (common/list-changes.ts): only those are looked at. */
  function apply(changed: readonly Draft[], removed: readonly string[], announce: boolean): void {
    for (const draft of changed) {
      const before = status.get(draft.id)
      // Became scheduled: the outbox (this process's or the CLI's) just sent it. Changes are coalesced per list
      // (main/core/list-publisher.ts), so queued and sending may never be seen between a draft and its send.
      if (announce && draft.status === 'scheduled' && before !== 'scheduled') {
        const tr = o.tr()
        o.notify(tr('notify.draftSentTitle'), tr('notify.draftSentBody'), {
          view: 'planner',
          ...(draft.post.scheduleAt ? { date: dayOf(draft.post.scheduleAt) } : {}),
          ...(draft.scheduleId ? { postId: draft.scheduleId } : {}),
        })
      }
      status.set(draft.id, draft.status)
      if (draft.status === 'scheduled' && draft.scheduleId && draft.post.scheduleAt) sent.set(draft.id, draft)
      else sent.delete(draft.id)
    }
    for (const id of removed) {
      status.delete(id)
      sent.delete(id)
    }
    follower.poke()
  }

  /** The whole list again (at start, another profile): nothing in it is news. */
  function readAll(): void {
    void o
      .drafts()
      .then((all) => {
        status.clear()
        sent.clear()
        apply(all, [], false)
      })
      .catch((error) => o.log.warn('reading the drafts failed', error))
  }

  const stopEvents = o.events.subscribe((name, payload) => {
    if (name !== 'drafts:changed') return
    const change = payload as ListChanges<Draft>
    if (change.reload) readAll()
    else apply(change.changed, change.removed, true)
  })
  // The first list also opens the drafts store, which starts the outbox: queued posts go out without a window.
  readAll()
  return {
    stop() {
      stopEvents()
      follower.stop()
    },
  }
}
