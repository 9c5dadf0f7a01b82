// Tells the person what became of the posts this app sent: a queued draft sent to the service, then the post
// published or failed. Sent drafts are the app's own record of what it scheduled (status `scheduled` with the
// service's id); the follower (core/posts/post-follower.ts) reads their status through the active profile's
// client. Announced posts are kept in a small file, so a restart does not announce them again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Draft } from '../../common/drafts'
import type { Translate } from '../../common/messages/index'
import type { AppRoute } from '../../common/routes'
import type { ServiceClient } from '../core/service-client'
import { createPostFollower, type FollowerClock, type PostStatus } from '../core/posts/post-follower'
import type { EventHub } from './event-hub'
import type { Logger } from '../core/ports'

const MAX_SETTLED = 2_000

export function openSettledSet(file: string): { has(id: string): boolean; add(id: string): void } {
  let ids: string[] = []
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    // Missing or damaged: at worst an outcome is announced again.
  }
  const set = new Set(ids)
  return {
    has: (id) => set.has(id),
    add(id) {
      if (set.has(id)) return
      set.add(id)
      ids.push(id)
      if (ids.length > MAX_SETTLED) for (const old of ids.splice(0, ids.length - MAX_SETTLED)) set.delete(old)
      try {
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(`${file}.tmp`, JSON.stringify(ids))
        renameSync(`${file}.tmp`, file)
      } catch {
        // Not worth failing over: the set still holds it for this session.
      }
    },
  }
}

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
  settledFile: string
  log: Logger
  clock?: FollowerClock
  intervalMs?: number
}

export function followSentPosts(o: PostNotificationsOptions): { stop(): void } {
  let drafts: Draft[] = []
  const status = new Map<string, Draft['status']>()
  const follower = createPostFollower({
    posts: () =>
      drafts
        .filter((d) => d.status === 'scheduled' && d.scheduleId && d.post.scheduleAt)
        .map((d) => ({ scheduleId: d.scheduleId!, scheduleAt: d.post.scheduleAt, draftId: d.id })),
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
    settled: openSettledSet(o.settledFile),
    clock: o.clock,
    intervalMs: o.intervalMs,
    onError: (error) => o.log.warn('reading the status of sent posts failed', error),
  })

  function update(next: Draft[], announce: boolean): void {
    for (const draft of next) {
      const before = status.get(draft.id)
      // queued/sending -> scheduled: the outbox just sent it.
      if (announce && draft.status === 'scheduled' && (before === 'queued' || before === 'sending')) {
        const tr = o.tr()
        o.notify(tr('notify.draftSentTitle'), tr('notify.draftSentBody'), {
          view: 'planner',
          ...(draft.post.scheduleAt ? { date: dayOf(draft.post.scheduleAt) } : {}),
          ...(draft.scheduleId ? { postId: draft.scheduleId } : {}),
        })
      }
    }
    status.clear()
    for (const draft of next) status.set(draft.id, draft.status)
    drafts = next
    follower.poke()
  }

  const stopEvents = o.events.subscribe((name, payload) => {
    if (name === 'drafts:changed') update((payload as { drafts: Draft[] }).drafts, true)
  })
  // The first list also opens the drafts store, which starts the outbox: queued posts go out without a window.
  void o
    .drafts()
    .then((initial) => {
      if (status.size === 0) update(initial, false)
    })
    .catch((error) => o.log.warn('reading the drafts failed', error))
  return {
    stop() {
      stopEvents()
      follower.stop()
    },
  }
}
