// A comment's status set by the person waits here (migration 18, `inbox_status_changes`) until the service
// takes it, and the changes are replayed in the order they were made, each under a lease like a reply's
// (main/core/db/leases.ts): the app, the browser mode and the CLI's `sync` may share the data folder.
//
// Each change is replayed on a fresh read of the comment:
// - the comment already has the wanted status: carried out (a replay twice, or a send whose answer was lost);
// - it has neither the wanted status nor the one the person saw (`base`): the service moved on meanwhile (a
//   colleague, an automation). The change is kept as a conflict for the person, never pushed over it. The one
//   move that is not someone else's is our own reply resolving a pending comment (the service resolves a
//   comment the account answered): a reply of ours sent to it counts as the person's;
// - otherwise it is sent. Before it leaves, its marker is committed; a run that dies or loses the answer leaves
//   it "sending", and the next run follows the rule for requests whose answer was never seen
//   (main/core/drafts/unknown-outcome.ts): it looks at the comment at once, then about 2, 5 and 10 minutes after
//   the send, and finding the wanted status there counts it done; after the last look the person decides. A
//   change that never left (the connection was refused) is simply queued again.
// A change carried out leaves the table; the inbox copy is the caller's to update with the comment answered.
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { AppError, isUnreachable, type AppErrorData } from '../../../common/errors'
import type { CommentTriage } from '../../../common/inbox'
import type { InboxComment } from '../../../common/service'
import type { AppDatabase } from '../db/database'
import { sqlOf } from '../db/handle'
import { dropLeases, type Leases } from '../db/leases'
import { columnsOf, countRow, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { answerUnseen, neverLeft, settleCreate } from '../drafts/unknown-outcome'
import type { ServiceClient } from '../service-client'
import { inboxStatusChangesTable } from './status-rows'

/** A status change of the queue, as its row is read (status-rows.ts). */
export type StatusChange = z.output<typeof inboxStatusChangesTable.row>

export interface StatusOutboxOptions {
  database: AppDatabase
  leases: Leases
  profileId: string
  client: () => ServiceClient
  now: () => Date
  /** Whether a reply of ours to the comment was sent: it explains a pending comment resolved. */
  repliedTo?(commentId: string): boolean
}

export interface StatusReplayResult {
  /** The comments as the service now has them, for the copy: each change carried out, or found in conflict. */
  read: InboxComment[]
  done: string[]
  conflicts: string[]
  attention: string[]
  failed: string[]
  /** Sent without an answer seen and not found on the comment yet: looked for again at a later replay. */
  waiting: string[]
  /** The service could not be reached: the rest stays queued, in its order. */
  stoppedBy?: AppError
}

export interface StatusOutbox {
  /**
   * A change the person made, after every one made before it. It replaces the earlier ones of that comment the
   * person was asked about (a conflict, a look that found nothing, a refusal): acting again is their answer.
   */
  queue(change: { commentId: string; status: CommentTriage; base: string }): StatusChange
  list(): StatusChange[]
  /** Replays the queue in order; a comment `waitFor` names keeps its changes waiting (a reply to it goes first). */
  replay(signal?: AbortSignal, waitFor?: (commentId: string) => boolean): Promise<StatusReplayResult>
}

/** The lease a status change is replayed under (main/core/db/leases.ts). */
export const statusLease = (id: string): string => `inbox-status:${id}`

/** States the person is asked about; a new change of the same comment replaces them. */
const ASKED = "('conflict', 'attention', 'failed')"

export function createStatusOutbox(o: StatusOutboxOptions): StatusOutbox {
  const { database } = o
  const db = sqlOf(database)

  function list(): StatusChange[] {
    const rows = db
      .prepare('SELECT * FROM inbox_status_changes WHERE profile_id = ? ORDER BY seq')
      .all(o.profileId)
    return readRows(database, inboxStatusChangesTable, rows)
  }

  function get(id: string): StatusChange | undefined {
    return readRow(
      database,
      inboxStatusChangesTable,
      db.prepare('SELECT * FROM inbox_status_changes WHERE id = ?').get(id),
    )
  }

  /** Writes what changed (or removes a change carried out), only while this process holds its lease. */
  function update(change: StatusChange, next: Partial<StatusChange> | 'done'): StatusChange {
    const updated = { ...change, ...(next === 'done' ? {} : next), updatedAt: o.now().toISOString() }
    database.transaction(() => {
      if (!o.leases.holds(statusLease(change.id))) {
        throw new AppError({
          kind: 'cancelled',
          message: `status change ${change.id}: another process took it`,
        })
      }
      if (next === 'done') {
        db.prepare('DELETE FROM inbox_status_changes WHERE id = ?').run(change.id)
        return
      }
      db.prepare(
        `UPDATE inbox_status_changes SET state = ?, marker = ?, looked_at = ?, seen = ?, error = ?,
           updated_at = ? WHERE id = ?`,
      ).run(
        updated.state,
        updated.marker,
        updated.lookedAt,
        updated.seen,
        updated.error,
        updated.updatedAt,
        change.id,
      )
    })
    return updated
  }

  type Step =
    | { kind: 'done'; comment: InboxComment }
    | { kind: 'conflict' | 'attention' | 'failed'; comment?: InboxComment }
    /** Looked for, not found yet: the comment's later changes wait behind it. */
    | { kind: 'waiting' }

  /** Whether the service's status was our own doing: a reply of ours resolved the pending comment. */
  const ours = (change: StatusChange, seen: string) =>
    seen === 'resolved' && change.base === 'pending' && (o.repliedTo?.(change.commentId) ?? false)

  async function advance(change: StatusChange, signal?: AbortSignal): Promise<Step> {
    const client = o.client()
    if (change.state === 'sending' && change.marker) {
      let last: InboxComment | undefined
      const outcome = await settleCreate(
        { startedAt: change.marker, ...(change.lookedAt ? { lookedAt: change.lookedAt } : {}) },
        o.now,
        async () => {
          last = await client.getComment(change.commentId, { signal })
          return last.status === change.status ? last : null
        },
      )
      if (outcome.kind === 'found') {
        update(change, 'done')
        return { kind: 'done', comment: outcome.found }
      }
      if (outcome.kind === 'unknown') {
        update(change, {
          state: 'attention',
          seen: last?.status ?? null,
          error: 'set without an answer, and the comment does not show it since: set it again',
        })
        return { kind: 'attention', ...(last ? { comment: last } : {}) }
      }
      if (outcome.lookedAt) update(change, { lookedAt: outcome.lookedAt })
      return { kind: 'waiting' }
    }
    const comment = await client.getComment(change.commentId, { signal })
    if (comment.status === change.status) {
      update(change, 'done')
      return { kind: 'done', comment }
    }
    if (comment.status !== change.base && !ours(change, comment.status)) {
      update(change, { state: 'conflict', seen: comment.status })
      return { kind: 'conflict', comment }
    }
    const sending = update(change, { state: 'sending', marker: o.now().toISOString(), lookedAt: null })
    try {
      await client.setCommentStatus(change.commentId, change.status, { signal })
    } catch (error) {
      const e = AppError.from(error)
      const data = e as unknown as AppErrorData
      if (answerUnseen(data)) return { kind: 'waiting' } // looked for at the next replay
      if (neverLeft(data) || isUnreachable(e)) {
        update(sending, { state: 'queued', marker: null })
        throw e
      }
      update(sending, { state: 'failed', error: e.message })
      return { kind: 'failed', comment }
    }
    update(sending, 'done')
    return { kind: 'done', comment: { ...comment, status: change.status } }
  }

  return {
    queue({ commentId, status, base }) {
      const at = o.now().toISOString()
      const id = randomUUID()
      database.transaction(() => {
        const asked = db
          .prepare(
            `DELETE FROM inbox_status_changes WHERE profile_id = ? AND comment_id = ? AND state IN ${ASKED}
             RETURNING id`,
          )
          .all(o.profileId, commentId)
        const ids = parseRows('inbox_status_changes', columnsOf(inboxStatusChangesTable, 'id'), asked)
        dropLeases(
          database,
          ids.map((row) => statusLease(row.id)),
        )
        db.prepare(
          `INSERT INTO inbox_status_changes (id, profile_id, seq, comment_id, status, base, state, created_at,
             updated_at)
           VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM inbox_status_changes WHERE profile_id = ?), ?, ?,
             ?, 'queued', ?, ?)`,
        ).run(id, o.profileId, o.profileId, commentId, status, base, at, at)
      })
      return get(id)!
    },
    list,
    async replay(signal, waitFor) {
      const result: StatusReplayResult = {
        read: [],
        done: [],
        conflicts: [],
        attention: [],
        failed: [],
        waiting: [],
      }
      /** Comments whose earlier change is still under way: their later changes keep their turn. */
      const held = new Set<string>()
      for (const queued of list()) {
        if (signal?.aborted) break
        if (held.has(queued.commentId)) continue
        if (queued.state !== 'queued' && queued.state !== 'sending') continue
        if (waitFor?.(queued.commentId)) {
          held.add(queued.commentId)
          continue
        }
        if (!o.leases.acquire(statusLease(queued.id))) {
          held.add(queued.commentId) // another process is replaying it
          continue
        }
        try {
          const current = get(queued.id)
          if (!current) continue // carried out meanwhile by the lease's previous holder
          const step = await advance(current, signal)
          if (step.kind === 'waiting') {
            held.add(current.commentId)
            result.waiting.push(current.id)
          } else {
            if (step.comment) result.read.push(step.comment)
            const bucket =
              step.kind === 'done'
                ? result.done
                : step.kind === 'conflict'
                  ? result.conflicts
                  : step.kind === 'attention'
                    ? result.attention
                    : result.failed
            bucket.push(current.id)
          }
        } catch (error) {
          const e = AppError.from(error)
          if (isUnreachable(e) || e.kind === 'cancelled' || signal?.aborted) {
            result.stoppedBy = e
            break
          }
          throw e
        } finally {
          o.leases.release(statusLease(queued.id))
        }
      }
      return result
    },
  }
}

/** How many of a profile's status changes are not carried out yet (queued, sending, or the person asked). */
export function countStatusChanges(database: AppDatabase, profileId: string): number {
  const row = sqlOf(database)
    .prepare('SELECT count(*) AS n FROM inbox_status_changes WHERE profile_id = ?')
    .get(profileId)
  return parseRow('inbox_status_changes', countRow, row)?.n ?? 0
}

/**
 * Deletes a profile's status changes (the profile is deleted, or names another account now) and returns the
 * leases they were replayed under, for the caller to drop. The caller holds the transaction.
 */
export function deleteProfileStatusChanges(database: AppDatabase, profileId: string): string[] {
  const rows = sqlOf(database)
    .prepare('DELETE FROM inbox_status_changes WHERE profile_id = ? RETURNING id')
    .all(profileId)
  return parseRows('inbox_status_changes', columnsOf(inboxStatusChangesTable, 'id'), rows).map((row) =>
    statusLease(row.id),
  )
}
