// The CLI's side of the status outbox (main/core/inbox/status-outbox.ts): the comments' statuses set in the app
// while the service could not be reached, replayed by `sync` in the order they were made, after the replies (a
// reply resolves the comment it answers), under the same leases as the app's replay, so whichever process
// takes a change carries it out once. The comments as the service answered them go into the inbox copy, as
// the app's replay puts them (main/host/inbox-status.ts).
import type { AppDatabase } from '../core/db/database'
import { createLeases } from '../core/db/leases'
import { commentEntry } from '../core/inbox/inbox-entry'
import { createInboxStore } from '../core/inbox/inbox-store'
import { answeredByUs, replyToGo, type ReplyOutbox } from '../core/inbox/reply-outbox'
import { createStatusOutbox, type StatusChange, type StatusReplayResult } from '../core/inbox/status-outbox'
import type { ServiceClient } from '../core/service-client'
import { printable } from './printable'

/** What a replay did with one change, for the lines `sync` prints. */
export interface StatusOutcome {
  change: StatusChange
  outcome: 'done' | 'conflict' | 'attention' | 'failed' | 'waiting'
}

export async function replayStatuses(o: {
  database: AppDatabase
  profileId: string
  client: ServiceClient
  replies: ReplyOutbox
  now: () => Date
  signal?: AbortSignal
}): Promise<{ outcomes: StatusOutcome[]; stoppedBy?: StatusReplayResult['stoppedBy'] }> {
  const box = createStatusOutbox({
    database: o.database,
    leases: createLeases(o.database),
    profileId: o.profileId,
    client: () => o.client,
    now: o.now,
    repliedTo: (commentId) => answeredByUs(o.replies.list(), commentId),
  })
  // A change carried out leaves the queue: what it was is read before.
  const before = new Map(box.list().map((c) => [c.id, c]))
  // A comment with a reply of ours still to go (held by another process, its file still going up) keeps its
  // changes waiting, as the app's replay does: the reply resolves the comment, over the status chosen after it.
  const behindReply = new Set<string>()
  const result = await box.replay(o.signal, (commentId) => {
    const waits = replyToGo(o.replies.list(), commentId)
    if (waits) behindReply.add(commentId)
    return waits
  })
  const copy = createInboxStore(o.database)
  for (const comment of result.read) copy.put(o.profileId, commentEntry(comment), o.now())
  const after = new Map(box.list().map((c) => [c.id, c]))
  const outcomes: StatusOutcome[] = []
  const buckets = [
    ['done', result.done],
    ['conflict', result.conflicts],
    ['attention', result.attention],
    ['failed', result.failed],
    ['waiting', result.waiting],
  ] as const
  for (const [outcome, ids] of buckets) {
    for (const id of ids) {
      const change = after.get(id) ?? before.get(id)
      if (change) outcomes.push({ change, outcome })
    }
  }
  for (const change of after.values()) {
    if (behindReply.has(change.commentId)) outcomes.push({ change, outcome: 'waiting' })
  }
  outcomes.sort((a, b) => a.change.seq - b.change.seq)
  return { outcomes, ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}) }
}

/** The line `sync --json` prints for a comment's status change. */
export function statusLine({ change, outcome }: StatusOutcome): Record<string, unknown> {
  return {
    kind: 'status',
    id: change.id,
    comment: change.commentId,
    status: change.status,
    state: outcome,
    ...(change.seen ? { seen: change.seen } : {}),
    ...(change.error ? { error: change.error } : {}),
  }
}

export function humanStatusLine({ change, outcome }: StatusOutcome): string {
  const what = `status ${change.status} of comment ${printable(change.commentId)}`
  if (outcome === 'done') return `${what}: set`
  if (outcome === 'conflict')
    return `${what}: not set, the service has it ${change.seen ?? 'changed'} since; set it again to override`
  if (outcome === 'waiting') return `${what}: set without an answer; looked for again at the next sync`
  return `${what}: ${outcome}${change.error ? `: ${printable(change.error)}` : ''}`
}
