// Replies written while the service could not be reached wait here (migration 13, `inbox_replies`) and are
// sent once it can, exactly once, under a lease like a draft's (main/core/db/leases.ts): the app, the browser
// mode and any number of `sync` runs may share the data folder, and only the lease holder writes about a reply.
//
// A reply is one request for a comment (text only) or one message per part for a chat (the text with the
// first medium, then one message a medium). Before a part leaves, its marker (the time it leaves) is written
// and committed; once the service answers, the part is counted. A run that dies or loses the answer between
// the two leaves the part "sending": the next run looks in the thread for the account's reply with that text
// (a chat: the account's message of that type, text and address) written at or after the marker, and counts it
// found. Not found, the rule for creates whose answer was never seen applies (main/core/drafts/unknown-
// outcome.ts: looks at once, then about 2, 5 and 10 minutes after the send, then the person decides): a reply
// is never sent again on its own. A part that never left (the connection was refused) is simply queued again.
//
// A comment may also be liked, or answered privately (a direct message to its author): one part each, by the
// same rule (comment-actions.ts). A like in doubt is sent again instead: it leaves nothing to look for, and a
// second like of a comment is the same one like.
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { AppError, isUnreachable, type AppErrorData } from '../../../common/errors'
import type { ReplyAction } from '../../../common/inbox'
import type { PlatformComment, SendMessageRequest } from '../../../common/service'
import type { AppDatabase } from '../db/database'
import type { Leases } from '../db/leases'
import { columnsOf, countRow, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { answerUnseen, neverLeft, settleCreate } from '../drafts/unknown-outcome'
import type { ServiceClient } from '../service-client'
import { findPrivateReply, sendCommentAction } from './comment-actions'
import { findInboxItem } from './inbox-item'
import type { Medium } from './reply-media'
import { fileUrl, needsDuration, needsUpload, parts, timeMedia } from './reply-parts'
import { inboxRepliesTable } from './reply-rows'
import { sqlOf } from '../db/handle'

export type { ReplyState } from '../../../common/inbox'

/** A reply of the outbox, as its row is read (reply-rows.ts). */
export type QueuedReply = z.output<typeof inboxRepliesTable.row>

/** The service's clock and ours may differ by this much: a reply written this long before the marker counts. */
export const CLOCK_SKEW_MS = 5_000

export interface ReplyOutboxOptions {
  database: AppDatabase
  leases: Leases
  profileId: string
  client: () => ServiceClient
  now: () => Date
  /**
   * Uploads local files and answers each path's public address (the upload engine, as drafts use it). Absent
   * (the app, whose engine reads only files the person picked or dropped there), a reply with a local file
   * waits for the process that queued it (the CLI's `sync`).
   */
  upload?(paths: string[], signal?: AbortSignal, replyId?: string): Promise<Map<string, string>>
  /**
   * How long a stored video or audio plays, read from its address (the app's guarded ranged read): a library
   * medium queued offline goes untimed, and is timed here before its first part leaves. Absent (the CLI), such
   * a reply waits for the app.
   */
  duration?(url: string): Promise<number>
}

export interface ReplySyncResult {
  sent: string[]
  failed: string[]
  /** Sent without an answer seen, nothing found yet: looked for again at the next sync. */
  waiting: string[]
  /** Nothing found after the last look: the person decides. */
  attention: string[]
  /** The service could not be reached: the rest stays queued. */
  stoppedBy?: AppError
}

export interface ReplyOutbox {
  /**
   * `targetKind`, when the caller's copy knows it, spares the send the service's lookup of which kind the id
   * names (findInboxItem: two round trips before a chat's first part, or its file, can go).
   */
  queue(reply: {
    targetId: string
    text: string
    media: Medium[]
    action?: ReplyAction
    targetKind?: 'comment' | 'chat'
  }): QueuedReply
  list(): QueuedReply[]
  get(id: string): QueuedReply | undefined
  sync(signal?: AbortSignal): Promise<ReplySyncResult>
}

/** The lease a reply is sent under (main/core/db/leases.ts). */
export const replyLease = (id: string): string => `inbox-reply:${id}`

export { needsDuration, needsUpload } from './reply-parts'

export function createReplyOutbox(o: ReplyOutboxOptions): ReplyOutbox {
  const { database } = o
  const lease = replyLease

  function list(): QueuedReply[] {
    const rows = sqlOf(database)
      .prepare('SELECT * FROM inbox_replies WHERE profile_id = ? ORDER BY created_at')
      .all(o.profileId)
    return readRows(database, inboxRepliesTable, rows)
  }

  function get(id: string): QueuedReply | undefined {
    return readRow(
      database,
      inboxRepliesTable,
      sqlOf(database).prepare('SELECT * FROM inbox_replies WHERE id = ?').get(id),
    )
  }

  /** Writes what changed, only while this process holds the reply's lease. */
  function update(reply: QueuedReply, change: Partial<QueuedReply>): QueuedReply {
    const next = { ...reply, ...change, updatedAt: o.now().toISOString() }
    database.transaction(() => {
      if (!o.leases.holds(lease(reply.id))) {
        throw new AppError({ kind: 'cancelled', message: `reply ${reply.id}: another process took it over` })
      }
      sqlOf(database)
        .prepare(
          `UPDATE inbox_replies SET target_kind = ?, media = ?, state = ?, parts_sent = ?, marker = ?,
             looked_at = ?, result = ?, error = ?, error_reason = ?, updated_at = ? WHERE id = ?`,
        )
        .run(
          next.targetKind,
          JSON.stringify(next.media),
          next.state,
          next.partsSent,
          next.marker,
          next.lookedAt,
          JSON.stringify(next.result),
          next.error,
          next.errorReason ? JSON.stringify(next.errorReason) : null,
          next.updatedAt,
          reply.id,
        )
    })
    return next
  }

  /** The part in flight, if the service has it: its id. */
  async function findPart(reply: QueuedReply, signal?: AbortSignal): Promise<string | null> {
    const client = o.client()
    const since = Date.parse(reply.marker!) - CLOCK_SKEW_MS
    const after = (at: string) => Date.parse(at) >= since
    if (reply.action === 'message')
      return findPrivateReply(client, { commentId: reply.targetId, text: reply.text }, since, signal)
    if (reply.targetKind === 'comment') {
      const comment = await client.getComment(reply.targetId, { signal })
      const own = comment.account?.generatedId
      const found = comment.comment.replies.find(
        (r: PlatformComment) =>
          r.text === reply.text && after(r.createdAt) && (own === undefined || r.owner.id === own),
      )
      return found?.id ?? null
    }
    const part = parts(reply)[reply.partsSent]!
    const url = 'text' in part && part.type === 'text' ? undefined : fileUrl(part)
    const page = await client.listChatMessages(reply.targetId, { page: 1, limit: 50 }, { signal })
    const found = page.docs.find(
      (m) =>
        m.isFromMe &&
        m.type === part.type &&
        after(m.createdAt) &&
        (part.text === undefined || m.text === part.text) &&
        (url === undefined || fileUrl(m as unknown as SendMessageRequest) === url),
    )
    return found?.messageId ?? null
  }

  async function sendPart(reply: QueuedReply, signal?: AbortSignal): Promise<string> {
    const client = o.client()
    if (reply.action !== 'reply') {
      return sendCommentAction(
        client,
        { action: reply.action, commentId: reply.targetId, text: reply.text },
        signal,
      )
    }
    if (reply.targetKind === 'comment') {
      return (await client.replyComment(reply.targetId, reply.text, { signal })).commentId
    }
    return (await client.sendChatMessage(reply.targetId, parts(reply)[reply.partsSent]!, { signal }))
      .messageId
  }

  function counted(reply: QueuedReply, id: string): QueuedReply {
    const partsSent = reply.partsSent + 1
    const total = reply.targetKind === 'comment' ? 1 : parts(reply).length
    return update(reply, {
      partsSent,
      result: [...reply.result, id],
      marker: null,
      lookedAt: null,
      state: partsSent >= total ? 'sent' : 'queued',
    })
  }

  /** Sends one reply as far as it goes; answers its state, or throws an unreachable service's error. */
  async function advance(start: QueuedReply, signal?: AbortSignal): Promise<QueuedReply> {
    let reply = start
    if (reply.targetKind === null) {
      const item = await findInboxItem(o.client(), reply.targetId)
      if (!item) return update(reply, { state: 'failed', error: `no comment or chat ${reply.targetId}` })
      reply = update(reply, { targetKind: item.kind })
    }
    if (reply.targetKind === 'comment' && reply.media.length > 0) {
      return update(reply, { state: 'failed', error: 'a comment reply takes text only' })
    }
    if (reply.action !== 'reply' && reply.targetKind !== 'comment') {
      return update(reply, { state: 'failed', error: `only a comment can be liked or answered privately` })
    }
    const total = reply.targetKind === 'comment' ? 1 : parts(reply).length
    while (reply.partsSent < total) {
      if (reply.state === 'sending' && reply.marker && reply.action !== 'like') {
        const marker = reply.marker
        const outcome = await settleCreate(
          { startedAt: marker, ...(reply.lookedAt ? { lookedAt: reply.lookedAt } : {}) },
          o.now,
          () => findPart(reply, signal),
        )
        if (outcome.kind === 'found') {
          reply = counted(reply, outcome.found)
          continue
        }
        if (outcome.kind === 'unknown') {
          return update(reply, {
            state: 'attention',
            error: 'sent without an answer, and not found in the thread since: send it again or drop it',
          })
        }
        return outcome.lookedAt ? update(reply, { lookedAt: outcome.lookedAt }) : reply
      }
      // Files first, all of them, before the first part leaves: a message needs its address.
      const files = reply.media.filter((m) => m.path !== undefined && m.url === undefined)
      if (files.length > 0) {
        if (!o.upload) return reply // sync() leaves these to a process that can upload
        let urls: Map<string, string>
        try {
          urls = await o.upload([...new Set(files.map((m) => m.path!))], signal, reply.id)
        } catch (error) {
          // The service gone, or this run stopped: the reply waits for the next. Anything else (the upload
          // failed, or the person cancelled it) is said on the reply, which would otherwise wait for ever.
          const e = AppError.from(error)
          if (isUnreachable(e) || signal?.aborted) throw e
          return update(reply, {
            state: 'failed',
            error: `a file of the reply was not uploaded: ${e.message}`,
          })
        }
        const media = reply.media.map((m) =>
          m.url === undefined && m.path ? { ...m, url: urls.get(m.path) } : m,
        )
        if (media.some((m) => m.url === undefined)) {
          return update(reply, { state: 'failed', error: 'a file of the reply could not be uploaded' })
        }
        reply = update(reply, { media })
      }
      if (needsDuration(reply)) {
        if (!o.duration) return reply // sync() leaves these to a process that can time them
        const timed = await timeMedia(reply, o.duration)
        if ('error' in timed) return update(reply, { state: 'failed', ...timed.error })
        reply = update(reply, { media: timed.media })
      }
      reply = update(reply, { state: 'sending', marker: o.now().toISOString(), lookedAt: null })
      try {
        reply = counted(reply, await sendPart(reply, signal))
      } catch (error) {
        const e = AppError.from(error)
        const data = e as unknown as AppErrorData
        if (answerUnseen(data)) return reply // looked for at the next sync
        if (neverLeft(data) || isUnreachable(e)) {
          update(reply, { state: 'queued', marker: null })
          throw e
        }
        return update(reply, { state: 'failed', error: e.message })
      }
    }
    return reply
  }

  return {
    queue({ targetId, text, media, action = 'reply', targetKind = null }) {
      const at = o.now().toISOString()
      const id = randomUUID()
      database.transaction(() => {
        sqlOf(database)
          .prepare(
            `INSERT INTO inbox_replies (id, profile_id, target_id, target_kind, action, text, media, state,
               created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
          )
          .run(id, o.profileId, targetId, targetKind, action, text, JSON.stringify(media), at, at)
      })
      return get(id)!
    },
    list,
    get,
    async sync(signal) {
      const result: ReplySyncResult = { sent: [], failed: [], waiting: [], attention: [] }
      const due = list().filter(
        (r) =>
          (r.state === 'queued' || r.state === 'sending') &&
          (o.upload || !needsUpload(r)) &&
          (o.duration || !needsDuration(r)),
      )
      // An upload may take longer than a lease lives: keep ours while the run goes on.
      const stopRenewing = o.leases.startRenewing(() => undefined)
      try {
        await sendEach(due, result, signal)
      } finally {
        stopRenewing()
      }
      return result
    },
  }

  async function sendEach(due: QueuedReply[], result: ReplySyncResult, signal?: AbortSignal): Promise<void> {
    for (const queued of due) {
      if (signal?.aborted) break
      if (!o.leases.acquire(lease(queued.id))) continue // another process is sending it
      try {
        const reply = await advance(get(queued.id)!, signal)
        const bucket =
          reply.state === 'sent'
            ? result.sent
            : reply.state === 'failed'
              ? result.failed
              : reply.state === 'attention'
                ? result.attention
                : result.waiting
        bucket.push(reply.id)
      } catch (error) {
        const e = AppError.from(error)
        if (isUnreachable(e) || e.kind === 'cancelled') {
          result.stoppedBy = e
          break
        }
        throw e
      } finally {
        o.leases.release(lease(queued.id))
      }
    }
  }
}

/**
 * Whether a reply of ours to the comment was sent: it explains the service resolving a pending comment, so a
 * status change queued meanwhile is not a conflict (status-outbox.ts). A like answers nothing: a
 * comment liked and then resolved by someone else is still theirs to have resolved.
 */
export function answeredByUs(
  replies: readonly Pick<QueuedReply, 'targetId' | 'state' | 'action'>[],
  commentId: string,
): boolean {
  return replies.some((r) => r.targetId === commentId && r.state === 'sent' && r.action !== 'like')
}

/** Whether a reply of ours to the comment is still to go (queued, or sent without an answer seen yet). */
export function replyToGo(
  replies: readonly Pick<QueuedReply, 'targetId' | 'state'>[],
  commentId: string,
): boolean {
  return replies.some((r) => r.targetId === commentId && (r.state === 'queued' || r.state === 'sending'))
}

/** How many of a profile's replies are not sent yet (queued, sending, failed or waiting for the person). */
export function countUnsentReplies(database: AppDatabase, profileId: string): number {
  const row = sqlOf(database)
    .prepare("SELECT count(*) AS n FROM inbox_replies WHERE profile_id = ? AND state <> 'sent'")
    .get(profileId)
  return parseRow('inbox_replies', countRow, row)?.n ?? 0
}

/**
 * Deletes a profile's replies (the profile is deleted, or now names another account, where the comments and
 * chats they answer do not exist) and returns the leases they were sent under, for the caller to drop. The
 * caller holds the transaction.
 */
export function deleteProfileReplies(database: AppDatabase, profileId: string): string[] {
  const rows = sqlOf(database)
    .prepare('DELETE FROM inbox_replies WHERE profile_id = ? RETURNING id')
    .all(profileId)
  return parseRows('inbox_replies', columnsOf(inboxRepliesTable, 'id'), rows).map((row) => replyLease(row.id))
}
