// A comment's status set from the inbox, for the inbox host (main/host/inbox.ts): the change goes to the data
// folder's queue (main/core/inbox/status-outbox.ts) whether the service answers or not, the copy shows it at
// once, and the queue is replayed in order after the replies (a reply resolves the comment it answers, so a
// status set after it must land after it). Online, the change is replayed before the call answers, unless a
// reply to that comment is still to go (then it goes after it); offline, it waits for the connection. A refresh reads the service's statuses into the copy: the changes still waiting are
// laid over them again, so the list keeps showing what the person set.
import type { CommentTriage, InboxEntry, InboxStatusChangeView } from '../../common/inbox'
import { AppError } from '../../common/errors'
import type { Leases } from '../core/db/leases'
import type { AppDatabase } from '../core/db/database'
import { commentEntry } from '../core/inbox/inbox-entry'
import type { InboxStore } from '../core/inbox/inbox-store'
import { createStatusOutbox, type StatusChange } from '../core/inbox/status-outbox'
import type { ActiveService } from '../core/ports'

export interface InboxStatusDeps {
  database: AppDatabase
  leases: Leases
  store: InboxStore
  now: () => Date
  active(): ActiveService
  /** Whether a reply of ours to the comment was sent: it explains the service resolving it (status-outbox.ts). */
  repliedTo(session: ActiveService, commentId: string): boolean
  /** Whether a reply of ours to the comment is still to go: a change of that comment lands after it. */
  replyWaits(session: ActiveService, commentId: string): boolean
}

export interface InboxStatuses {
  /** Queues the person's change and shows it in the copy; the caller replays. */
  queue(entry: InboxEntry, status: CommentTriage): InboxEntry
  /**
   * Replays the session's queue, one replay at a time (this process's leases would let two of its replays hold
   * one change); a comment `waitFor` names keeps its changes. Answers whether anything changed (for the page).
   */
  replay(
    session: ActiveService,
    signal?: AbortSignal,
    waitFor?: (commentId: string) => boolean,
  ): Promise<{ changed: boolean; stoppedBy?: AppError }>
  /**
   * Replays now, ahead of the replies' send (which may wait on a large upload), the changes of comments no
   * reply of ours is still to answer; nothing when `commentId`'s is (its change lands after that reply).
   */
  ahead(session: ActiveService, commentId: string, signal?: AbortSignal): Promise<{ changed: boolean }>
  /** Whether the active profile has changes to replay. */
  due(): boolean
  /** The active profile's changes not carried out, for the page. */
  views(): InboxStatusChangeView[]
  /** Lays the changes still waiting over the copy (after a refresh read the service's statuses into it). */
  overlay(profileId: string): void
}

/** A comment's entry with another status, as the copy shows a change not replayed yet. */
function withStatus(entry: InboxEntry, status: string): InboxEntry {
  if (entry.kind !== 'comment' || !entry.comment) return entry
  const comment = { ...entry.comment, status: status as CommentTriage }
  return { ...entry, status: comment.status, comment }
}

const waiting = (c: StatusChange) => c.state === 'queued' || c.state === 'sending'

export function createInboxStatuses(deps: InboxStatusDeps): InboxStatuses {
  const outbox = (session: ActiveService = deps.active()) =>
    createStatusOutbox({
      database: deps.database,
      leases: deps.leases,
      profileId: session.profileId,
      client: () => session.client,
      now: deps.now,
      repliedTo: (commentId) => deps.repliedTo(session, commentId),
    })

  function overlay(profileId: string): void {
    const session = deps.active()
    if (session.profileId !== profileId) return
    for (const change of outbox(session).list()) {
      if (!waiting(change)) continue
      const stored = deps.store.get(profileId, change.commentId)
      if (stored && stored.entry.status !== change.status)
        deps.store.put(profileId, withStatus(stored.entry, change.status), deps.now())
    }
  }

  /** The replay under way: the next waits for it. */
  let turn: Promise<unknown> = Promise.resolve()
  async function replayOnce(
    session: ActiveService,
    signal?: AbortSignal,
    waitFor?: (commentId: string) => boolean,
  ): Promise<{ changed: boolean; stoppedBy?: AppError }> {
    const result = await outbox(session).replay(signal, waitFor)
    for (const comment of result.read) deps.store.put(session.profileId, commentEntry(comment), deps.now())
    overlay(session.profileId)
    const changed =
      result.done.length + result.conflicts.length + result.attention.length + result.failed.length > 0
    return { changed, ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}) }
  }

  const replay: InboxStatuses['replay'] = (session, signal, waitFor) => {
    const run = turn.then(() => replayOnce(session, signal, waitFor))
    turn = run.catch(() => undefined)
    return run
  }

  return {
    queue(entry, status) {
      if (entry.kind !== 'comment') {
        throw new AppError({ kind: 'validation', field: 'id', message: 'only a comment has a status to set' })
      }
      const session = deps.active()
      outbox(session).queue({ commentId: entry.id, status, base: entry.status })
      const shown = withStatus(entry, status)
      deps.store.put(session.profileId, shown, deps.now())
      return shown
    },
    replay,
    async ahead(session, commentId, signal) {
      const replyFirst = (id: string) => deps.replyWaits(session, id)
      if (replyFirst(commentId)) return { changed: false }
      return replay(session, signal, replyFirst)
    },
    due: () => outbox().list().some(waiting),
    views: () =>
      outbox()
        .list()
        .map((c) => ({
          id: c.id,
          commentId: c.commentId,
          status: c.status,
          base: c.base,
          state: c.state,
          seen: c.seen,
          error: c.error,
          createdAt: c.createdAt,
        })),
    overlay,
  }
}
