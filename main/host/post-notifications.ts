// Keeps the app up with the service's posts while it runs: the due posts (main/core/posts/due-posts.ts) are a
// task of the profile's background scheduler (docs/background.md), whose changes every open view applies
// (`schedules:changed`), and whose outcomes the person hears of where the app has system notifications
// (Electron): a post that failed, whoever scheduled it, and a post this app sent (or retried) that published.
// A queued draft sent by the outbox is said too, and followed from then on. Announced posts are kept in the
// database (core/posts/announced-posts.ts), so a restart does not announce them again.
import type { Draft } from '../../common/drafts'
import type { ListChanges } from '../../common/list-changes'
import type { Translate } from '../../common/messages/index'
import type { AppRoute } from '../../common/routes'
import type { AppDatabase } from '../core/db/database'
import { openSettledSet } from '../core/posts/announced-posts'
import { AppError } from '../../common/errors'
import type { Page, Schedule } from '../../common/service'
import { scheduleIdOf } from '../../common/service-vocabulary'
import { createDuePosts, type DuePosts, type PostOutcome } from '../core/posts/due-posts'
import type { Background, HostTaskContext } from '../core/scheduler/background-port'
import type { ServiceClient } from '../core/service-client'
import type { EventHub } from './event-hub'
import type { Logger } from '../core/ports'

const dayOf = (iso: string) => iso.slice(0, 10)

/** How the app tells the person: the system's notifications, in the app's language (main/app/notifier.ts). */
export interface PostNotifier {
  notify(title: string, body: string, route: AppRoute): void
  tr(): Translate
}

export interface FollowPostsOptions {
  background: Background
  events: EventHub
  /** The active profile's id. */
  profileId(): string
  /** The active profile's drafts, as `drafts:list` answers them. */
  drafts(): Promise<Draft[]>
  /** Where the app has system notifications (Electron); without them the views alone show what happened. */
  notifier?: PostNotifier
  database: AppDatabase
  /** The announced posts' file from before the database, imported once. */
  settledFile?: string
  log: Logger
}

export interface PostsFollow {
  /** Follows these posts of the active profile until they settle (a retry): read soon, then each minute. */
  watch(ids: readonly string[]): void
  stop(): void
}

/** Most pages of 100 read for the window: past that, the rest waits for the next read. */
const MAX_PAGES = 10

async function windowPosts(client: ServiceClient, from: Date, to: Date, signal: AbortSignal) {
  const posts: Schedule[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer: Page<Schedule> = await client.listSchedules(
      { page, limit: 100, fromDate: from.toISOString(), toDate: to.toISOString() },
      { signal },
    )
    posts.push(...answer.docs)
    if (!answer.hasNextPage) break
  }
  return posts
}

/** The account a notification names: its name and network, as the views name it. */
function accountText(post: Schedule, tr: Translate): string {
  const name = post.account?.name
  if (!name) return tr('tray.tooltip')
  return post.account?.type ? `${name} (${post.account.type})` : name
}

export function followPosts(o: FollowPostsOptions): PostsFollow {
  const settled = openSettledSet(o.database, o.settledFile)
  /** Per profile: the posts to watch (sent by this app, retried), and those whose publishing is announced. */
  const wanted = new Map<string, Set<string>>()
  const ours = new Map<string, Set<string>>()
  const setOf = (map: Map<string, Set<string>>, profileId: string) => {
    let set = map.get(profileId)
    if (!set) map.set(profileId, (set = new Set()))
    return set
  }
  let current: { profileId: string; due: DuePosts } | null = null

  function announce(post: Schedule, outcome: PostOutcome, profileId: string): void {
    const id = scheduleIdOf(post)
    const mine = ours.get(profileId)?.has(id) ?? false
    ours.get(profileId)?.delete(id)
    if (!o.notifier || settled.has(id)) return
    // A published post is news when this app sent or retried it; a failure, whoever scheduled it.
    if (outcome === 'success' && !mine) return
    settled.add(id)
    const tr = o.notifier.tr()
    const account = accountText(post, tr)
    const route: AppRoute = { view: 'planner', date: dayOf(post.scheduleAt), postId: id }
    if (outcome === 'success')
      o.notifier.notify(tr('notify.postPublishedTitle'), tr('notify.postPublishedBody', { account }), route)
    else o.notifier.notify(tr('notify.postFailedTitle'), tr('notify.postFailedBody', { account }), route)
  }

  function followerOf(context: HostTaskContext): DuePosts {
    if (current?.profileId === context.profileId) return current.due
    const { profileId, client, signal } = context
    const due = createDuePosts({
      list: (from, to) => windowPosts(client, from, to, signal),
      async get(id) {
        try {
          return await client.getSchedule(id, { signal })
        } catch (error) {
          if (AppError.from(error).kind === 'not-found') return null
          throw error
        }
      },
      now: context.now,
      onChange: (change) => o.events.emit('schedules:changed', change),
      onOutcome: (post, outcome) => announce(post, outcome, profileId),
    })
    current = { profileId, due }
    return due
  }

  const task = o.background.register({
    name: 'due-posts',
    every: () => current?.due.every() ?? 60_000,
    async run(context) {
      const due = followerOf(context)
      const asked = wanted.get(context.profileId)
      if (asked?.size) {
        due.watch(asked)
        asked.clear()
      }
      await due.run()
    },
  })

  /** Each draft's status, to see it become scheduled. */
  const status = new Map<string, Draft['status']>()

  /** The drafts the page's list changed by (common/list-changes.ts): only those are looked at. */
  function apply(changed: readonly Draft[], removed: readonly string[], announceSent: boolean): void {
    const profileId = o.profileId()
    const sent: string[] = []
    for (const draft of changed) {
      const before = status.get(draft.id)
      // Became scheduled: the outbox (this process's or the CLI's) just sent it. Changes are coalesced per list
      // (main/core/list-publisher.ts), so queued and sending may never be seen between a draft and its send.
      if (announceSent && o.notifier && draft.status === 'scheduled' && before !== 'scheduled') {
        const tr = o.notifier.tr()
        o.notifier.notify(tr('notify.draftSentTitle'), tr('notify.draftSentBody'), {
          view: 'planner',
          ...(draft.post.scheduleAt ? { date: dayOf(draft.post.scheduleAt) } : {}),
          ...(draft.scheduleId ? { postId: draft.scheduleId } : {}),
        })
      }
      status.set(draft.id, draft.status)
      if (draft.status === 'scheduled' && draft.scheduleId && !settled.has(draft.scheduleId))
        sent.push(draft.scheduleId)
    }
    for (const id of removed) status.delete(id)
    if (sent.length > 0) {
      for (const id of sent) setOf(ours, profileId).add(id)
      for (const id of sent) setOf(wanted, profileId).add(id)
      task.poke()
    }
  }

  /** The whole list again (at start, another profile): nothing in it is news. */
  function readAll(): void {
    void o
      .drafts()
      .then((all) => {
        status.clear()
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
    watch(ids) {
      const profileId = o.profileId()
      for (const id of ids) {
        setOf(wanted, profileId).add(id)
        setOf(ours, profileId).add(id)
        // Retried: how this attempt ends is news again.
        settled.forget(id)
      }
      task.poke()
    },
    stop() {
      stopEvents()
      task.unregister()
    },
  }
}
