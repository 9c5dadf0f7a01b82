// `sync [--json]`: sends the profile's queued drafts (local media through the upload engine first), exactly once,
// then its queued replies, then the comments' statuses set in the app offline (cli-statuses.ts). Exit 0 when
// everything this run sent went, 1 when any is still waiting, failed or needs a decision.
import { createLeases } from '../../core/db/leases'
import { createEngineUploader } from '../../core/drafts/engine-uploader'
import { createOutbox } from '../../core/drafts/outbox'
import { openCliUploads } from '../cli-uploads'
import { openReplyOutbox } from '../cli-replies'
import { humanStatusLine, replayStatuses, statusLine } from '../cli-statuses'
import type { QueuedReply, ReplySyncResult } from '../../core/inbox/reply-outbox'
import { noPositionals, parse } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { describeError } from '../describe-error'
import { draftLine, humanDraftLine, openCliDrafts } from './drafts'
import { draftsProfileFor } from '../../core/drafts/profile-identity'

const usage = 'sync [--json]'

export const syncCommand: CliCommand = {
  name: ['sync'],
  usage,
  summary: 'send the queued drafts to the service',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, usage)
    noPositionals(positionals, usage)
    const profile = await ctx.resolveProfile(ctx.env)
    const { database, store, profileId } = await openCliDrafts(
      ctx,
      (db) => draftsProfileFor(db, profile.baseUrl, profile.accessKey),
      profile.dataDir,
    )
    const client = ctx.createClient(profile)
    const uploads = openCliUploads(profile, ctx, { client, network: ctx.network })
    const { engine } = uploads
    const abort = new AbortController()
    const stopListening = ctx.onInterrupt(() => abort.abort())
    try {
      const outbox = createOutbox({
        store,
        client: () => client,
        // Only this account's drafts: another profile's are written for other account ids and media.
        profileId: () => profileId,
        now: ctx.now ?? (() => new Date()),
        upload: createEngineUploader(() => engine),
        // The app beside this run (or another cron `sync`) may be sending the same queue.
        leases: createLeases(database),
      })
      const result = await outbox.sync(abort.signal)
      const touched = [...result.scheduled, ...result.failed, ...result.attention, ...result.waiting]
      for (const id of touched) {
        const draft = store.get(id)
        if (!draft) continue
        if (values.json) writeJson(ctx.stdout, draftLine(draft))
        else writeLine(draft.status === 'scheduled' ? ctx.stdout : ctx.stderr, humanDraftLine(draft))
      }
      if (result.stoppedBy)
        writeLine(ctx.stderr, `error: ${describeError(result.stoppedBy)}; the rest stays queued`)
      // Then the replies to comments and chats written while the service could not be reached.
      const replyOutbox = openReplyOutbox({ database, profile, client, engine: () => engine, now: ctx.now })
      const replies: ReplySyncResult = result.stoppedBy
        ? { sent: [], failed: [], waiting: [], attention: [] }
        : await replyOutbox.sync(abort.signal)
      const repliesTouched = [...replies.sent, ...replies.failed, ...replies.attention, ...replies.waiting]
      for (const id of repliesTouched) {
        const reply = replyOutbox.get(id)
        if (!reply) continue
        if (values.json) writeJson(ctx.stdout, replyLine(reply))
        else writeLine(reply.state === 'sent' ? ctx.stdout : ctx.stderr, humanReplyLine(reply))
      }
      if (replies.stoppedBy)
        writeLine(ctx.stderr, `error: ${describeError(replies.stoppedBy)}; the rest stays queued`)
      // Then the statuses, in the order they were set: after the replies, as the app replays them.
      const stopped = result.stoppedBy ?? replies.stoppedBy
      const statuses: Awaited<ReturnType<typeof replayStatuses>> = stopped
        ? { outcomes: [] }
        : await replayStatuses({
            database,
            profileId,
            client,
            replies: replyOutbox,
            now: ctx.now ?? (() => new Date()),
            signal: abort.signal,
          })
      for (const outcome of statuses.outcomes) {
        if (values.json) writeJson(ctx.stdout, statusLine(outcome))
        else writeLine(outcome.outcome === 'done' ? ctx.stdout : ctx.stderr, humanStatusLine(outcome))
      }
      if (statuses.stoppedBy)
        writeLine(ctx.stderr, `error: ${describeError(statuses.stoppedBy)}; the rest stays queued`)
      if (!values.json && touched.length + repliesTouched.length + statuses.outcomes.length === 0)
        writeLine(ctx.stderr, 'nothing to send')
      // This run's posts and replies decide: one that failed in an earlier run is not listed here.
      const notDone =
        result.failed.length +
        result.attention.length +
        result.waiting.length +
        replies.failed.length +
        replies.attention.length +
        replies.waiting.length +
        statuses.outcomes.filter((s) => s.outcome !== 'done').length
      return notDone === 0 && !replies.stoppedBy && !statuses.stoppedBy ? 0 : 1
    } finally {
      stopListening()
      await uploads.close()
      await client.close()
      database.close()
    }
  },
}

/** The line `sync --json` prints for a reply to a comment or a chat. */
export function replyLine(r: QueuedReply): Record<string, unknown> {
  return {
    kind: 'reply',
    id: r.id,
    target: r.targetId,
    targetKind: r.targetKind,
    state: r.state,
    sent: r.result,
    ...(r.error ? { error: r.error } : {}),
  }
}

export function humanReplyLine(r: QueuedReply): string {
  const what = `reply ${r.id} to ${r.targetKind ?? 'item'} ${r.targetId}`
  if (r.state === 'sent') return `${what}: sent (${r.result.join(', ')})`
  if (r.state === 'sending') return `${what}: sent without an answer; looked for again at the next sync`
  return `${what}: ${r.state}${r.error ? `: ${r.error}` : ''}`
}
